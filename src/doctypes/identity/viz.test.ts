import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../../readers/types.js';
import { KNOWN_LABELS, labelSpecs } from './labels.js';
import { readLabelledValues } from './viz.js';

/** A line whose words share its box in proportion to their lengths (page fractions). */
function line(text: string, x0: number, y0: number, x1: number, y1: number): Line {
  const parts = text.split(' ');
  const total = parts.reduce((s, p) => s + p.length + 1, -1);
  let at = x0;
  const words = parts.map((p) => {
    const w = ((x1 - x0) * p.length) / total;
    const word = { text: p, box: [at, y0, at + w, y1] as [number, number, number, number], confidence: 0.9 };
    at += w + (x1 - x0) / total;
    return word;
  });
  return { text, box: [x0, y0, x1, y1], confidence: 0.9, words };
}

const page = (lines: Line[]): PageText => ({ page: 1, lines });
const SPECS = labelSpecs(['surname', 'given_names', 'date_of_birth', 'expiry_date', 'authority']);
const read = (p: PageText) => Object.fromEntries(readLabelledValues(p, SPECS, KNOWN_LABELS).map((v) => [v.key, v.text]));

describe('readLabelledValues: labels paired with values by the page arrangement', () => {
  it('label above its value, in two columns', () => {
    const p = page([
      line('Surname / Nom', 0.3, 0.1, 0.45, 0.12),
      line('OKAFOR', 0.3, 0.13, 0.4, 0.16),
      line('Date of birth / Date de naissance', 0.3, 0.2, 0.5, 0.22),
      line('Date of expiry', 0.6, 0.2, 0.7, 0.22),
      line('02 JAN 1995', 0.3, 0.23, 0.42, 0.26),
      line('27 FEB 2028', 0.6, 0.23, 0.72, 0.26),
    ]);
    expect(read(p)).toEqual({ surname: 'OKAFOR', date_of_birth: '02 JAN 1995', expiry_date: '27 FEB 2028' });
  });

  it('value above its label: the next field’s value is not taken', () => {
    const p = page([
      line('NORTHPORT', 0.3, 0.1, 0.42, 0.13),
      line('Place of birth', 0.3, 0.135, 0.42, 0.15),
      line('CITY OF ZENITH', 0.3, 0.2, 0.48, 0.23),
      line('Authority', 0.3, 0.235, 0.38, 0.25),
      line('OKAFOR', 0.3, 0.3, 0.4, 0.33),
      line('3. Surname', 0.3, 0.335, 0.4, 0.35),
    ]);
    expect(read(p)).toEqual({ authority: 'CITY OF ZENITH', surname: 'OKAFOR' });
  });

  it('label column on the left, values on the same row, read as one line or as two', () => {
    const p = page([
      line('Family name OKAFOR', 0.05, 0.1, 0.4, 0.13),
      line('Forenames', 0.05, 0.2, 0.15, 0.22),
      line('MATEO HENRIK', 0.25, 0.195, 0.42, 0.225),
      line('Citizenship', 0.05, 0.3, 0.15, 0.32),
      line('UTOPIA', 0.25, 0.295, 0.35, 0.325),
    ]);
    expect(read(p)).toEqual({ surname: 'OKAFOR', given_names: 'MATEO HENRIK' });
  });

  it('labels at the row’s right end, values at its left; a word set close before a label is part of it', () => {
    const p = page([
      line('OKAFOR', 0.3, 0.1, 0.4, 0.13),
      line('Surname', 0.8, 0.105, 0.88, 0.125),
      line('ANNA', 0.3, 0.2, 0.36, 0.23),
      line('Given names', 0.78, 0.205, 0.88, 0.225),
      line('MINISTRY OF INTERIOR', 0.3, 0.3, 0.55, 0.33),
      line('Passport issuing office', 0.74, 0.305, 0.88, 0.325),
    ]);
    expect(read(p)).toEqual({ surname: 'OKAFOR', given_names: 'ANNA', authority: 'MINISTRY OF INTERIOR' });
  });

  it('a label whose value was not read gets none, not a neighbour’s', () => {
    const p = page([
      line('Surname', 0.3, 0.1, 0.38, 0.12),
      line('OKAFOR', 0.3, 0.13, 0.4, 0.16),
      line('Date of birth', 0.3, 0.2, 0.4, 0.22),
      line('Date of expiry', 0.3, 0.3, 0.4, 0.32),
      line('27 FEB 2028', 0.3, 0.33, 0.42, 0.36),
    ]);
    expect(read(p)).toEqual({ surname: 'OKAFOR', expiry_date: '27 FEB 2028' });
  });

  it('after a colon, the value stops at the next column (an Arabic label)', () => {
    const row = line('AUTHORITY: PASSPORT OFFICE', 0.05, 0.1, 0.4, 0.13);
    row.words.push({ text: 'المهنة', box: [0.8, 0.1, 0.9, 0.13], confidence: 0.9 });
    const p = page([row]);
    expect(read(p)).toEqual({ authority: 'PASSPORT OFFICE' });
  });
});
