import * as v from 'valibot';
import { CODE_MESSAGE, DELIVERY_METHODS, PHONE_MESSAGE, ROLES } from './auth.ts';
import { displayNameSchema, objectSchema } from './common.schemas.ts';
import { RegionSchema } from './regions.schemas.ts';

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

export const SignupProfileSchema = objectSchema({
  firstName: nameSchema('First name is required'),
  lastName: nameSchema('Last name is required'),
  role: v.optional(RoleSchema, 'job_seeker'),
  region: v.pipe(v.string('Region is required'), v.nonEmpty('Region is required'), RegionSchema),
});
export type SignupProfile = v.InferOutput<typeof SignupProfileSchema>;

/** verify-code with the profile of a new user: the code is sent again with it. */
export const SignupSchema = objectSchema({
  ...VerifyCodeSchema.entries,
  ...SignupProfileSchema.entries,
});
export type Signup = v.InferOutput<typeof SignupSchema>;
