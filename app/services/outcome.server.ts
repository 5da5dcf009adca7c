import { isStorageFull } from "~/db/errors.server";

/**
 * How every service reports what went wrong, in one vocabulary that knows no HTTP status
 * and no wording (docs/decisions/0014-one-error-vocabulary.md). The pages and the API each
 * turn a Failure into their answer in one place: app/web/forms.server.ts and
 * app/web/api.server.ts, with the Portuguese texts of app/web/failures.server.ts.
 *
 * A `field` names the service's input the failure is about (`email`, `photo`, `fotos`);
 * an adapter may call it by the name its form or JSON body uses (`foto__upload`).
 */

/** What a failure may be about. */
export type Subject =
  | "pet"
  | "user"
  | "message"
  | "alert"
  | "application"
  | "report"
  | "conversation"
  | "block"
  | "termo"
  | "checkin"
  | "story"
  | "organization"
  /** A member of an organisation. */
  | "member"
  | "invitation"
  /** An animal's transfer to another organisation. */
  | "transfer"
  /** A person's offer of a foster home (issue 44). */
  | "foster-offer"
  /** A foster home of an organisation: an offer's holder or a member (issue 44). */
  | "foster"
  /** An animal's current stay in a foster home. */
  | "placement"
  /** News of an animal from its foster home. */
  | "news"
  /** An entry of an animal's health record (issue 45). */
  | "health-entry"
  /** A padrinho's monthly gift (issue 46). */
  | "sponsorship"
  /** Where an organisation receives gifts by Pix (issue 46): none set, or an animal not open to gifts. */
  | "pix"
  /** A gift or an expense in an organisation's accounts, or a line of its imported statements. */
  | "donation"
  | "expense"
  | "statement-line"
  /** An organisation's accounts, not open to the public. */
  | "transparency"
  /** A lost or found animal's report (issue 47). */
  | "lost-found-report"
  /** An emergency of lost and found animals (issue 47). */
  | "emergency"
  /** An item of an organisation's Lixeira (issue 63), or one expired. */
  | "trash-item"
  /** A donor with no gift in the year asked (issue 63). */
  | "donor";

/** Why an input was refused, by a service (the schemas refuse the rest before). */
export type InvalidReason =
  | "unknown-email"
  | "wrong-password"
  /** No available pet with that name. */
  | "no-match"
  /** Not an image, or a broken one. */
  | "not-an-image"
  /** An image of a format not accepted here. */
  | "image-format"
  /** More pixels than any camera makes. */
  | "image-too-large"
  /** A vaccine not on the pet's species' list. */
  | "vaccine-species"
  /** An age past the most its unit allows (a change of the number alone, kept with the stored unit). */
  | "age-max"
  /** A castration scheduled without its date. */
  | "castration-date"
  /** No Brazilian city (IBGE) by that name, in that state. */
  | "unknown-city"
  | "foster-search-city"
  /** A name several states' cities have, typed without the state. */
  | "ambiguous-city"
  /** A link to set a new password that expired, was used, or never existed. */
  | "reset-token"
  /** A link to confirm an e-mail that was cut short, or never made here. */
  | "confirmation-token"
  /** An alert's unsubscribe link that was cut short, or never made here. */
  | "unsubscribe-token"
  /** A link to stop a sponsorship that was cut short, never made here, or of one no longer kept. */
  | "sponsorship-token"
  /** An ONG without its CNPJ, or without its public name. */
  | "cnpj-required"
  | "public-name-required"
  /** The public name of a verified ONG, for another account (issue 41). */
  | "verified-name"
  /** Sharing one's WhatsApp needs a phone in one's profile. */
  | "phone-required"
  /** A termo for an animal not castrated needs a deadline, within two years. */
  | "castration-deadline"
  /** A person in several organisations says in which one an animal is published (issue 43). */
  | "organization-required"
  /** An invitation's link that is no invitation's, or one answered or expired. */
  | "invitation-token"
  /** Work is assigned to a member who takes care of the organisation's animals (issue 43). */
  | "assignee"
  /** An animal is transferred to another organisation than its own. */
  | "transfer-same-organization"
  /** A day that has passed, where one to come is asked for (until when a home is offered). */
  | "past-date"
  /** A placement in a foster home starts today or before (it is recorded when the animal arrives). */
  | "placement-start"
  /** A placement's expected end is not before its start. */
  | "placement-end"
  /** A visit at the foster home of an animal in none. */
  | "visit-no-foster"
  /** A day to come, where what happened is recorded (a vaccine given, an exam made). */
  | "future-date"
  /** A health entry's kind is not changed: it is deleted and made anew. */
  | "health-kind-fixed"
  /** An attached paper (a health entry's, an expense's receipt) that is no PDF, JPEG or PNG by its content. */
  | "document-file"
  /** A `txid` no code of the organisation has. */
  | "unknown-txid"
  /** A bank statement that is none of the formats read (OFX, Nubank's or Inter's CSV). */
  | "statement-format"
  | "statement-empty"
  | "statement-too-long"
  /** A statement's line whose day or amount cannot be read: `item` is its line. */
  | "statement-line"
  /** A point on the map far from the city the report names (issue 47). */
  | "point-outside-city"
  /** An animal a shelter registers in an emergency found outside its area. */
  | "outside-emergency"
  /** A shelter's animals and their photos, one each. */
  | "one-photo-each"
  /** One entry for several animals: from 1 to 30 of the organisation's, still with it (issue 62). */
  | "animals-choice"
  /** A CSV asked for in a form none is written in (`?formato=`, issue 63). */
  | "csv-format";

