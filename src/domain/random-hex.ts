import { randomFillSync } from 'node:crypto';

/** Random hex for identifiers, drawn from a pool the CSPRNG refills 4 KB at a time: a call to the
 * CSPRNG per identifier cost more than the rest of making one, and an upload makes half a dozen
 * (as node's randomUUID pools its entropy). Secrets (keys, tokens) draw their own bytes. */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}
