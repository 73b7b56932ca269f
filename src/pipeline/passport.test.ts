import { describe, expect, it } from 'vitest';
import { generateIdCardTd1, generateIdCardTd2, generatePassport, generateVisa, type GeneratedDocument } from '../../test/fixtures/documents/index.js';
import { readingOf, type ReadingOverrides } from '../../test/helpers/identity-readings.js';
import { idCard } from '../doctypes/id-card.js';
import { passport } from '../doctypes/passport.js';
import type { Doctype, ExtractedValue, MrzConsensusShown } from '../doctypes/types.js';
import { visa } from '../doctypes/visa.js';
import type { Box } from '../readers/types.js';
import { decide } from '../verification/decide.js';
import { reconcile } from './reconcile.js';

const NOW = new Date(Date.UTC(2025, 5, 1));
const lookups = { findInvoiceDuplicate: async () => null };

const inside = (inner: Box, outer: Box, slack = 0.005): boolean =>
  inner[0] >= outer[0] - slack && inner[1] >= outer[1] - slack && inner[2] <= outer[2] + slack && inner[3] <= outer[3] + slack;

/** The pipeline's tail for two readers that saw the same thing (or what `second` overrides). */
async function run(
  doctype: Doctype,
  doc: GeneratedDocument,
  first: ReadingOverrides = {},
  second: ReadingOverrides = first,
  mrzConsensus?: MrzConsensusShown[],
) {
  const readings = [readingOf(doc, { ...first, reader: 'tesseract' }), readingOf(doc, { ...second, reader: 'paddle' })];
  const ctx = { now: NOW, pages: readings[0]!.pages };
  const reconciled = reconcile(
    doctype.fields,
    readings.map((r) => ({ reader: r.reader, values: doctype.extract(r, ctx) })),
  );
  const { fields, ...outcome } = await doctype.rules({ now: NOW, fields: reconciled, readings, lookups, ...(mrzConsensus ? { mrzConsensus } : {}) });
  const decided = decide({
    documentType: doctype.type,
    fields,
    problems: outcome.problems,
    readable: true,
    classified: true,
    issuingCountry: outcome.issuingCountry ?? null,
    timings: {},
    engines: [],
    readers: readings.map((r) => r.reader),
    costUsd: 0,
  });
  return { fields, rulesOutcome: outcome, ...decided };
}

const byKey = (values: ExtractedValue[]) => new Map(values.map((v) => [v.key, v]));

