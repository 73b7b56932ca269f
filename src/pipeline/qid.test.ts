import { describe, expect, it } from 'vitest';
import { generateQid } from '../../test/fixtures/documents/index.js';
import { lineOf, readingOf, type ReadingOverrides } from '../../test/helpers/identity-readings.js';
import { countryCodeOf, parseQidNumber, qidInconsistencies } from '../doctypes/identity/qid-number.js';
import { qid } from '../doctypes/qid.js';
import type { Line } from '../readers/types.js';
import { decide } from '../verification/decide.js';
import { reconcile } from './reconcile.js';

const NOW = new Date(Date.UTC(2025, 5, 1));

async function run(overrides: ReadingOverrides, seed = 31, expired = false) {
  const doc = await generateQid({ seed, expired });
  const readings = [readingOf(doc, { ...overrides, reader: 'tesseract' }), readingOf(doc, { ...overrides, reader: 'paddle' })];
  const reconciled = reconcile(
    qid.fields,
    readings.map((r) => ({ reader: r.reader, values: qid.extract(r, { now: NOW, pages: r.pages }) })),
  );
  const outcome = await qid.rules({ now: NOW, fields: reconciled, readings, lookups: { findInvoiceDuplicate: async () => null } });
  const d = decide({
    documentType: 'qid',
    fields: outcome.fields,
    problems: outcome.problems,
    readable: true,
    classified: true,
    issuingCountry: outcome.issuingCountry ?? null,
    timings: {},
    engines: [],
    readers: [],
    costUsd: 0,
  });
  return { doc, ...d };
}

/** Two stretches of one row as the reader gives them: one line, a wide gap between. */
const oneLine = (a: Line, b: Line): Line => ({
  ...a,
  text: `${a.text} ${b.text}`,
  box: [a.box[0], a.box[1], b.box[2], b.box[3]],
  words: [...a.words, ...b.words],
});

