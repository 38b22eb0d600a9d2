import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type PictureStore, PictureStoreFailure, type StoredPicture } from './picture-store.ts';

export interface ObjectStorageSettings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, Spaces ...); null for Amazon S3 itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Name the bucket in the path (endpoint/bucket/key) rather than the host name. */
  forcePathStyle: boolean;
}

/** Pictures are kept under this prefix, so a bucket may hold other things beside them. */
const KEY_PREFIX = 'uploads/';

/**
 * A bucket that has not answered by then is treated as down: an upload holds one of the few
 * places for pictures in flight, and a page's pictures should fail fast rather than hang.
 */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** Pictures as objects in an S3-compatible bucket, shared by every instance of the server. */
export function s3PictureStore(settings: ObjectStorageSettings): PictureStore {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // Checksums only where the operation requires them: many S3-compatible stores refuse the
    // CRC headers and trailers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const failure = (doing: string, error: unknown) =>
    new PictureStoreFailure(`The picture store (bucket ${bucket}) failed to ${doing}`, {
      cause: error,
    });

  return {
    async put(name, bytes) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: KEY_PREFIX + name,
            Body: bytes,
            ContentType: 'image/webp',
          }),
        );
      } catch (error) {
        throw failure('store a picture', error);
      }
    },

    async get(name) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: KEY_PREFIX + name }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw failure('read a picture', error);
      }
    },

    async remove(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: KEY_PREFIX + name }));
      } catch (error) {
        throw failure('remove a picture', error);
      }
    },

    async *list(): AsyncIterable<StoredPicture> {
      let token: string | undefined;
      do {
        let page: ListObjectsV2CommandOutput;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: KEY_PREFIX,
              ContinuationToken: token,
            }),
          );
        } catch (error) {
          throw failure('list the pictures', error);
        }
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          yield { name: object.Key.slice(KEY_PREFIX.length), writtenAt: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async close() {
      client.destroy();
    },
  };
}
