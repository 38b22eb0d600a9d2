import * as v from 'valibot';
import type { Db } from '../db/database.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import type { UssdReply } from './menu-kit.ts';
import { findUssdSession, saveUssdSession } from './ussd-sessions-repository.ts';

/**
 * How long a session is remembered after its last request. Africa's Talking ends a session
 * after 180 seconds (and a screen left unanswered well before), so ten minutes covers any
 * session and a gateway's late retry of its last request; retention deletes older rows.
 */
export const USSD_SESSION_SECONDS = 10 * 60;

/** What a session remembers between its requests. */
export interface UssdSession {
  /** The account the session began with; null while the caller had none. */
  userId: number | null;
  /** The inputs answered last, and that answer. */
  inputs: readonly string[];
  reply: UssdReply;
  /** What each list screen showed, by the list's key (items as the screens need them). */
  lists: Readonly<Record<string, unknown>>;
}

/**
 * Sessions by the gateway's session id and the caller's number. Any gateway's adapter needs
 * this: Africa's Talking sends every input so far, and the engine keeps what the lists showed;
 * one that sends only the latest input (Hubtel) appends it to the stored `inputs`.
 */
export interface UssdSessionStore {
  find(sessionId: string, phoneNumber: string): Promise<UssdSession | undefined>;
  save(sessionId: string, phoneNumber: string, session: UssdSession): Promise<void>;
}

const InputsSchema = v.array(v.string());
const ListsSchema = v.record(v.string(), v.unknown());

/** Reads a stored JSON column; undefined for anything that is not what it should be. */
function fromJson<T>(schema: v.GenericSchema<unknown, T>, text: string): T | undefined {
  try {
    const parsed = v.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The sessions in the database's `ussd_sessions`. */
export function databaseSessionStore(db: Db, clock: Clock): UssdSessionStore {
  return {
    async find(sessionId, phoneNumber) {
      const since = addSeconds(clock(), -USSD_SESSION_SECONDS).toISOString();
      const row = await findUssdSession(db, sessionId, phoneNumber, since);
      if (!row) return undefined;
      const inputs = fromJson(InputsSchema, row.inputs);
      // A row this version cannot read is a session it has not seen.
      if (!inputs) return undefined;
      return {
        userId: row.user_id,
        inputs,
        reply: { end: row.ended_at !== null, text: row.reply },
        lists: fromJson(ListsSchema, row.lists) ?? {},
      };
    },

    async save(sessionId, phoneNumber, session) {
      const now = clock().toISOString();
      await saveUssdSession(db, {
        session_id: sessionId,
        phone_number: phoneNumber,
        user_id: session.userId,
        inputs: JSON.stringify(session.inputs),
        reply: session.reply.text,
        ended_at: session.reply.end ? now : null,
        lists: JSON.stringify(session.lists),
        created_at: now,
        updated_at: now,
      });
    },
  };
}
