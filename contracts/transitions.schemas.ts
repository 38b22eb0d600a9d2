import * as v from 'valibot';
import { objectSchema } from './common.schemas.ts';
import { STATUS_CHANGE_MESSAGES } from './transitions.ts';

export const StatusChangeSchema = objectSchema({
  status: v.picklist(['accepted', 'rejected', 'completed'], STATUS_CHANGE_MESSAGES.status),
});
export type StatusChange = v.InferOutput<typeof StatusChangeSchema>;

export const JobActiveSchema = objectSchema({
  isActive: v.boolean('Choose open or closed'),
});
