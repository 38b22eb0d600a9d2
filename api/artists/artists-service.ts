import type { ArtistProfile } from '../../contracts/artists.schemas.ts';
import {
  ARTIST_MESSAGES,
  type Artist,
  type ArtistDetail,
  type AvailabilityEntry,
  type MyArtist,
} from '../../contracts/artists.ts';
import { DATE_WINDOWS, isDayInWindow } from '../../contracts/dates.ts';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { type Actor, NOBODY, type Viewer } from '../auth/actor.ts';
import { USAGE_CAPS } from '../lib/caps.ts';
import { Forbidden, InvalidInput, LimitReached, NotFound } from '../lib/domain-errors.ts';
import type { WriteServiceDeps } from '../lib/idempotent-write.ts';
import type { CountWith, PageRequest } from '../lib/keyset-page.ts';
import { mustMeetPriceFloors } from '../lib/price-floors.ts';
import { PICTURE_UPLOAD_RATE, takeAction } from '../lib/user-rates.ts';
import type { PictureStore } from '../storage/picture-store.ts';
import { paidGigs } from '../trust/reports-service.ts';
import {
  type ArtistListFilter,
  cancelledByArtist,
  findArtist,
  findArtistModeration,
  findMyArtist,
  listArtists,
  listAvailability,
  listBookedDays,
  replaceAvailability,
  updateArtistProfile,
} from './artists-repository.ts';
import { addPortfolioPicture, removePortfolioPicture } from './portfolio-pictures.ts';

const ARTIST_NOT_FOUND = 'Artist not found';

export type ArtistsService = ReturnType<typeof createArtistsService>;

/** An artist's profile by id (bookings and reviews); the shape of the artist list's page key. */
export { ARTIST_PAGE_KEY, findArtist } from './artists-repository.ts';

/** An upload of one portfolio picture, admitted before the picture arrived. */
export interface PictureUpload {
  /** Adds the picture; answers the profile and the new picture's URL. */
  add(picture: Buffer): Promise<{ artist: MyArtist; url: string }>;
  /** Ends the upload's turn (the artist may start another); safe to call more than once. */
  end(): void;
}

const UPLOAD_UNDER_WAY = 'Your last picture is still uploading. Please wait for it to finish.';
/** How long an artist whose upload is under way is asked to wait: a decode takes a second or so. */
const UPLOAD_UNDER_WAY_RETRY_SECONDS = 5;

