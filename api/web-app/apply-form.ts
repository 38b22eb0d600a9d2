import type { FastifyInstance } from 'fastify';
import { CreateApplicationSchema } from '../../contracts/applications.schemas.ts';
import { APPLICATION_MESSAGES, COVER_LETTER_MAX } from '../../contracts/applications.ts';
import type { ApplyFormState } from '../../contracts/first-screen.ts';
import { validate } from '../../contracts/validate.ts';
import type { Actor } from '../auth/actor.ts';
import { Conflict, DomainError } from '../lib/domain-errors.ts';

/**
 * A job page's Apply form as a plain HTML form (ADR 031), for a phone whose script has not
 * arrived or is blocked: `POST /jobs/:id?apply=1` is checked by the same schema and goes to the
 * same applications service as `POST /api/applications` (same messages, same rules and caps).
 */

/**
 * The letter at its longest, form-encoded: a character of Twi, Ewe or Ga (ɛ, ɔ, ŋ) is two bytes
 * of UTF-8, six characters once escaped (%C9%9B); some are three bytes, nine. Anything larger is
 * refused before it is read.
 */
export const APPLY_FORM_BODY_LIMIT = COVER_LETTER_MAX * 9 + 1024;

/** What a posted Apply form leads to. */
export type ApplyOutcome = { kind: 'applied' } | { kind: 'form'; form: ApplyFormState };

/** Applies as the form asked and says what comes next. */
export async function applyStep(
  app: FastifyInstance,
  actor: Actor,
  jobId: number,
  body: Record<string, unknown>,
): Promise<ApplyOutcome> {
  const posted = body.coverLetter;
  // Kept as typed for the form drawn again, at most as long as the service would take.
  const coverLetter = typeof posted === 'string' ? posted.slice(0, COVER_LETTER_MAX + 1) : '';
  const refused = (error: string): ApplyOutcome => ({
    kind: 'form',
    form: { jobId, coverLetter, error },
  });
  const checked = validate(CreateApplicationSchema, { jobId, coverLetter: posted });
  if (!checked.ok) {
    return refused(checked.errors.coverLetter ?? Object.values(checked.errors)[0] ?? '');
  }
  try {
    await app.services.applications.apply(actor, checked.value);
    return { kind: 'applied' };
  } catch (error) {
    // The form posted again (a second tap, the browser's resend after a lost answer): the
    // application it made stands, and the job page says so.
    if (error instanceof Conflict && error.message === APPLICATION_MESSAGES.duplicate) {
      return { kind: 'applied' };
    }
    if (error instanceof DomainError) return refused(error.message);
    throw error;
  }
}
