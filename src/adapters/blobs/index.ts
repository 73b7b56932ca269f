import type { Config } from '../../config/env.js';
import { createDiskBlobStore } from './disk.js';
import { createS3BlobStore } from './s3.js';
import type { BlobStore } from './types.js';

export { InvalidBlobKeyError, assertBlobKey, assertBlobPrefix } from './keys.js';
export type { BlobStore } from './types.js';

/** The blob store the configuration names: local disk by default, S3 when a bucket is set. */
export function createBlobStore(blobs: Config['blobs']): BlobStore {
  switch (blobs.kind) {
    case 'disk':
      return createDiskBlobStore(blobs.root);
    case 's3':
      return createS3BlobStore(blobs);
  }
}
