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

  it('a reader’s "words" read from the photo beside a value are not part of it', () => {
    const row = line('ANNA', 0.278, 0.451, 0.335, 0.469);
    row.words.unshift({ text: 'y', box: [0.035, 0.402, 0.099, 0.505], confidence: 0.38 }, { text: 'NN', box: [0.174, 0.402, 0.239, 0.505], confidence: 0.4 });
    const p = page([
      row,
      line('Forenames', 0.897, 0.458, 0.952, 0.469),
      line('MARTENS', 0.279, 0.408, 0.373, 0.426),
      line('Family name', 0.888, 0.414, 0.952, 0.429),
    ]);
    expect(read(p)).toEqual({ surname: 'MARTENS', given_names: 'ANNA' });
  });

  it('a visa’s short labels ("On", "Du") stand alone, wherever the reader puts them in the line', () => {
    const specs = labelSpecs(['date_of_issue', 'valid_from', 'surname']);
    const issued = line('14 NOV /NOV 2024', 0.28, 0.36, 0.46, 0.38);
    issued.words.push({ text: 'on', box: [0.938, 0.366, 0.952, 0.378], confidence: 0.9 });
    issued.text += ' on';
    const p = page([issued, line('DU TOIT', 0.28, 0.4, 0.4, 0.42), line('Surname', 0.9, 0.405, 0.95, 0.415)]);
    expect(readLabelledValues(p, specs, KNOWN_LABELS).map((v) => [v.key, v.text])).toEqual([
      ['date_of_issue', '14 NOV /NOV 2024'],
      ['surname', 'DU TOIT'],
    ]);
  });

  it('a label read without its spaces is still the label, and a value drops the marks a reader saw beside it', () => {
    const row = line('Birthdate', 0.041, 0.344, 0.129, 0.367);
    row.words.push(
      { text: '~~', box: [0.15, 0.326, 0.163, 0.385], confidence: 0.35 },
      { text: '17/04/1968', box: [0.171, 0.331, 0.353, 0.37], confidence: 0.88 },
    );
    expect(read(page([row]))).toEqual({ date_of_birth: '17/04/1968' });
  });

  it('labels at the right end with Arabic labels beside them, read as Latin garbage: the dates and numbers settle the arrangement', () => {
    const specs = labelSpecs(['id_number', 'qid_date_of_birth', 'qid_expiry_date', 'nationality', 'occupation', 'name_en']);
    const rows: Array<[string, string, string]> = [
      ['25658663182', 'ID No.', 'aww'],
      ['20 AUG 1956', 'Born', 'ayy'],
      ['26 JAN 2027', 'Expiry', 'oye'],
      ['PAKISTAN', 'Nationality', 'ty'],
      ['DRIVER', 'Occupation', 'aigall'],
      ['MOHAMMED NASSER', 'Name', 'owl'],
    ];
    const p = page(
      rows.flatMap(([value, label, garbage], i) => {
        const y = 0.2 + i * 0.1;
        return [
          line(value, 0.3, y, 0.3 + value.length * 0.012, y + 0.03),
          line(label, 0.8 - label.length * 0.008, y + 0.005, 0.8, y + 0.025),
          line(garbage, 0.82, y + 0.005, 0.86, y + 0.025),
        ];
      }),
    );
    expect(Object.fromEntries(readLabelledValues(p, specs, KNOWN_LABELS).map((v) => [v.key, v.text]))).toEqual({
      id_number: '25658663182',
      date_of_birth: '20 AUG 1956',
      expiry_date: '26 JAN 2027',
      nationality: 'PAKISTAN',
      occupation: 'DRIVER',
      name_en: 'MOHAMMED NASSER',
    });
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
