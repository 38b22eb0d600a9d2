import * as v from 'valibot';
import { ARTIST_MESSAGES, AVAILABILITY_MAX, PERFORMANCE_TYPES } from './artists.ts';
import { displayNameSchema, IdSchema, objectSchema, optionalFilter } from './common.schemas.ts';
import { isRealDate } from './dates.ts';
import { CANCELLATION_POLICIES, ENGAGEMENT_MESSAGES } from './engagements.ts';
import { moneySchema } from './money.schemas.ts';
import { pagingEntries } from './paging.schemas.ts';
import { REGIONS } from './regions.ts';
import { cleanText } from './text.ts';

export const ArtistListQuerySchema = objectSchema({
  performanceType: optionalFilter(PERFORMANCE_TYPES, 'Please select a performance type'),
  region: optionalFilter(REGIONS, 'Please select a region'),
  ...pagingEntries,
});
export type ArtistListQuery = v.InferOutput<typeof ArtistListQuerySchema>;

const rateField = v.nullish(
  v.pipe(
    moneySchema(ARTIST_MESSAGES.rate),
    v.check((pesewas) => pesewas > 0, ARTIST_MESSAGES.rate),
  ),
  null,
);

/** PUT /api/artists/me: what an artist edits on the profile clients book from. */
export const ArtistProfileSchema = objectSchema({
  stageName: displayNameSchema(
    ARTIST_MESSAGES.stageName,
    60,
    'Stage name must be at most 60 characters',
  ),
  bio: v.nullish(
    v.pipe(
      v.string('Bio must be text'),
      v.transform(cleanText),
      v.trim(),
      v.maxLength(1000, 'Bio must be at most 1000 characters'),
      v.transform((bio) => (bio === '' ? null : bio)),
    ),
    null,
  ),
  performanceTypes: v.pipe(
    v.array(
      v.picklist(PERFORMANCE_TYPES, ARTIST_MESSAGES.performanceTypes),
      ARTIST_MESSAGES.performanceTypes,
    ),
    v.minLength(1, ARTIST_MESSAGES.performanceTypes),
    v.transform((types) => [...new Set(types)]),
  ),
  region: v.picklist(REGIONS, 'Please select a region'),
  hourlyRate: rateField,
  eventRate: rateField,
  /** Left out: unchanged (an artist who never chose is on `moderate`). */
  cancellationPolicy: v.optional(
    v.picklist(CANCELLATION_POLICIES, ENGAGEMENT_MESSAGES.cancellationPolicy),
  ),
});
export type ArtistProfileInput = v.InferInput<typeof ArtistProfileSchema>;
export type ArtistProfile = v.InferOutput<typeof ArtistProfileSchema>;

/** "18:00 - 23:00" as its start and end, in minutes after midnight; undefined if malformed. */
function slotMinutes(slot: string): [number, number] | undefined {
  const match = TIME_SLOT.exec(slot);
  if (!match) return undefined;
  const [startHour, startMinute, endHour, endMinute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return [startHour * 60 + startMinute, endHour * 60 + endMinute];
}
const TIME_SLOT = /^([01]\d|2[0-3]):([0-5]\d) - ([01]\d|2[0-3]):([0-5]\d)$/;

/** The first date listed twice, if any. */
const repeatedDate = (entries: readonly { date: string }[]) =>
  entries.find((entry, index) => entries.findIndex((other) => other.date === entry.date) < index)
    ?.date;

export const AvailabilitySchema = objectSchema({
  entries: v.pipe(
    v.array(
      objectSchema({
        date: v.pipe(
          v.string(ARTIST_MESSAGES.availabilityDate),
          v.check(isRealDate, ARTIST_MESSAGES.availabilityDate),
        ),
        timeSlot: v.nullish(
          v.pipe(
            v.string(ARTIST_MESSAGES.timeSlot),
            v.trim(),
            v.transform((slot) => (slot === '' ? null : slot)),
            v.nullable(
              v.pipe(
                v.string(ARTIST_MESSAGES.timeSlot),
                v.check((slot) => slotMinutes(slot) !== undefined, ARTIST_MESSAGES.timeSlot),
                v.check((slot) => {
                  const [start = 0, end = 0] = slotMinutes(slot) ?? [];
                  return end > start;
                }, ARTIST_MESSAGES.timeSlotOrder),
              ),
            ),
          ),
          null,
        ),
      }),
      ARTIST_MESSAGES.availabilityList,
    ),
    v.maxLength(AVAILABILITY_MAX, `At most ${AVAILABILITY_MAX} dates`),
    v.check(
      (entries) => repeatedDate(entries) === undefined,
      (issue) => ARTIST_MESSAGES.repeatedDate(repeatedDate(issue.input) ?? ''),
    ),
  ),
});
export type AvailabilityInput = v.InferInput<typeof AvailabilitySchema>;

/** DELETE /api/artists/me/portfolio/:pictureId: a picture is removed by its id. */
export const PictureParamsSchema = objectSchema({ pictureId: IdSchema });
