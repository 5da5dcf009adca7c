/**
 * A submission's key (issue 63): a form carries one in a hidden field, new each time the form is
 * shown; an API client may send one as `Idempotency-Key`. The same key again gets the first
 * answer (app/services/submission-keys.server.ts). Shared by the pages and the server.
 */

/** The hidden field of a page's form. */
export const SUBMISSION_KEY_FIELD = "chave_de_envio";

/** What a key may be: a UUID, or any client's token of letters, digits and `-_.:`. */
export const SUBMISSION_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** A form's data without its key: what the form's schema reads. */
export function withoutSubmissionKey(form: FormData): FormData {
  if (!form.has(SUBMISSION_KEY_FIELD)) return form;
  const fields = new FormData();
  for (const [name, value] of form.entries()) if (name !== SUBMISSION_KEY_FIELD) fields.append(name, value);
  return fields;
}
