/** Blob key rules shared by every store. Keys are built by the services from ids, so anything
 * outside these rules is a bug or an attack and is refused rather than cleaned up. */

export const MAX_KEY_LENGTH = 512;

const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
/** A segment may not start with '.', which rules out '.', '..' and the disk store's temp files. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class InvalidBlobKeyError extends Error {
  constructor(value: unknown, reason: string) {
    super(`Invalid blob key ${JSON.stringify(String(value)).slice(0, 80)}: ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}

function checkSegments(value: string, segments: string[]): void {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidBlobKeyError(value, 'empty');
  if (value.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(value, `longer than ${MAX_KEY_LENGTH}`);
  if (!KEY_CHARS.test(value)) throw new InvalidBlobKeyError(value, 'only A-Z a-z 0-9 . _ / - are allowed');
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new InvalidBlobKeyError(value, `bad path segment ${JSON.stringify(segment)}`);
  }
}

/** A key names one object: relative, '/'-separated, no empty, '.' or '..' segments. */
export function assertBlobKey(key: string): void {
  checkSegments(key, String(key).split('/'));
}

/** A prefix names a folder: a valid key followed by '/'. The empty prefix (everything) is allowed
 * only where `allowEmpty` says so, never for deletion. */
export function assertBlobPrefix(prefix: string, allowEmpty = false): void {
  if (allowEmpty && prefix === '') return;
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) throw new InvalidBlobKeyError(prefix, "a prefix ends in '/'");
  checkSegments(prefix, prefix.slice(0, -1).split('/'));
}