describe('passport', () => {
  it('maps every MRZ field with mrz_checksum where a check digit covers it, and a region in the MRZ', async () => {
    const doc = await generatePassport({ seed: 11, expired: false });
    const values = byKey(passport.extract(readingOf(doc), { now: NOW, pages: [] }));
    const t = doc.truth.fields;
    const expected: Record<string, unknown> = {
      document_code: t.document_code,
      issuing_country: t.issuing_state,
      document_number: t.document_number,
      nationality: t.nationality,
      date_of_birth: t.birth_date,
      sex: t.sex,
      expiry_date: t.expiry_date,
    };
    for (const [key, value] of Object.entries(expected)) {
      const v = values.get(key);
      expect(v?.value, key).toBe(value);
      expect(inside(v!.region!.box, doc.regions!.mrz!.box), key).toBe(true);
    }
    for (const key of ['document_number', 'date_of_birth', 'expiry_date']) expect(values.get(key)?.evidence).toEqual(['mrz_checksum']);
    // names are covered by no check digit: they rest on the readers
    expect(values.get('surname')?.evidence).toBeUndefined();
    expect(
      String(t.surname)
        .replace(/[^A-Z]+/g, ' ')
        .trim(),
    ).toContain(values.get('surname')!.value as string);
    expect(values.get('place_of_birth')?.value).toBe(t.place_of_birth);
    expect(values.get('date_of_issue')?.value).toBe(t.issue_date);
    expect(values.get('authority')?.value).toBe(t.authority);
    expect(inside(values.get('authority')!.region!.box, doc.regions!.authority!.box)).toBe(true);
  });

  it('the document number stands on its own characters: the region covers exactly its 9 cells', async () => {
    const doc = await generatePassport({ seed: 12, expired: false });
    const v = byKey(passport.extract(readingOf(doc), { now: NOW, pages: [] })).get('document_number')!;
    const zone = doc.regions!.mrz!.box;
    const width = v.region!.box[2] - v.region!.box[0];
    expect(width).toBeCloseTo(((zone[2] - zone[0]) * 9) / 44, 3);
    expect(v.region!.box[0]).toBeCloseTo(zone[0], 3);
    expect(v.region!.box[1]).toBeGreaterThan((zone[1] + zone[3]) / 2 - 0.01);
  });

  it('verifies a clean passport read by two readers: MRZ fields deterministic, the rest corroborated', async () => {
    const doc = await generatePassport({ seed: 13, expired: false });
    const { outcome, result } = await run(passport, doc);
    expect(outcome.status).toBe('verified');
    expect(result.values.document_number).toBe(doc.truth.fields.document_number);
    expect(result.field_evidence.document_number).toBe('deterministic');
    expect(result.fields.surname!.evidence).toContain('reader_agree');
    expect(result.issuing_country).toBe(doc.truth.fields.issuing_state);
  });

  it('a broken document-number check digit: not published, CRITICAL_FIELD_INVALID raised', async () => {
    const doc = await generatePassport({ seed: 14, expired: false, broken: 'document_number' });
    const v = byKey(passport.extract(readingOf(doc), { now: NOW, pages: [] })).get('document_number')!;
    expect(v.value).toBeNull();
    expect(v.problems).toContain('CRITICAL_FIELD_INVALID');
    expect(v.reason).toMatch(/check digit/);
    const { outcome, result } = await run(passport, doc);
    expect(result.values).not.toHaveProperty('document_number');
    expect(outcome.context.codes).toContain('CRITICAL_FIELD_INVALID');
    expect(result.fields.document_number!.reason).toMatch(/check digit/);
    expect(outcome.status).not.toBe('verified');
  });

  it('exposes the MRZ as read, line by line, with the checks on each line', async () => {
    const doc = await generatePassport({ seed: 12, expired: false });
    const { result } = await run(passport, doc);
    expect(result.fields.mrz_line1!.value).toBe(doc.truth.mrz_lines![0]);
    expect(result.fields.mrz_line2!.value).toBe(doc.truth.mrz_lines![1]);
    expect(result.fields.mrz_line2!.reason).toMatch(/document number check passes.*composite check passes/);
    expect(result.fields.mrz_line2!.evidence).toEqual(['reader_agree']);
    expect(result.fields.mrz_line3?.value ?? null).toBeNull();
  });

  it('a broken check digit stays CRITICAL_FIELD_INVALID when a reader without the MRZ offers the printed value', async () => {
    const doc = await generatePassport({ seed: 14, expired: false, broken: 'document_number' });
    const { outcome, result, fields } = await run(passport, doc, {}, { mrz: [] });
    expect(result.values).not.toHaveProperty('document_number');
    const number = fields.find((f) => f.key === 'document_number')!;
    expect(number.problems).toContain('CRITICAL_FIELD_INVALID');
    expect(number.problems).not.toContain('FIELD_CONFLICT');
    expect(outcome.context.codes).toContain('CRITICAL_FIELD_INVALID');
  });

  it('an expired passport raises DOCUMENT_EXPIRED first', async () => {
    const doc = await generatePassport({ seed: 15, expired: true });
    const { outcome } = await run(passport, doc);
    expect(outcome.code).toBe('DOCUMENT_EXPIRED');
    expect(outcome.message).toContain(String(doc.truth.fields.expiry_date));
  });

  it('a visual zone that disagrees with the MRZ makes a FIELD_CONFLICT naming both readings', async () => {
    const doc = await generatePassport({ seed: 16, expired: false });
    const { result, outcome } = await run(passport, doc, { viz: { surname: 'SOMEONE ELSE', birth_date: '01 JAN 1901' } });
    expect(result.values).not.toHaveProperty('surname');
    expect(result.values).not.toHaveProperty('date_of_birth');
    expect(outcome.context.codes).toContain('FIELD_CONFLICT');
    expect(result.disputed_fields).toEqual(expect.arrayContaining(['surname', 'date_of_birth']));
    expect(result.fields.surname!.reason).toContain('SOMEONE ELSE');
    expect(result.fields.surname!.reason).toContain(String(doc.truth.fields.surname).split(/[ -]/)[0]);
  });

  it('one reader misreading the print is no conflict when another read it as the MRZ says', async () => {
    const doc = await generatePassport({ seed: 17, expired: false });
    const { result } = await run(passport, doc, { viz: { surname: 'SOMEONE ELSE' } }, {});
    expect(result.fields.surname!.status).toBe('passed');
  });

  it('a printed number an OCR confusion away from the MRZ is no conflict when one engine reads it so, and is when both do', async () => {
    const doc = await generatePassport({ seed: 19, expired: false });
    const number = String(doc.truth.fields.document_number);
    const swap: Record<string, string> = { '0': 'O', O: '0', '1': 'L', L: '1', I: '1', '2': 'Z', Z: '2', '5': 'S', S: '5', '8': 'B', B: '8', '6': 'G', G: '6' };
    const at = [...number].findIndex((ch) => swap[ch]);
    const confused = number.slice(0, at) + swap[number[at]!] + number.slice(at + 1);
    const one = await run(passport, doc, { viz: { document_number: confused } }, { viz: { document_number: null } });
    expect(one.result.fields.document_number!.status).toBe('passed');
    const both = await run(passport, doc, { viz: { document_number: confused } });
    expect(both.result.values).not.toHaveProperty('document_number');
    expect(both.outcome.context.codes).toContain('FIELD_CONFLICT');
  });

  it('MRZ readings that disagree on a name are settled by the print both engines read as one of them', async () => {
    const doc = await generatePassport({ seed: 20, expired: false });
    const clean = await run(passport, doc);
    const lines = doc.truth.mrz_lines!;
    // Tesseract misreads the surname's first letter in the MRZ; Paddle reads it right
    const first = lines[0]![5]!;
    const misread = [`${lines[0]!.slice(0, 5)}${first === 'X' ? 'Y' : 'X'}${lines[0]!.slice(6)}`, ...lines.slice(1)];
    const { result } = await run(passport, doc, { mrz: misread }, {});
    expect(result.fields.surname!.status).toBe('passed');
    expect(result.values.surname).toBe(clean.result.values.surname);
    expect(result.fields.surname!.evidence).toEqual(['reader_agree']);
    expect(result.fields.surname!.reason).toMatch(/prints alike/);
  });

  it('shows the MRZ lines as all readings vote them, and publishes a line only where two engines read it so', async () => {
    const doc = await generatePassport({ seed: 23, expired: false });
    const lines = doc.truth.mrz_lines!;
    // each engine reads some of the names line's trailing fillers as letters; no check digit covers them
    const garbled = (at: number, letters: string) => [`${lines[0]!.slice(0, at)}${letters}${lines[0]!.slice(at + letters.length)}`, ...lines.slice(1)];
    const apart = lines[0]!.indexOf('<<', 5);
    const afterGiven = lines[0]!.indexOf('<', apart + 2);
    const tess = garbled(apart, 'KK');
    const paddle = garbled(afterGiven, 'L');
    const readings = [readingOf(doc, { mrz: tess, reader: 'tesseract' }), readingOf(doc, { mrz: paddle, reader: 'paddle' })];
    const fields = reconcile(
      passport.fields,
      readings.map((r) => ({ reader: r.reader, values: passport.extract(r, { now: NOW, pages: readings[0]!.pages }) })),
    );
    const shown = async (mrzConsensus?: Array<{ page: number; lines: string[] }>) =>
      (await passport.rules({ now: NOW, fields, readings, lookups, ...(mrzConsensus ? { mrzConsensus } : {}) })).fields.find((f) => f.key === 'mrz_line1')!;
    const alone = (await shown()).value;
    expect([tess[0], paddle[0]]).toContain(alone);
    const voted = await shown([{ page: 1, lines: [...lines] }]);
    expect(voted.value).toBe(lines[0]);
    // no engine read that line so: shown, not corroborated
    expect(voted.evidence).toEqual([]);
    // a vote that breaks a check the best reading passes is not shown
    const broken = [lines[0]!, `${lines[1]!.slice(0, 9)}${lines[1]![9] === '0' ? '1' : '0'}${lines[1]!.slice(10)}`];
    expect((await shown([{ page: 1, lines: broken }])).value).toBe(alone);
  });

  describe('values from the MRZ as all readings of its band vote it', () => {
    const noNames = { viz: { surname: null, given_names: null } };
    /** The band's readings: Tesseract's and Paddle's as given, and the glyph reader's. */
    const band = (lines: string[], verified: string[], tess: string[], paddle: string[], ocrb: string[]): MrzConsensusShown[] => [
      {
        page: 1,
        lines,
        verified,
        readings: [
          { reader: 'tesseract', lines: tess },
          { reader: 'paddle', lines: paddle },
          { reader: 'ocrb', lines: ocrb },
        ],
      },
    ];

    it('a name two engines read as voted is published where the third read a filler as a letter; a filler never becomes a letter', async () => {
      const doc = await generatePassport({ seed: 23, expired: false });
      const lines = doc.truth.mrz_lines!;
      const apart = lines[0]!.indexOf('<<', 5);
      // Tesseract reads the fillers between surname and given names as KK: the readers disagree on both
      const tess = [`${lines[0]!.slice(0, apart)}KK${lines[0]!.slice(apart + 2)}`, lines[1]!];
      const alone = await run(passport, doc, { ...noNames, mrz: tess }, { ...noNames });
      expect(alone.result.values).not.toHaveProperty('surname');
      const voted = await run(passport, doc, { ...noNames, mrz: tess }, { ...noNames }, band(lines, [], tess, lines, lines));
      expect(voted.result.values.surname).toBe(doc.truth.fields.surname);
      expect(voted.result.fields.surname!.evidence).toEqual(['reader_agree']);
      // the glyph reader read a filler inside the surname where the vote has a letter: not published
      const at = lines[0]!.indexOf(String(doc.truth.fields.surname).slice(0, 2), 5) + 1;
      const holed = [`${lines[0]!.slice(0, at)}<${lines[0]!.slice(at + 1)}`, lines[1]!];
      const vetoed = await run(passport, doc, { ...noNames, mrz: tess }, { ...noNames }, band(lines, [], tess, lines, holed));
      expect(vetoed.result.values).not.toHaveProperty('surname');
    });

    it('a checked field is never published from the vote alone; a published value the verified vote reads otherwise is withdrawn', async () => {
      const doc = await generatePassport({ seed: 24, expired: false });
      const lines = doc.truth.mrz_lines!;
      const expiryAt = 21;
      const swap = (l: string, at: number) => `${l.slice(0, at)}${l[at] === '1' ? '7' : '1'}${l.slice(at + 1)}`;
      // each engine misreads a different digit of the expiry date: its check fails in both, and a
      // vote that passes it may be a mixture of misreads
      const tess = [lines[0]!, swap(lines[1]!, expiryAt)];
      const paddle = [lines[0]!, swap(lines[1]!, expiryAt + 1)];
      const misread = { viz: { expiry_date: null } };
      const voted = await run(passport, doc, { ...misread, mrz: tess }, { ...misread, mrz: paddle }, band(lines, ['expiry_date'], tess, paddle, lines));
      expect(voted.result.values).not.toHaveProperty('expiry_date');
      // both engines read a K where the vote has a filler in the personal number: its check cannot tell them apart
      const numbered = await generatePassport({ seed: 26, expired: false });
      const printed = numbered.truth.mrz_lines!;
      const withK = [printed[0]!, `${printed[1]!.slice(0, 41)}K${printed[1]!.slice(42)}`];
      const contested = await run(passport, numbered, { mrz: withK }, { mrz: withK }, band(printed, ['personal_number'], withK, withK, printed));
      const own = await run(passport, numbered, { mrz: withK }, { mrz: withK });
      expect(own.result.values.personal_number).toBeDefined();
      expect(contested.result.values).not.toHaveProperty('personal_number');
    });
  });

  it('an impossible printed date of issue needs review and is not published', async () => {
    const doc = await generatePassport({ seed: 18, expired: false });
    const { result, outcome } = await run(passport, doc, { viz: { issue_date: '31 FEB 2020' } });
    expect(result.values).not.toHaveProperty('date_of_issue');
    expect(outcome.context.codes).toContain('DATE_NEEDS_REVIEW');
  });

  it('names transliterated and cut in the MRZ agree with the full printed name', async () => {
    const doc = await generatePassport({ seed: 19, expired: false });
    const line2 = doc.truth.mrz_lines![1]!;
    const viz = { surname: 'MÜLLER-LÜDENSCHEIDT', given_names: 'JOSÉ MARÍA FERNANDO ALEJANDRO' };
    // the zone is full: the given names were cut at its end
    const cut = await run(passport, doc, { viz, mrz: ['P<UTOMUELLER<LUEDENSCHEIDT<<JOSE<MARIA<FERNANDO<ALEJANDRO'.slice(0, 44), line2] });
    expect(cut.result.fields.surname!.status).toBe('passed');
    expect(cut.result.fields.given_names!.status).toBe('passed');
    expect(cut.result.values.given_names).toBe('JOSE MARIA FERNA');
    // with room left in the zone, a shorter MRZ name is a different name
    const short = await run(passport, doc, { viz, mrz: ['P<UTOMUELLER<LUEDENSCHEIDT<<JOSE'.padEnd(44, '<'), line2] });
    expect(short.result.fields.given_names!.status).toBe('review');
    expect(short.result.fields.given_names!.reason).toContain('JOSÉ MARÍA');
  });
});

