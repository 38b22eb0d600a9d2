import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { PictureStore } from '../storage/picture-store.ts';
import { urlsInUse } from './portfolio-repository.ts';

/**
 * Uploaded pictures are named by 128 random bits, kept in the picture store (a folder beside the
 * database, or a bucket) and served under /uploads/. A picture is stored (durably) before its row
 * is inserted, so a row never points at a missing picture; a picture whose row never came, or
 * whose row was deleted before the picture was, is an orphan, and the sweep removes it once it is
 * old enough that no upload can still be on its way to insert the row.
 */
export const UPLOADS_URL = '/uploads';
const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;

/** How old a picture without a row must be before the sweep removes it. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

export const isUploadName = (name: string) => UPLOAD_NAME.test(name);
export const uploadUrl = (name: string) => `${UPLOADS_URL}/${name}`;

/** The stored picture behind a URL, or null for a picture that is not an upload (the demo ones). */
export function uploadNameOf(url: string): string | null {
  const name = url.startsWith(`${UPLOADS_URL}/`) ? url.slice(UPLOADS_URL.length + 1) : '';
  return isUploadName(name) ? name : null;
}

/** Stores a new picture under a fresh name; returns the name. */
export async function storeNewPicture(store: PictureStore, picture: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await store.put(name, picture);
  return name;
}

/** Removes a picture whose row is gone or never came; if that fails, the sweep tries again later. */
export async function discardPicture(store: PictureStore, name: string): Promise<void> {
  await store.remove(name).catch(() => undefined);
}

/** Removes pictures older than the grace period that no row points at; returns how many. */
export async function sweepOrphanPictures(db: Db, store: PictureStore, now: Date): Promise<number> {
  const candidates: string[] = [];
  for await (const { name, writtenAt } of store.list()) {
    if (isUploadName(name) && now.getTime() - writtenAt.getTime() > ORPHAN_GRACE_MS) {
      candidates.push(name);
    }
  }
  const used = await urlsInUse(db, candidates.map(uploadUrl));
  const orphans = candidates.filter((name) => !used.has(uploadUrl(name)));
  for (const name of orphans) await store.remove(name);
  return orphans.length;
}