/** A rule about who may do what. */
export type ForbiddenRule =
  | "pet-caretaker-only"
  | "own-profile-only"
  | "own-data-only"
  /** Nobody applies to adopt their own animal. */
  | "not-own-pet"
  /** Moves and notes only the caretaker makes. */
  | "application-caretaker-only"
  /** Withdrawing is the adopter's. */
  | "application-adopter-only"
  /** An operator suspended the account (issue 22): it cannot sign in. */
  | "account-suspended"
  /** Nobody writes to themselves about their own animal. */
  | "own-pet-message"
  /** The recipient blocked the sender (issue 20). */
  | "blocked-by-recipient"
  /** The sender blocked the recipient: unblocking comes first. */
  | "blocked-by-you"
  /** Issuing and countersigning a termo are the caretaker's. */
  | "termo-caretaker-only"
  /** The adopter says the animal was castrated. */
  | "castration-adopter-only"
  /** The adopter tells the story (finais felizes); the caretaker approves it. */
  | "story-adopter-only"
  | "story-caretaker-only"
  /** Publishing animals and claiming a CNPJ wait for the account's e-mail to be confirmed (issue 41). */
  | "email-unconfirmed"
  /** Members, invitations and settings are an organisation's administrators' (issue 43). */
  | "organization-admin-only"
  | "emergency-verified-only"
  | "new-administrator"
  /** The member's role does not reach this (a foster home reads no applications). */
  | "organization-role"
  /** An invitation is accepted by the account of the e-mail it was sent to. */
  | "invitation-other-account"
  /** A conversation is assigned by the team that answers it (issue 43). */
  | "conversation-team-only"
  /** A foster or an adopter changes the health entries they wrote; the team changes any. */
  | "health-entry-own-only"
  /** Health reminders after adoption are the adopter's to turn off. */
  | "health-reminders-adopter-only"
  /** The national register's data is for the animal's tutor: its organisation, or its adopter. */
  | "health-register-tutor-only"
  /** A lost or found animal's report is changed by its author only (issue 47). */
  | "report-author-only"
  /** Nobody writes to themselves about their own report. */
  | "own-report-message"
  /** An emergency's animals are registered by the team of the organisation whose shelter took them in. */
  | "emergency-shelter-only";

