import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithLabel, loadMrzVectors } from '../bench/eval/mrz.js';
import { parseMrz } from '../src/doctypes/mrz/parse.js';

// the labelled vectors live beside the project (../shared/data), never in it
const dataDir = join(import.meta.dirname, '..', '..', 'shared', 'data');
const present = existsSync(join(dataDir, 'mrz', 'vectors.json'));

describe.skipIf(!present)('labelled MRZ text vectors', () => {
  const vectors = present ? loadMrzVectors(dataDir).filter((v) => v.well_formed) : [];

  it('there are vectors of every format', () => {
    expect(new Set(vectors.map((v) => v.format)).size).toBeGreaterThanOrEqual(5);
  });

  it.each(vectors.map((v) => [v.id, v] as const))('%s: parse and validation agree with the label', (_id, v) => {
    // labels describe the characters as read, so compare with repair off
    const c = compareWithLabel(v, parseMrz(v.lines, { repair: false, now: new Date('2026-01-01T00:00:00Z') }));
    expect(c.formatAgrees).toBe(true);
    expect(c.validAgrees).toBe(true);
    expect(Object.entries(c.fields).filter(([, ok]) => !ok)).toEqual([]);
    expect(Object.entries(c.checks).filter(([, ok]) => !ok)).toEqual([]);
    expect(Object.keys(c.fields).length).toBeGreaterThan(5);
  });

  it('with repair on, a vector is valid only if every applied repair was confirmed or outside the checks', () => {
    for (const v of vectors) {
      const r = parseMrz(v.lines, { now: new Date('2026-01-01T00:00:00Z') });
      for (const rep of r.repairs) {
        if (rep.reason === 'character_class' && ['document_number', 'date_of_birth', 'expiry_date', 'composite'].includes(rep.field)) {
          expect(rep.confirmedBy, `${v.id} ${rep.field}`).toBe('check_digit');
        }
      }
    }
  });
});