/** Artists as clients find them, and an artist's own profile, dates and pictures. */
export function createArtistsService({
  db,
  clock,
  pictures,
  userWriteCaps,
}: WriteServiceDeps & {
  /** Where portfolio pictures are kept. */
  pictures: PictureStore;
}) {
  const today = () => clock().toISOString().slice(0, 10);

  /** A profile that is not shown, for its owner and operators; NotFound for anyone else. */
  async function hiddenArtist(id: number, viewer: Viewer): Promise<Artist> {
    const state = await findArtistModeration(db, id);
    if (!state) throw new NotFound(ARTIST_NOT_FOUND);
    const who = viewer();
    if (who && (who.id === state.userId || who.isAdmin)) {
      const artist = await findMyArtist(db, state.userId);
      if (artist) {
        const { portfolio: _portfolio, ...profile } = artist;
        return profile;
      }
    }
    if (state.moderation === 'under_review') {
      throw new NotFound(MODERATION_MESSAGES.underReview.artist);
    }
    throw new NotFound(ARTIST_NOT_FOUND);
  }
  /** Uploads under way in this process, by artist. */
  const uploading = new Map<number, number>();

  /** The actor's own artist profile; someone without one may not use the artist's screens. */
  async function ownProfile(actor: Actor): Promise<MyArtist> {
    const artist = await findMyArtist(db, actor.id);
    if (!artist) throw new Forbidden('Only artists have an artist profile');
    return artist;
  }
  /** The artist as it is now, after a change. */
  const reread = async (artist: MyArtist): Promise<MyArtist> =>
    (await findMyArtist(db, artist.userId)) ?? artist;

  const pictureUpload = (artist: MyArtist, end: () => void): PictureUpload => ({
    async add(picture) {
      const added = await addPortfolioPicture({ db, pictures }, artist.id, picture);
      return { artist: await reread(artist), url: added.url };
    },
    end,
  });

  return {
    /** Artists by rating, a page at a time, filtered and searched. */
    list: (filter: ArtistListFilter, page: PageRequest, countWith?: CountWith) =>
      listArtists(db, filter, page, countWith),

    /**
     * An artist's profile as `viewer` may see it, with their "Paid through Ghana Gigs" count. A
     * profile that is not shown (hidden by reports, removed, its owner suspended) is seen only by
     * its owner and operators; anyone else is told one hidden by reports is under review.
     */
    async find(id: number, viewer: Viewer = NOBODY): Promise<ArtistDetail> {
      const shown = await findArtist(db, id);
      const artist = shown ?? (await hiddenArtist(id, viewer));
      return {
        ...artist,
        paidGigs: await paidGigs(db, artist.userId),
        cancelledByArtist: await cancelledByArtist(db, artist.id),
      };
    },

    /** An artist's dates from today on: past ones are of no use to a client planning an event. */
    async availability(id: number): Promise<AvailabilityEntry[]> {
      if (!(await findArtist(db, id))) throw new NotFound(ARTIST_NOT_FOUND);
      return listAvailability(db, id, today());
    },

    /**
     * The days from today on when the artist already has an accepted booking: shown as taken on
     * their profile and warned of in the booking dialog (a request for one is refused).
     */
    async bookedDays(id: number): Promise<string[]> {
      if (!(await findArtist(db, id))) throw new NotFound(ARTIST_NOT_FOUND);
      return listBookedDays(db, id, today());
    },

    ownProfile,

    /** The artist's profile as they edit it; a rate below its floor is refused (422). */
    async updateProfile(actor: Actor, profile: ArtistProfile): Promise<MyArtist> {
      const artist = await ownProfile(actor);
      mustMeetPriceFloors({ hourlyRate: profile.hourlyRate, eventRate: profile.eventRate });
      await updateArtistProfile(db, artist.id, profile);
      return reread(artist);
    },

    /**
     * Replaces the artist's dates from today on with `entries`, each from today to two years
     * ahead; past dates are history and stay as they are.
     */
    async setAvailability(
      actor: Actor,
      entries: readonly AvailabilityEntry[],
    ): Promise<AvailabilityEntry[]> {
      const artist = await ownProfile(actor);
      const from = today();
      if (entries.some((entry) => entry.date < from)) {
        throw new InvalidInput(ARTIST_MESSAGES.availabilityDate, {
          entries: ARTIST_MESSAGES.availabilityDate,
        });
      }
      if (entries.some((entry) => !isDayInWindow(entry.date, from, DATE_WINDOWS.availability))) {
        throw new InvalidInput(ARTIST_MESSAGES.availabilityWindow, {
          entries: ARTIST_MESSAGES.availabilityWindow,
        });
      }
      await replaceAvailability(db, artist.id, entries, from);
      return listAvailability(db, artist.id, from);
    },

    /**
     * Starts an upload of a portfolio picture, before the picture itself has arrived: only for
     * an artist, and within USAGE_CAPS.pictureUploads, so a refusal costs no more than its
     * headers. The artist's upload rate counts the upload now, whatever becomes of the picture
     * (a picture refused after decoding cost the decode). The upload must be ended once its
     * answer is sent, whatever happened, and takes one picture: checked by its content,
     * re-encoded, at most PORTFOLIO_LIMITS.maxImages in the portfolio.
     */
    async startUpload(actor: Actor): Promise<PictureUpload> {
      const artist = await ownProfile(actor);
      if (!userWriteCaps) return pictureUpload(artist, () => undefined);
      const under = uploading.get(artist.id) ?? 0;
      if (under >= USAGE_CAPS.pictureUploads.atOncePerArtist) {
        throw new LimitReached(UPLOAD_UNDER_WAY, UPLOAD_UNDER_WAY_RETRY_SECONDS);
      }
      uploading.set(artist.id, under + 1);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const left = (uploading.get(artist.id) ?? 1) - 1;
        if (left > 0) uploading.set(artist.id, left);
        else uploading.delete(artist.id);
      };
      try {
        await db
          .transaction()
          .execute((trx) => takeAction(trx, actor.id, PICTURE_UPLOAD_RATE, clock()));
      } catch (error) {
        end();
        throw error;
      }
      return pictureUpload(artist, end);
    },

    /** Removes one of the artist's own pictures by its id. */
    async removePicture(actor: Actor, pictureId: number): Promise<MyArtist> {
      const artist = await ownProfile(actor);
      await removePortfolioPicture({ db, pictures }, artist.id, pictureId);
      return reread(artist);
    },
  };
}
