import * as v from 'valibot';
import { ROLES } from './auth.ts';
import { displayNameSchema, looseObjectSchema, objectSchema } from './common.schemas.ts';
import { RegionSchema } from './regions.schemas.ts';
import { impersonates, RESERVED_NAME_MESSAGES } from './reserved-names.ts';
import {
  CODE_MESSAGE,
  DELIVERY_METHODS,
  normalizeGhanaPhone,
  PHONE_MESSAGE,
  SIGNUP_PROFILE_FIELDS,
} from './sign-in.ts';

export const PhoneSchema = v.pipe(
  v.string(PHONE_MESSAGE),
  v.trim(),
  v.regex(/^\+233\d{9}$/, PHONE_MESSAGE),
);

export const CodeSchema = v.pipe(
  v.string(CODE_MESSAGE),
  v.trim(),
  v.regex(/^\d{6}$/, CODE_MESSAGE),
);

export const RoleSchema = v.picklist(ROLES, 'Please choose a role');

export const SendCodeSchema = objectSchema({
  phoneNumber: PhoneSchema,
  deliveryMethod: v.optional(v.picklist(DELIVERY_METHODS, 'Choose SMS or WhatsApp'), 'sms'),
});
export type SendCode = v.InferOutput<typeof SendCodeSchema>;

export const VerifyCodeSchema = objectSchema({
  phoneNumber: PhoneSchema,
  code: CodeSchema,
});
export type VerifyCode = v.InferOutput<typeof VerifyCodeSchema>;

const nameSchema = (message: string) =>
  displayNameSchema(message, 50, 'Must be at most 50 characters');

export const FirstNameSchema = nameSchema('First name is required');
export const LastNameSchema = nameSchema('Last name is required');

/**
 * First and last name together go out as one ("New booking request from Ghana Gigs Support"),
 * so together they may not pass for us or a network either; said on the last name.
 */
const wholeName = <T extends { firstName: string; lastName: string }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { firstName, lastName } = dataset.value;
    // Said once: a name refused alone is refused on its own field.
    if (impersonates(firstName) || impersonates(lastName)) return;
    if (!impersonates(`${firstName} ${lastName}`)) return;
    addIssue({
      message: RESERVED_NAME_MESSAGES.reserved,
      path: [
        { type: 'object', origin: 'value', input: dataset.value, key: 'lastName', value: lastName },
      ],
    });
  });

const signupProfileEntries = {
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  role: v.optional(RoleSchema, 'job_seeker'),
  region: v.pipe(v.string('Region is required'), v.nonEmpty('Region is required'), RegionSchema),
};

/** A person's first and last name, each and together, as sign-up takes them (the web and USSD). */
export const PersonNameSchema = v.pipe(
  objectSchema({ firstName: FirstNameSchema, lastName: LastNameSchema }),
  wholeName(),
);

export const SignupProfileSchema = v.pipe(objectSchema(signupProfileEntries), wholeName());
export type SignupProfile = v.InferOutput<typeof SignupProfileSchema>;

/** verify-code with the profile of a new user: the code is sent again with it. */
export const SignupSchema = v.pipe(
  objectSchema({
    ...VerifyCodeSchema.entries,
    ...signupProfileEntries,
  }),
  wholeName(),
);
export type Signup = v.InferOutput<typeof SignupSchema>;

/**
 * The body of POST /api/auth/verify-code: the phone and code, judged first, and with them, when
 * a new number signs up, the profile. Any profile field makes the call a sign-up, and then the
 * whole body is judged as one (SignupSchema).
 */
export const VerifyCodeRequestSchema = v.pipe(
  looseObjectSchema({
    ...VerifyCodeSchema.entries,
    ...Object.fromEntries(SIGNUP_PROFILE_FIELDS.map((field) => [field, v.optional(v.unknown())])),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const body = dataset.value;
    const { phoneNumber, code } = body;
    if (!SIGNUP_PROFILE_FIELDS.some((field) => body[field] !== undefined)) {
      return { phoneNumber, code, profile: undefined };
    }
    const signup = v.safeParse(SignupSchema, body);
    if (!signup.success) {
      for (const issue of signup.issues) addIssue({ message: issue.message, path: issue.path });
      return NEVER;
    }
    const { phoneNumber: _phone, code: _code, ...profile } = signup.output;
    return { phoneNumber, code, profile: profile as SignupProfile };
  }),
);
export type VerifyCodeRequest = v.InferOutput<typeof VerifyCodeRequestSchema>;

/**
 * The query of the dev outbox: the messages sent to one phone, or the latest of all. The phone
 * may be written as people write it: a link typed as `?to=+233241000001` arrives with a space
 * for its `+` (a `+` in a query means a space), and this route is for people at a keyboard.
 */
export const OutboxQuerySchema = objectSchema({
  to: v.optional(v.pipe(v.string(PHONE_MESSAGE), v.transform(normalizeGhanaPhone), PhoneSchema)),
});
