import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * Live conversations (issue 20): a message written through any app server reaches the open
 * pages of both its parties on every server. The database carries it: a NOTIFY sent in the
 * transaction that stores the message (delivered when it commits, never for a message rolled
 * back), heard by each server's one LISTEN and handed to the streams open there. `partes`: the
 * adopter and every member of the team at that moment.
 */
export const CONVERSATION_CHANNEL = "adopet_conversas";

/**
 * What a stream is told: a new message in a conversation, or another change to it (a party
 * shares their WhatsApp). Never the text (it is read with the session).
 */
export type ConversationEvent =
  | { tipo: "mensagem"; conversa_id: string; mensagem_id: string; partes: string[] }
  | { tipo: "conversa"; conversa_id: string; partes: string[] };

/** Announces a change, in the transaction that makes it. */
export async function announce(tx: Db, event: ConversationEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${CONVERSATION_CHANNEL}, ${JSON.stringify(event)})`);
}

/** An announcement, or null: announcements may have been lost (the database connection came back), read again. */
type Listener = (event: ConversationEvent | null) => void;

/** This server's open streams, by person; `dispatch` hands each announcement to its parties'. */
export class ConversationHub {
  private readonly byPerson = new Map<string, Set<Listener>>();

  /** `heartbeatMs`: how often each stream beats and checks its session again (LIVE_HEARTBEAT_MS). */
  constructor(readonly heartbeatMs = 25_000) {}

  /** A person's streams open on this server. */
  streamsOf(userId: string): number {
    return this.byPerson.get(userId)?.size ?? 0;
  }

  /** Adds a stream; the result removes it (again: nothing). */
  subscribe(userId: string, listener: Listener): () => void {
    let listeners = this.byPerson.get(userId);
    if (!listeners) this.byPerson.set(userId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      const current = this.byPerson.get(userId);
      if (!current?.delete(listener)) return;
      if (current.size === 0) this.byPerson.delete(userId);
    };
  }

  /** An announcement as NOTIFY carries it; anything unreadable is dropped. */
  dispatch = (payload: string): void => {
    let event: ConversationEvent;
    try {
      event = JSON.parse(payload) as ConversationEvent;
    } catch {
      return;
    }
    if (!Array.isArray(event.partes)) return;
    for (const userId of event.partes) {
      for (const listener of this.byPerson.get(userId) ?? []) listener(event);
    }
  };

  /** Every stream of this server is told to read again. */
  resync = (): void => {
    for (const listeners of this.byPerson.values()) for (const listener of listeners) listener(null);
  };

  /** Streams open on this server (for the benchmark and the logs). */
  get size(): number {
    let total = 0;
    for (const listeners of this.byPerson.values()) total += listeners.size;
    return total;
  }
}
