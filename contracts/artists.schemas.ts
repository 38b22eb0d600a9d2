import * as v from 'valibot';
import { ARTIST_MESSAGES, AVAILABILITY_MAX, PERFORMANCE_TYPES } from './artists.ts';
import { displayNameSchema, IdSchema, optionalFilter } from './common.schemas.ts';
import { isRealDate } from './dates.ts';
import { moneySchema } from './money.schemas.ts';
import { pagingEntries } from './paging.schemas.ts';
import { REGIONS } from './regions.ts';

export const ArtistListQuerySchema = v.object({
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
export const ArtistProfileSchema = v.object({
  stageName: displayNameSchema(
    ARTIST_MESSAGES.stageName,
    60,
    'Stage name must be at most 60 characters',
  ),
  bio: v.nullish(
    v.pipe(
      v.string('Bio must be text'),
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
});
export type ArtistProfileInput = v.InferInput<typeof ArtistProfileSchema>;
export type ArtistProfile = v.InferOutput<typeof ArtistProfileSchema>;

export const AvailabilitySchema = v.object({
  entries: v.pipe(
    v.array(
      v.object({
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
                v.string(),
                v.regex(
                  /^([01]\d|2[0-3]):[0-5]\d - ([01]\d|2[0-3]):[0-5]\d$/,
                  ARTIST_MESSAGES.timeSlot,
                ),
              ),
            ),
          ),
          null,
        ),
      }),
    ),
    v.maxLength(AVAILABILITY_MAX, `At most ${AVAILABILITY_MAX} dates`),
  ),
});
export type AvailabilityInput = v.InferInput<typeof AvailabilitySchema>;

/** DELETE /api/artists/me/portfolio/:pictureId: a picture is removed by its id. */
export const PictureParamsSchema = v.object({ pictureId: IdSchema });