describe('qid', () => {
  it('reads the card’s fields and verifies a consistent number', async () => {
    const { doc, outcome, result } = await run({});
    const t = doc.truth.fields;
    expect(result.values).toMatchObject({
      id_number: t.id_number,
      name_en: t.name_en,
      date_of_birth: t.birth_date,
      expiry_date: t.expiry_date,
      occupation: t.occupation,
      nationality: t.nationality,
    });
    expect(outcome.status).toBe('verified');
    expect(result.issuing_country).toBe('QAT');
  });

  it('a number whose year digits contradict the date of birth is CRITICAL_FIELD_INVALID', async () => {
    const doc = await generateQid({ seed: 31 });
    const birth = String(doc.truth.fields.birth_date);
    const other = `${Number(birth.slice(0, 4)) - 3}${birth.slice(4)}`;
    const [y, m, d] = other.split('-');
    const { outcome, result } = await run({ viz: { birth_date: `${d}/${m}/${y}` } });
    expect(result.values).not.toHaveProperty('id_number');
    expect(outcome.context.codes).toContain('CRITICAL_FIELD_INVALID');
    expect(result.fields.id_number!.reason).toMatch(/year digits/);
  });

  it('a nationality that contradicts the number’s country digits is CRITICAL_FIELD_INVALID', async () => {
    const doc = await generateQid({ seed: 32 });
    const printed = String(doc.truth.fields.nationality).toUpperCase() === 'INDIA' ? 'FRANCE' : 'INDIA';
    const { result } = await run({ viz: { nationality: printed } }, 32);
    expect(result.fields.id_number!.reason).toMatch(/nationality digits/);
  });

  it('an expired card raises DOCUMENT_EXPIRED', async () => {
    const { outcome } = await run({}, 33, true);
    expect(outcome.code).toBe('DOCUMENT_EXPIRED');
  });

  it('takes the Arabic name from an Arabic line that is no card title', async () => {
    const doc = await generateQid({ seed: 34 });
    const reading = readingOf(doc);
    const page = reading.pages[0]!;
    page.lines.push(lineOf('رخصة إقامة', [0.7, 0.05, 0.95, 0.1]), lineOf(String(doc.truth.fields.name_ar), doc.regions!.name_ar!.box));
    const values = qid.extract(reading, { now: NOW, pages: reading.pages });
    expect(values.find((v) => v.key === 'name_ar')?.value).toBe(doc.truth.fields.name_ar);
  });

  it('takes the values of labels at the row’s end (“AHMED SALEH Name”), and a D.O.B read with a zero', () => {
    const page = {
      page: 1,
      lines: [
        oneLine(lineOf('MOHAMMED AL-MANSOURI', [0.3, 0.89, 0.6, 0.93]), lineOf('Name', [0.8, 0.89, 0.86, 0.93])),
        oneLine(lineOf('02/03/1986', [0.3, 0.5, 0.45, 0.54]), lineOf('6.D.0.B', [0.8, 0.5, 0.86, 0.54])),
      ],
    };
    const reading = { reader: 'tesseract' as const, engine: { name: 't', version: '1' }, pages: [page], ms: 0, cost_usd: 0 };
    const values = qid.extract(reading, { now: NOW, pages: reading.pages });
    expect(values.find((v) => v.key === 'name_en')?.value).toBe('MOHAMMED AL-MANSOURI');
    expect(values.find((v) => v.key === 'date_of_birth')?.value).toBe('1986-03-02');
  });

  it('leaves out of a value the Arabic label at its row’s end, lined up with the other rows’ labels (“HASSAN AL-MANSOURI oi”)', () => {
    // the English read makes Latin of the Arabic labels at the rows' ends; the name, long, runs close to its label
    const row = (y: number, ...parts: Array<[string, number, number]>): Line => {
      const words = parts.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + 0.035] as [number, number, number, number], confidence: 0.9 }));
      return { text: words.map((w) => w.text).join(' '), box: [words[0]!.box[0], y, words[words.length - 1]!.box[2], y + 0.035], confidence: 0.9, words };
    };
    const page = {
      page: 1,
      lines: [
        row(0.22, ['ID.', 0.041, 0.063], ['No.', 0.072, 0.099], ['27052430341', 0.195, 0.416], ['Jl', 0.666, 0.684]),
        row(0.33, ['Born', 0.041, 0.081], ['12/09/1970', 0.196, 0.378], ['fs', 0.645, 0.685]),
        row(0.56, ['Nationality', 0.041, 0.138], ['NEPAL', 0.194, 0.305], ['apni', 0.618, 0.684]),
        row(0.67, ['Job', 0.039, 0.067], ['title', 0.074, 0.108], ['SALES', 0.195, 0.3], ['MANAGER', 0.313, 0.491], ['aigall', 0.635, 0.684]),
        row(0.89, ['Name', 0.041, 0.093], ['HASSAN', 0.194, 0.335], ['AL-MANSOURI', 0.346, 0.596], ['oi', 0.638, 0.684]),
      ],
    };
    const reading = { reader: 'tesseract' as const, engine: { name: 't', version: '1' }, pages: [page], ms: 0, cost_usd: 0 };
    const values = qid.extract(reading, { now: NOW, pages: reading.pages });
    const name = values.find((v) => v.key === 'name_en')!;
    expect(name.value).toBe('HASSAN AL-MANSOURI');
    expect(name.region!.box[2]).toBe(0.596);
    expect(values.find((v) => v.key === 'occupation')?.value).toBe('SALES MANAGER');
  });

  it('keeps a value set flush right with the others: a column of row ends that holds values is no label column', () => {
    const page = {
      page: 1,
      lines: [
        oneLine(lineOf('Name', [0.05, 0.2, 0.12, 0.24]), lineOf('HASSAN AL-MANSOURI', [0.4, 0.2, 0.7, 0.24])),
        oneLine(lineOf('Nationality', [0.05, 0.3, 0.18, 0.34]), lineOf('NEPAL', [0.6, 0.3, 0.7, 0.34])),
        oneLine(lineOf('Occupation', [0.05, 0.4, 0.18, 0.44]), lineOf('SALES MANAGER', [0.5, 0.4, 0.7, 0.44])),
      ],
    };
    const reading = { reader: 'tesseract' as const, engine: { name: 't', version: '1' }, pages: [page], ms: 0, cost_usd: 0 };
    const values = qid.extract(reading, { now: NOW, pages: reading.pages });
    expect(values.find((v) => v.key === 'name_en')?.value).toBe('HASSAN AL-MANSOURI');
    expect(values.find((v) => v.key === 'occupation')?.value).toBe('SALES MANAGER');
  });

  it('detects the card from its keywords', () => {
    const lines = ['STATE OF QATAR', 'RESIDENCY PERMIT', 'رخصة إقامة'];
    expect(qid.detect({ kind: 'png', lines, text: lines.join('\n').toUpperCase() }).score).toBeGreaterThan(0.8);
    expect(qid.detect({ kind: 'png', lines: ['INVOICE'], text: 'INVOICE' }).score).toBe(0);
  });

  it('parses the number’s structure', () => {
    expect(parseQidNumber('28435612345')).toEqual({ birthCentury: 1900, birthYearDigits: '84', nationalityNumeric: '356', nationalityAlpha3: 'IND' });
    expect(parseQidNumber('2843561234')).toBeNull();
    expect(qidInconsistencies('28435612345', '1984-03-02', 'India')).toEqual([]);
    expect(qidInconsistencies('38435612345', '1984-03-02', 'IND')[0]).toMatch(/century/);
    expect(countryCodeOf('Côte d’Ivoire'.replace('’', "'"))).toBe('CIV');
  });
});
