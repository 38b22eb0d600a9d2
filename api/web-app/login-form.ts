import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CodeSchema,
  SendCodeSchema,
  SignupProfileSchema,
  VerifyCodeRequestSchema,
} from '../../contracts/auth.schemas.ts';
import type { LoginFormState } from '../../contracts/first-screen.ts';
import { isLanguage, LANGUAGE_COOKIE } from '../../contracts/languages.ts';
import { DEFAULT_REGION } from '../../contracts/regions.ts';
import { normalizeGhanaPhone, PHONE_PREFIX } from '../../contracts/sign-in.ts';
import { validate } from '../../contracts/validate.ts';
import { startSessionCookie } from '../auth/routes.ts';
import { DomainError } from '../lib/domain-errors.ts';

/**
 * The sign-in screen's three steps as plain HTML forms (ADR 031), for a phone whose script has
 * not arrived or is blocked: each posts here, is checked by the same schemas and the same
 * service as `POST /api/auth/send-code` and `/verify-code` (same messages, same limits, same
 * session cookie), and gets the next step back drawn, or, signed in, the home screen.
 */

/** A form post is a few fields; anything larger is refused before it is read. */
export const LOGIN_FORM_BODY_LIMIT = 4096;

/** The step a form post leads to. */
export type LoginStepOutcome =
  | { kind: 'form'; form: LoginFormState }
  | { kind: 'signed in'; created: boolean };

/** The first step, empty: what GET /login draws. */
export function emptyLoginForm(): LoginFormState {
  return {
    step: 'phone',
    phoneNumber: PHONE_PREFIX,
    deliveryMethod: 'sms',
    code: '',
    firstName: '',
    lastName: '',
    role: 'job_seeker',
    region: DEFAULT_REGION,
    sentAt: 0,
    errors: {},
    refusal: null,
    notice: null,
  };
}

const field = (body: Record<string, unknown>, name: string, maxLength = 200): string => {
  const value = body[name];
  return typeof value === 'string' ? value.slice(0, maxLength) : '';
};

/**
 * Whether a form post comes from this site: Sec-Fetch-Site, else Origin, as the API's
 * same-origin guard judges writes (a client that sends neither is no browser, and carries no
 * victim's cookie). A form on another site cannot sign a visitor in to its own account here.
 */
export function isSameOriginPost(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const host = request.headers.host;
  return Boolean(host) && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Runs the step a form posted and says what comes next. */
export async function loginStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  cookieSecure: boolean,
  body: Record<string, unknown>,
): Promise<LoginStepOutcome> {
  const { auth } = app.services;
  const form: LoginFormState = {
    ...emptyLoginForm(),
    phoneNumber: field(body, 'phoneNumber', 40) || PHONE_PREFIX,
    deliveryMethod: field(body, 'deliveryMethod') === 'whatsapp' ? 'whatsapp' : 'sms',
    code: field(body, 'code', 20),
    firstName: field(body, 'firstName'),
    lastName: field(body, 'lastName'),
    role: field(body, 'role', 40) || 'job_seeker',
    region: field(body, 'region', 80) || DEFAULT_REGION,
  };
  const step = field(body, 'step', 20);
  const refused = (title: string, error: DomainError, at: LoginFormState['step']) => ({
    kind: 'form' as const,
    form: {
      ...form,
      step: at,
      errors: error.fieldErrors ?? {},
      refusal: { title, message: error.message },
    },
  });

  if (field(body, 'back') || !['phone', 'code', 'profile'].includes(step)) {
    return { kind: 'form', form: { ...form, step: 'phone', code: '' } };
  }

  if (step === 'phone') {
    form.phoneNumber = normalizeGhanaPhone(form.phoneNumber);
    const checked = validate(SendCodeSchema, {
      phoneNumber: form.phoneNumber,
      deliveryMethod: form.deliveryMethod,
    });
    if (!checked.ok) return { kind: 'form', form: { ...form, errors: checked.errors } };
    try {
      const chosen = request.cookies[LANGUAGE_COOKIE];
      await auth.sendCode({
        ...checked.value,
        clientAddress: request.ip,
        requestLanguage: isLanguage(chosen) ? chosen : null,
      });
    } catch (error) {
      if (error instanceof DomainError) return refused('Failed to Send Code', error, 'phone');
      throw error;
    }
    return {
      kind: 'form',
      form: {
        ...form,
        step: 'code',
        code: '',
        sentAt: Date.now(),
        notice: {
          title: 'Code Sent!',
          message: 'Check your SMS/WhatsApp for the verification code.',
        },
      },
    };
  }

  if (step === 'code') {
    const checked = validate(CodeSchema, form.code);
    if (!checked.ok) {
      return {
        kind: 'form',
        form: { ...form, step: 'code', errors: { code: Object.values(checked.errors)[0] ?? '' } },
      };
    }
    try {
      const outcome = await auth.verifyCode({
        phoneNumber: form.phoneNumber.trim(),
        code: checked.value,
        clientAddress: request.ip,
      });
      if (outcome.kind === 'new number') {
        return {
          kind: 'form',
          form: {
            ...form,
            step: 'profile',
            notice: {
              title: 'Phone Verified!',
              message: 'Please complete your profile to continue.',
            },
          },
        };
      }
      await startSessionCookie({ auth, cookieSecure }, request, reply, outcome.actor.id);
      return { kind: 'signed in', created: false };
    } catch (error) {
      if (error instanceof DomainError) return refused('Verification Failed', error, 'code');
      throw error;
    }
  }

  // The profile: checked as the app checks it, then signed up as the API does.
  const profile = validate(SignupProfileSchema, {
    firstName: form.firstName,
    lastName: form.lastName,
    role: form.role,
    region: form.region,
  });
  if (!profile.ok)
    return { kind: 'form', form: { ...form, step: 'profile', errors: profile.errors } };
  const request_ = validate(VerifyCodeRequestSchema, {
    phoneNumber: form.phoneNumber.trim(),
    code: form.code,
    ...profile.value,
  });
  if (!request_.ok) {
    // The hidden fields were changed: start again from the number.
    return { kind: 'form', form: { ...form, step: 'phone', code: '', errors: request_.errors } };
  }
  try {
    const outcome = await auth.verifyCode({ ...request_.value, clientAddress: request.ip });
    if (outcome.kind === 'new number') {
      return { kind: 'form', form: { ...form, step: 'profile' } };
    }
    await startSessionCookie({ auth, cookieSecure }, request, reply, outcome.actor.id);
    return { kind: 'signed in', created: outcome.created };
  } catch (error) {
    if (error instanceof DomainError) return refused('Signup Failed', error, 'profile');
    throw error;
  }
}
