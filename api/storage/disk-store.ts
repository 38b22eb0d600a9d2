import { mkdirSync } from 'node:fs';
import { open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { PictureStore, StoredPicture } from './picture-store.ts';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Pictures as files in one folder on this machine: the default, with nothing to set up. */
export function diskPictureStore(dir: string): PictureStore {
  mkdirSync(dir, { recursive: true });
  return {
    async put(name, bytes) {
      // 'wx': a name is never written twice.
      const file = await open(join(dir, name), 'wx');
      try {
        await file.writeFile(bytes);
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
    },

    async get(name) {
      return readFile(join(dir, name)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
    },

    async remove(name) {
      await unlink(join(dir, name)).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },

    async *list(): AsyncIterable<StoredPicture> {
      for (const name of await readdir(dir)) {
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile()) yield { name, writtenAt: info.mtime };
      }
    },

    async close() {},
  };
}
