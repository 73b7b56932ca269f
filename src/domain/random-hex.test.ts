import { describe, expect, it } from 'vitest';
import { randomHex } from './random-hex.js';

describe('random hex from the pool', () => {
  it('gives hex of the asked length, never the same twice across refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const h = randomHex(16);
      expect(h).toMatch(/^[0-9a-f]{32}$/);
      seen.add(h);
    }
    expect(seen.size).toBe(2000);
    expect(randomHex(12)).toHaveLength(24);
    expect(() => randomHex(5000)).toThrow(RangeError);
  });
});
