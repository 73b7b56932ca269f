import { createHash } from 'node:crypto';

/** The real MRZ images split once, by a hash of their path, into a tuning half (whose misses may
 * be looked at while working on the readers) and a held-out half (only counted, never inspected):
 * a figure on the held-out half says how the readers do on photos they were not tuned to.
 * images-extra/ is all tuning: most of it is specimens of the same few sources. */

export type MrzSplit = 'tune' | 'held-out';

export function mrzSplitOf(file: string): MrzSplit {
  if (!file.startsWith('images/')) return 'tune';
  return createHash('sha256').update(file).digest()[0]! % 2 === 1 ? 'held-out' : 'tune';
}
