import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertBlobKey, assertBlobPrefix } from './keys.js';
import type { BlobStore } from './types.js';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Set for S3-compatible servers (MinIO, Ceph, R2, s3rver); unset means AWS. */
  endpoint?: string;
  region: string;
  /** Unset means the SDK's default chain (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Folder inside the bucket that holds every key; '' for the bucket root. */
  prefix: string;
}

/** Bounds every call so a hung endpoint cannot stall an upload or a worker forever. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** ListObjectsV2 and DeleteObjects both stop at 1,000 keys per call. */
const PAGE_SIZE = 1000;

/** Blobs in an S3 bucket. A resolved `put` means S3 acknowledged the object, which it stores
 * durably before answering. The payload hash is signed with the request, so bytes corrupted on
 * the way are refused by the server. */
export function createS3BlobStore(opts: S3BlobStoreOptions): BlobStore {
  const root = normalisePrefix(opts.prefix);
  const client = new S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
    // The SDK's default flexible checksums (CRC32 headers, aws-chunked bodies for streams) are
    // not understood by many S3-compatible servers; s3rver stores aws-chunked framing as data.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = opts.bucket;

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: root + prefix, MaxKeys: PAGE_SIZE, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  return {
    kind: 's3',

    async put(key, data) {
      assertBlobKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: root + key,
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },

    async get(key) {
      assertBlobKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: root + key }));
        if (!res.Body) return Buffer.alloc(0);
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      assertBlobKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: root + key }));
        return true;
      } catch (err) {
        if (isMissingKey(err)) return false;
        throw err;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: root + key }));
    },

    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      let removed = 0;
      let previousFirst: string | undefined;
      // Deleting while paging would shift the listing under the continuation token, so each
      // round lists the first page afresh and deletes it, until the prefix is empty.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: root + prefix, MaxKeys: PAGE_SIZE }));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length === 0) return removed;
        // A server that acknowledges deletes without performing them would otherwise loop forever.
        if (keys[0]?.Key === previousFirst) throw new Error(`S3 did not delete ${previousFirst} under ${prefix}`);
        previousFirst = keys[0]?.Key;
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = res.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(`S3 refused to delete ${failed.length} keys under ${prefix}: ${first?.Code} ${first?.Message}`);
        }
        removed += keys.length;
      }
    },

    async list(prefix) {
      assertBlobPrefix(prefix, true);
      return (await keysUnder(prefix)).map((key) => key.slice(root.length)).sort();
    },

    async close() {
      client.destroy();
    },
  };
}

/** '' stays ''; otherwise one trailing '/', checked like any other prefix. */
function normalisePrefix(prefix: string): string {
  if (prefix === '') return '';
  const withSlash = prefix.replace(/^\/+/, '').replace(/\/*$/, '/');
  assertBlobPrefix(withSlash);
  return withSlash;
}

/** Only a missing object counts; a missing bucket (NoSuchBucket, also a 404) is a real error. */
function isMissingKey(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}
