import { randomBytes } from 'node:crypto';
import { open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { urlsInUse } from './portfolio-repository.ts';

/**
 * Uploaded pictures are files named by 128 random bits in one directory beside the database,
 * served under /uploads/. A file is written (and flushed) before its row is inserted, so a row
 * never points at a missing file; a file whose row never came, or whose row was deleted before
 * the file was, is an orphan, and the sweep removes it once it is old enough that no upload can
 * still be on its way to insert the row.
 */
export const UPLOADS_URL = '/uploads';
const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;

/** How old a file without a row must be before the sweep removes it. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

export const isUploadName = (name: string) => UPLOAD_NAME.test(name);
export const uploadUrl = (name: string) => `${UPLOADS_URL}/${name}`;

/** The file behind a picture URL, or null for a picture that is not an upload (the demo ones). */
export function uploadNameOf(url: string): string | null {
  const name = url.startsWith(`${UPLOADS_URL}/`) ? url.slice(UPLOADS_URL.length + 1) : '';
  return isUploadName(name) ? name : null;
}

/** Writes a new picture under a fresh name and flushes it to disk; returns the name. */
export async function writePictureFile(dir: string, picture: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const file = await open(join(dir, name), 'wx');
  try {
    await file.writeFile(picture);
    await file.sync();
  } finally {
    await file.close();
  }
  // The new name must reach the disk too before a committed row may point at it.
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
  return name;
}

async function removePictureFile(dir: string, name: string): Promise<void> {
  await unlink(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Removes a file whose row is gone or never came; if that fails, the sweep tries again later. */
export async function discardPictureFile(dir: string, name: string): Promise<void> {
  await removePictureFile(dir, name).catch(() => undefined);
}

/** Removes picture files older than the grace period that no row points at; returns how many. */
export async function sweepOrphanPictures(db: Db, dir: string, now: Date): Promise<number> {
  const candidates: string[] = [];
  for (const name of await readdir(dir)) {
    if (!isUploadName(name)) continue;
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info && now.getTime() - info.mtimeMs > ORPHAN_GRACE_MS) candidates.push(name);
  }
  const used = await urlsInUse(db, candidates.map(uploadUrl));
  const orphans = candidates.filter((name) => !used.has(uploadUrl(name)));
  for (const name of orphans) await removePictureFile(dir, name);
  return orphans.length;
}
