import * as v from 'valibot';
import { notReservedName, objectSchema } from './common.schemas.ts';
import { BUSINESS_NAME_MAX, EMPLOYER_MESSAGES } from './employers.ts';
import { findFeeRequest } from './fee-requests.ts';
import { cleanName, hasLetterOrDigit } from './text.ts';

/** PUT /api/employers/me: the business name shown instead of one's own; empty or null clears it. */
export const UpdateEmployerSchema = objectSchema({
  businessName: v.nullish(
    v.pipe(
      v.string(EMPLOYER_MESSAGES.businessName),
      v.transform(cleanName),
      v.check((name) => name === '' || hasLetterOrDigit(name), EMPLOYER_MESSAGES.businessName),
      v.maxLength(BUSINESS_NAME_MAX, EMPLOYER_MESSAGES.businessNameMax),
      notReservedName,
      v.check((name) => findFeeRequest(name) === null, EMPLOYER_MESSAGES.businessNameFee),
      v.transform((name) => (name === '' ? null : name)),
    ),
    null,
  ),
});
export type UpdateEmployerInput = v.InferInput<typeof UpdateEmployerSchema>;
export type UpdateEmployer = v.InferOutput<typeof UpdateEmployerSchema>;
