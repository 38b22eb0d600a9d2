import * as v from 'valibot';
import { objectSchema } from './common.schemas.ts';
import { isRealDate } from './dates.ts';
import { ENGAGEMENT_MESSAGES, MILESTONE_TITLE_MAX, MILESTONES_MAX } from './engagements.ts';
import { moneySchema } from './money.schemas.ts';
import { PRICE_FLOORS } from './money.ts';
import { hasVisibleCharacter, stripControls } from './text.ts';

/** One milestone of PUT /api/applications/:id/milestones; `amount` comes out in pesewas. */
export const MilestoneInputSchema = objectSchema({
  title: v.pipe(
    v.string(ENGAGEMENT_MESSAGES.milestoneTitle),
    v.transform(stripControls),
    v.trim(),
    v.check(hasVisibleCharacter, ENGAGEMENT_MESSAGES.milestoneTitle),
    v.maxLength(MILESTONE_TITLE_MAX, ENGAGEMENT_MESSAGES.milestoneTitleMax),
  ),
  amount: v.pipe(
    moneySchema(ENGAGEMENT_MESSAGES.milestoneAmount),
    v.minValue(PRICE_FLOORS.fixedPrice, ENGAGEMENT_MESSAGES.milestoneAmount),
  ),
  dueDate: v.nullish(
    v.pipe(
      v.string(ENGAGEMENT_MESSAGES.milestoneDueDate),
      v.check(isRealDate, ENGAGEMENT_MESSAGES.milestoneDueDate),
    ),
    null,
  ),
});

/**
 * PUT /api/applications/:id/milestones: 1 to MILESTONES_MAX stages. That they add up to the
 * job's price is the server's check (it knows the price), said with `milestonesTotal`.
 */
export const MilestonesSchema = objectSchema({
  milestones: v.pipe(
    v.array(MilestoneInputSchema, ENGAGEMENT_MESSAGES.milestonesCount),
    v.minLength(1, ENGAGEMENT_MESSAGES.milestonesCount),
    v.maxLength(MILESTONES_MAX, ENGAGEMENT_MESSAGES.milestonesCount),
  ),
});
export type MilestonesInput = v.InferOutput<typeof MilestonesSchema>;
