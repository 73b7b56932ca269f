import { describe, expect, it } from 'vitest';
import { backoffMs, jitteredBackoffMs } from './backoff.js';
import { median } from './median.js';

describe('median', () => {
  it('is the upper middle value, 0 for nothing', () => {
    expect(median([])).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, jitter between half and full', () => {
    expect([0, 1, 2, 3].map((n) => backoffMs(n, 100, 500))).toEqual([100, 200, 400, 500]);
    expect(backoffMs(10, 100)).toBe(102_400);
    expect(jitteredBackoffMs(2, 100, 1000, () => 0)).toBe(200);
    expect(jitteredBackoffMs(2, 100, 1000, () => 1)).toBe(400);
  });
});
