import { describe, expect, it } from 'vitest';
import type { Box, Line, ReaderOutput } from '../readers/types.js';
import { cvDoctype } from './cv.js';

const detect = (lines: string[]) => cvDoctype.detect({ kind: 'jpeg', lines, text: lines.join('\n').toUpperCase() });

describe('CV detection', () => {
  it('counts capital headings OCR joined to the other column’s text on one row', () => {
    // Tesseract's rows of a photographed two-column CV: the sidebar's headings lead rows of the main column.
    const lines = [
      'Tomas Profile',
      'CONTACT Work Experience',
      'tomas.moreau@example.net Senior Data Engineer',
      'SKiLLS * Reduced onboarding time from 10 to 4 days',
      '* Terraform',
      'LANGUAGES Feb 2021 - Apr 2022',
      'Education',
    ];
    expect(detect(lines).score).toBeGreaterThanOrEqual(0.5);
  });

  it('counts a heading of the main column that follows a sidebar heading on one row', () => {
    const found = detect(['Leila Profile', 'CONTACT Work Experience', 'LANGUAGES Education']);
    expect(found.reason).toBe('CV sections: experience, languages, education');
    expect(found.score).toBeGreaterThanOrEqual(0.5);
  });

  it('does not take a sentence that starts with a heading word for a heading', () => {
    const lines = ['Education allowance paid in March', 'Skills development fund', 'Total 120.00', 'info@example.com'];
    expect(detect(lines).score).toBeLessThan(0.5);
  });
});

/** An OCR line from words at given left and right edges, on one row. */
function ocr(words: Array<[string, number, number]>, y: number, h = 0.01): Line {
  const ws = words.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + h] as Box, confidence: 0.9 }));
  return { text: ws.map((w) => w.text).join(' '), box: [ws[0]!.box[0], y, ws[ws.length - 1]!.box[2], y + h], confidence: 0.9, words: ws };
}

describe('CV contact fields', () => {
  // Tesseract's rows of a photographed two-column CV: the sidebar's name on two large lines, and its
  // contact lines joined to the main column's words across the gutter.
  const rows = [
    ocr(
      [
        ['Tomas', 0.081, 0.17],
        ['Profile', 0.358, 0.42],
      ],
      0.08,
      0.023,
    ),
    ocr(
      [
        ['Nakamura', 0.083, 0.23],
        ['Backend', 0.358, 0.42],
        ['Developer', 0.43, 0.5],
        ['with', 0.51, 0.54],
        ['experience.', 0.55, 0.63],
      ],
      0.108,
      0.023,
    ),
    ocr([['Work Experience', 0.359, 0.5]], 0.139, 0.014),
    ocr(
      [
        ['tomas.nakamura@example.org', 0.082, 0.3],
        ['Northwind', 0.359, 0.43],
        ['Analytics', 0.44, 0.5],
      ],
      0.182,
    ),
    ocr(
      [
        ['+49', 0.083, 0.11],
        ['172', 0.116, 0.14],
        ['4274996', 0.146, 0.204],
        ['08/2022', 0.359, 0.41],
        ['-', 0.416, 0.42],
        ['Present', 0.43, 0.487],
      ],
      0.198,
    ),
    ocr(
      [
        ['Led', 0.36, 0.39],
        ['a', 0.395, 0.4],
        ['team', 0.405, 0.44],
        ['of', 0.445, 0.46],
        ['six', 0.465, 0.49],
      ],
      0.214,
    ),
    ocr(
      [
        ['Built', 0.36, 0.39],
        ['APIs', 0.395, 0.43],
        ['for', 0.435, 0.46],
        ['partners', 0.465, 0.53],
      ],
      0.23,
    ),
  ];
  const reading: ReaderOutput = { reader: 'tesseract', engine: { name: 'tesseract', version: '5' }, pages: [{ page: 1, lines: rows }], ms: 0, cost_usd: 0 };
  const values = cvDoctype.extract(reading, { now: new Date(), pages: reading.pages });
  const get = (key: string) => values.find((v) => v.key === key);

  it('takes the e-mail and phone from the sidebar alone, not the main column beside them', () => {
    expect(get('email')).toMatchObject({ value: 'tomas.nakamura@example.org' });
    expect(get('phone')).toMatchObject({ value: '+49 172 4274996' });
    // the region a second reader crops ends at the gutter
    expect(get('phone')!.region!.box[2]).toBeLessThan(0.3);
  });

  it('gives each line of a name set on two lines, for a reader that reads one line per crop', () => {
    expect(get('full_name')).toMatchObject({ value: 'Tomas Nakamura' });
    expect(get('full_name')!.parts).toEqual([rows[0]!.words[0]!.box, rows[1]!.words[0]!.box]);
  });

  it("reads an e-mail address or phone number out of a crop's text by their grammar", () => {
    const email = cvDoctype.fields.find((f) => f.key === 'email')!;
    const phone = cvDoctype.fields.find((f) => f.key === 'phone')!;
    expect(email.grammar!('daniel.lindqvist@example.com NorthwindAnalytics|Koln')).toEqual(['daniel.lindqvist@example.com']);
    expect(phone.grammar!('+49 169 3392471 2022-04 - heute')).toEqual(['+49 169 3392471']);
    expect(phone.grammar!('2019 - 2021 Berlin')).toEqual([]);
  });
});
