import * as v from 'valibot';
import { RegionSchema } from './regions.ts';

export const ROLES = ['job_seeker', 'employer', 'artist'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  job_seeker: 'Job Seeker',
  employer: 'Employer',
  artist: 'Artist/Performer',
};

export const DELIVERY_METHODS = ['sms', 'whatsapp'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const CODE_LENGTH = 6;
export const PHONE_PREFIX = '+233';
export const PHONE_MESSAGE = 'Phone number must be in format +233XXXXXXXXX';
export const CODE_MESSAGE = 'Code must be 6 digits';

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

export const SendCodeSchema = v.object({
  phoneNumber: PhoneSchema,
  deliveryMethod: v.optional(v.picklist(DELIVERY_METHODS, 'Choose SMS or WhatsApp'), 'sms'),
});
export type SendCode = v.InferOutput<typeof SendCodeSchema>;

export const VerifyCodeSchema = v.object({
  phoneNumber: PhoneSchema,
  code: CodeSchema,
});
export type VerifyCode = v.InferOutput<typeof VerifyCodeSchema>;

const nameSchema = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(50, 'Must be at most 50 characters'),
  );

export const SignupProfileSchema = v.object({
  firstName: nameSchema('First name is required'),
  lastName: nameSchema('Last name is required'),
  role: v.optional(RoleSchema, 'job_seeker'),
  region: v.pipe(v.string('Region is required'), v.nonEmpty('Region is required'), RegionSchema),
});
export type SignupProfile = v.InferOutput<typeof SignupProfileSchema>;

/** verify-code with the profile of a new user: the code is sent again with it. */
export const SignupSchema = v.object({
  ...VerifyCodeSchema.entries,
  ...SignupProfileSchema.entries,
});
export type Signup = v.InferOutput<typeof SignupSchema>;

/** The fields whose presence turns a verify-code call into a sign-up. */
export const SIGNUP_PROFILE_FIELDS = ['firstName', 'lastName', 'role', 'region'] as const;

export interface User {
  id: number;
  phoneNumber: string;
  role: Role | null;
  firstName: string;
  lastName: string;
  region: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  claims: { sub: string };
  createdAt: string;
}

export type VerifyCodeResult = { isNewUser: true } | { isNewUser: false; user: User };

/** Signed in, holding a role, and verified: what /post-job and the dashboards require. */
export function isFullyActive(user: User | null | undefined): boolean {
  return Boolean(user?.role && user.phoneVerified);
}

/** The posting link is offered to users verified by email or phone (spec section 6). */
export function canOfferPosting(user: User | null | undefined): boolean {
  return Boolean(user?.role && (user.emailVerified || user.phoneVerified));
}
