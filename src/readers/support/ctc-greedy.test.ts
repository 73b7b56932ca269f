import { describe, expect, it } from 'vitest';
import { greedyCtc } from './ctc-greedy.js';

describe('greedyCtc', () => {
  it('keeps the best class per step, collapses repeats, drops blanks and splits repeats a blank separates', () => {
    // columns: blank, A, B
    const steps = [
      [0.1, 0.8, 0.1], // A
      [0.1, 0.7, 0.2], // A again: collapsed
      [0.9, 0.05, 0.05], // blank
      [0.2, 0.6, 0.2], // A after a blank: kept
      [0.1, 0.1, 0.8], // B
      [0.4, 0.4, 0.2], // tie: the blank
    ];
    const read = greedyCtc(Float32Array.from(steps.flat()), steps.length, 3);
    expect(read.map((r) => r.cls)).toEqual([0, 0, 1]);
    expect(read.map((r) => r.p)).toEqual([Math.fround(0.8), Math.fround(0.6), Math.fround(0.8)]);
  });
});
