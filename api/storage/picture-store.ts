/**
 * Where uploaded pictures are kept: a folder on this machine (disk-store.ts) or an S3-compatible
 * bucket (s3-store.ts). Names are chosen by the caller; the portfolio code never knows which.
 */
export interface PictureStore {
  /** Stores a new picture; once this resolves the bytes survive a crash or a restart. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the name. */
  get(name: string): Promise<Buffer | null>;
  /** Removes a picture; removing one that is not there is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored name with the time it was written, for the orphan sweep. */
  list(): AsyncIterable<StoredPicture>;
  /** Lets go of connections; the store is not used after. */
  close(): Promise<void>;
}

export interface StoredPicture {
  name: string;
  writtenAt: Date;
}

/**
 * The store could not do what was asked (the bucket refused our keys, did not answer, or
 * failed). Its code makes the error handler answer 503 with a retry hint, as for a full disk.
 */
export class PictureStoreFailure extends Error {
  readonly code = 'PICTURE_STORE_FAILED';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'PictureStoreFailure';
  }
}