type ConflictReason =
  | "email-taken"
  /** A sponsorship already ended is not moved to another organisation. */
  | "sponsorship-ended"
  | "several-pets"
  | "too-many-alerts"
  /** An emergency whose days are over takes no more animals. */
  | "emergency-ended"
  /** An open application for this pet exists: `id` is it. */
  | "application-open"
  /** Not a move allowed from the application's current status. */
  | "application-move"
  /** Another application was approved for this pet. */
  | "pet-reserved"
  /** Another account is this ONG. */
  | "cnpj-taken"
  /** A moderation action on a listing or an account already in the state it asks for. */
  | "moderation-state"
  /** A listing of a suspended account is restored with the account. */
  | "owner-suspended"
  /** An operator does not suspend their own account. */
  | "own-account"
  /** A termo is issued on an approved application only. */
  | "application-not-approved"
  /** The application has its termo already. */
  | "termo-exists"
  /** The termo does not wait for this party's signature (signed already, or waits for the other). */
  | "termo-state"
  /** The text changed since the signer read it. */
  | "termo-changed"
  /** A check-in is answered once. */
  | "checkin-answered"
  /** The castration was marked done already (or the animal was castrated). */
  | "castration-done"
  /** A return is recorded on an adoption concluded (the termo signed by both). */
  | "not-adopted"
  /** No story waits for approval (none, or decided already). */
  | "story-not-pending"
  /** The adopter changed the story since the caretaker read it. */
  | "story-changed"
  /** The return was recorded already. */
  | "adoption-returned"
  /** An animal adopted through a termo is published again after its return is recorded. */
  | "adoption-not-returned"
  /** The person invited is a member already. */
  | "already-member"
  /** An organisation keeps at least one administrador. */
  | "last-administrator"
  /** The animal has a transfer waiting for an answer already. */
  | "transfer-pending"
  /** The transfer was answered (or cancelled) already, or the animal moved meanwhile. */
  | "transfer-closed"
  /** The animal is in a foster home already (`id` is the placement): end it first. */
  | "pet-placed"
  /** A visit is arranged on an application at the `visita` step (or moving to it). */
  | "visit-step"
  /** A foster home is an organisation's member: the person accepts the team's invitation first. */
  | "foster-not-member"
  /** Only an animal available for adoption goes to a foster home. */
  | "foster-pet-unavailable"
  /** The animal is not looking for a foster home (now). */
  | "foster-not-needed"
  /** The news was published or declined already. */
  | "news-decided"
  /** An animal's health record holds as many entries as it may. */
  | "health-record-full"
  /** The person sponsors this animal already (issue 46). */
  | "already-sponsor"
  /** A padrinho's month confirmed already: by another gift, or by a statement. */
  | "charge-confirmed"
  /** A statement's line made a gift or ignored already. */
  | "line-decided"
  /** A record of the Lixeira back already (issue 63). */
  | "already-restored"
  /** A health entry of the Lixeira whose animal is no longer on Adopet. */
  | "trash-pet-gone";

type NotFound = { kind: "not-found"; subject: Subject };
type Forbidden = { kind: "forbidden"; rule: ForbiddenRule };
export type Conflict = { kind: "conflict"; reason: ConflictReason; field?: string; id?: string };
/** The rate limits (their policies are in rate-limits.server.ts); a refusal names which one. */
export type LimitName =
  | "login-account"
  | "login-client"
  | "login-known"
  | "password-check"
  | "signup-client"
  | "publish-account"
  | "upload-account"
  | "favorite-account"
  | "alert-account"
  | "organization-account"
  | "invitation-account"
  | "pix-account"
  | "sponsorship-account"
  | "ledger-account"
  | "statement-lines-organization"
  | "lost-found-account"
  | "lost-found-shelter"
  | "lost-found-search-client"
  | "transfer-account"
  | "foster-account"
  | "foster-search-account"
  | "news-account"
  | "health-account"
  | "application-account"
  | "conversation-account"
  | "reset-client"
  | "reset-account"
  | "reset-use-client"
  | "confirmation-account"
  | "report-client"
  | "message-client"
  | "message-recipient";
export type RateLimited = { kind: "rate-limited"; limit: LimitName; retryAfterSeconds: number };
/** `item` is the position (from 0) of the refused one among several files. */
export type Invalid = { kind: "invalid"; field: string; reason: InvalidReason; item?: number };
/** Nothing was written: the storage is full. */
export type StorageFull = { kind: "storage-full" };
/** It existed, and is no longer available. */
export type Gone = {
  kind: "gone";
  subject: "pet" | "checkin" | "lost-found-report";
  field?: string;
  /** `reserved`: a pet promised to an approved application; `returned`: a check-in of an animal returned. */
  reason?: "reserved" | "returned";
};

export type Failure = NotFound | Forbidden | Conflict | RateLimited | Invalid | StorageFull | Gone;

export type Result<T = void, F extends Failure = Failure> = { ok: true; value: T } | { ok: false; failure: F };

export function ok(): Result<void, never>;
export function ok<T>(value: T): Result<T, never>;
export function ok<T>(value?: T): Result<T | undefined, never> {
  return { ok: true, value };
}

export function fail<F extends Failure>(failure: F): { ok: false; failure: F } {
  return { ok: false, failure };
}

export const notFound = (subject: Subject) => fail({ kind: "not-found", subject });
export const forbidden = (rule: ForbiddenRule) => fail({ kind: "forbidden", rule });
export const invalid = (field: string, reason: InvalidReason, item?: number) =>
  fail({ kind: "invalid", field, reason, ...(item === undefined ? {} : { item }) });

/**
 * Runs a write whose failure for lack of space is an expected outcome (uploads are the
 * largest writes): the storage-full failure, with nothing written (the transaction rolled
 * back); any other error is thrown on.
 */
export async function unlessStorageFull<T, F extends Failure>(
  write: () => Promise<Result<T, F>>,
): Promise<Result<T, F | StorageFull>> {
  try {
    return await write();
  } catch (error) {
    if (isStorageFull(error)) return fail({ kind: "storage-full" });
    throw error;
  }
}