describe('identity cards and visas', () => {
  it('reads a TD1 card: three MRZ lines, checked fields, and the back’s details', async () => {
    const doc = await generateIdCardTd1({ seed: 21, expired: false });
    const { outcome, result } = await run(idCard, doc);
    expect(outcome.status).toBe('verified');
    expect(result.values.document_number).toBe(doc.truth.fields.document_number);
    expect(result.values.date_of_issue).toBe(doc.truth.fields.issue_date);
    expect(result.field_evidence.expiry_date).toBe('deterministic');
  });

  it('a TD2 card with a failed composite check publishes no checked field as deterministic', async () => {
    const doc = await generateIdCardTd2({ seed: 22, expired: false, broken: 'composite' });
    const { outcome, result } = await run(idCard, doc);
    expect(outcome.context.codes).toContain('CRITICAL_FIELD_INVALID');
    expect(Object.values(result.field_evidence)).not.toContain('deterministic');
  });

  it('reads a visa: the MRZ number is the visa’s, the passport number and visa details come from the print', async () => {
    const doc = await generateVisa({ seed: 23, expired: false, visa: 'MRVB' });
    const { outcome, result } = await run(visa, doc);
    expect(outcome.status).toBe('verified');
    const t = doc.truth.fields;
    expect(result.values).toMatchObject({
      document_number: t.document_number,
      passport_number: t.passport_number,
      visa_type: t.visa_type,
      entries: t.entries,
      valid_from: t.valid_from,
    });
  });

  it('detects each type from the MRZ document code, and from keywords without one', async () => {
    const pass = await generatePassport({ seed: 24 });
    const lines = (d: GeneratedDocument) => readingOf(d).pages[0]!.lines.map((l) => l.text);
    const asInput = (l: string[]) => ({ kind: 'png' as const, lines: l, text: l.join('\n').toUpperCase() });
    const visaDoc = await generateVisa({ seed: 25 });
    expect(passport.detect(asInput(lines(pass))).score).toBeGreaterThan(0.9);
    expect(visa.detect(asInput(lines(pass))).score).toBe(0);
    expect(visa.detect(asInput(lines(visaDoc))).reason).toMatch(/document code V/);
    // the visa prints "Passport No.": not a passport keyword
    expect(passport.detect(asInput(['Passport No. / No. du passeport', 'VISA'])).score).toBe(0);
    expect(idCard.detect(asInput(['IDENTITY CARD / CARTE D’IDENTITÉ'])).score).toBeGreaterThan(0.5);
  });

  it('names the issuing state as read, and flags one that is no ISO or ICAO code', async () => {
    const doc = await generatePassport({ seed: 26, expired: false });
    const [l1, l2] = doc.truth.mrz_lines!;
    const d = await run(passport, doc, { mrz: [`P<D<<${l1!.slice(5)}`, l2!] });
    expect(d.outcome.context.codes ?? []).not.toContain('CRITICAL_FIELD_INVALID');
    expect(d.result.issuing_country).toBe('D');
    const x = await run(passport, doc, { mrz: [`P<QQQ${l1!.slice(5)}`, l2!] });
    expect(x.result.issuing_country).toBe('QQQ');
    expect(x.outcome.context.codes).toContain('CRITICAL_FIELD_INVALID');
  });
});
