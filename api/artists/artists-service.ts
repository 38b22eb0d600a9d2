import type { ArtistProfile } from '../../contracts/artists.schemas.ts';
import {
  ARTIST_MESSAGES,
  type Artist,
  type AvailabilityEntry,
  type MyArtist,
} from '../../contracts/artists.ts';
import { DATE_WINDOWS, isDayInWindow } from '../../contracts/dates.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { Forbidden, InvalidInput, NotFound } from '../lib/domain-errors.ts';
import { type CountWith, countNow, type ListPage, type PageRequest } from '../lib/keyset-page.ts';
import {
  type ArtistListFilter,
  findArtist,
  findMyArtist,
  listArtists,
  listAvailability,
  replaceAvailability,
  updateArtistProfile,
} from './artists-repository.ts';
import { addPortfolioPicture, removePortfolioPicture } from './portfolio-pictures.ts';

const ARTIST_NOT_FOUND = 'Artist not found';

export type ArtistsService = ReturnType<typeof createArtistsService>;

/** Artists as clients find them, and an artist's own profile, dates and pictures. */
export function createArtistsService({
  db,
  clock,
  uploadsDir,
}: {
  db: Db;
  clock: Clock;
  /** Where portfolio picture files are kept. */
  uploadsDir: string;
}) {
  const today = () => clock().toISOString().slice(0, 10);

  /** The actor's own artist profile; someone without one may not use the artist's screens. */
  async function ownProfile(actor: Actor): Promise<MyArtist> {
    const artist = await findMyArtist(db, actor.id);
    if (!artist) throw new Forbidden('Only artists have an artist profile');
    return artist;
  }
  /** The artist as it is now, after a change. */
  const reread = async (artist: MyArtist): Promise<MyArtist> =>
    (await findMyArtist(db, artist.userId)) ?? artist;

  return {
    /** Artists by rating, a page at a time, filtered and searched. */
    list(
      filter: ArtistListFilter,
      page: PageRequest,
      countWith: CountWith = countNow,
    ): Promise<ListPage<Artist>> {
      return listArtists(db, filter, page, countWith);
    },

    async find(id: number): Promise<Artist> {
      const artist = await findArtist(db, id);
      if (!artist) throw new NotFound(ARTIST_NOT_FOUND);
      return artist;
    },

    /** An artist's dates from today on: past ones are of no use to a client planning an event. */
    async availability(id: number): Promise<AvailabilityEntry[]> {
      if (!(await findArtist(db, id))) throw new NotFound(ARTIST_NOT_FOUND);
      return listAvailability(db, id, today());
    },

    ownProfile,

    async updateProfile(actor: Actor, profile: ArtistProfile): Promise<MyArtist> {
      const artist = await ownProfile(actor);
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
     * Adds an uploaded picture to the artist's portfolio (checked by its content, re-encoded,
     * at most PORTFOLIO_LIMITS.maxImages). Returns the profile and the new picture's URL.
     */
    async addPicture(actor: Actor, upload: Buffer): Promise<{ artist: MyArtist; url: string }> {
      const artist = await ownProfile(actor);
      const added = await addPortfolioPicture({ db, uploadsDir }, artist.id, upload);
      return { artist: await reread(artist), url: added.url };
    },

    /** Removes one of the artist's own pictures by its id. */
    async removePicture(actor: Actor, pictureId: number): Promise<MyArtist> {
      const artist = await ownProfile(actor);
      await removePortfolioPicture({ db, uploadsDir }, artist.id, pictureId);
      return reread(artist);
    },
  };
}
