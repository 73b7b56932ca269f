import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.js';

describe('sha256Hex', () => {
  it('gives the same digest as node:crypto below and above the thread-pool size, and for a view into a larger buffer', async () => {
    for (const size of [0, 1, 64 * 1024 - 1, 64 * 1024, 200_000]) {
      const bytes = randomBytes(size);
      expect(await sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    const whole = randomBytes(300_000);
    const view = whole.subarray(1000, 250_000);
    expect(await sha256Hex(view)).toBe(createHash('sha256').update(view).digest('hex'));
  });
});
