import * as v from 'valibot';
import { STATUS_CHANGE_MESSAGES } from './transitions.ts';

export const StatusChangeSchema = v.object({
  status: v.picklist(['accepted', 'rejected', 'completed'], STATUS_CHANGE_MESSAGES.status),
});
export type StatusChange = v.InferOutput<typeof StatusChangeSchema>;

export const JobActiveSchema = v.object({
  isActive: v.boolean('Choose open or closed'),
});
