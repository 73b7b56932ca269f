import { describe, expect, it } from 'vitest';
import { mrzOutput } from '../../../test/helpers/identity-readings.js';
import type { MrzBandReading, MrzPassReader } from '../../readers/mrz-pass.js';
import { enginesProve, readMrzFromImage } from './mrz-image.js';
import type { OcrbMrz } from './ocrb-mrz.js';

/** The glyph reader's place in the document MRZ reading, on fixed readings (no OCR): `<` read as
 * K leaves every check digit passing, so a K the glyph reader alone read in a checked field must
 * neither verify that field nor outvote another engine; names (no check digit) it read alone do
 * not count either. */

// A specimen's MRZ (ICAO 9303 style GBR sample; its document number's 8 changed, 8 and S being a
// pair the check digits cannot tell apart) with its optional data read twice as K: every check
// digit still passes.
const PRINTED = ['P<GBRUNITED<KINGDOM<FIVE<<JODIE<PIPPA<<<<<<<', '1071957035GBR8501178F1601312<<<<<<<<<<<<<<06'];
const MISREAD = [PRINTED[0]!, '1071957035GBR8501178F1601312<<<<<<<<<<<K<K06'];
const NOW = new Date('2025-06-01T00:00:00Z');

/** An MRZ pass whose engines read the given texts (none: they saw nothing). */
function engines(paddle: string[] | null, tesseract: string[] | null = null): MrzPassReader {
  const frame = { page: { width: 100, height: 40 }, crop: { width: 100, height: 40 }, toPage: (x: number, y: number): [number, number] => [x, y] };
  const reading: MrzBandReading = {
    band: null,
    crop: { png: Buffer.alloc(0), frame },
    grey: { data: new Uint8Array(100 * 40), width: 100, height: 40 },
    outputs: [mrzOutput('mrz_pass', tesseract ?? []), mrzOutput('tesseract', tesseract ?? []), mrzOutput('paddle', paddle ?? [])],
  };
  return {
    name: 'mrz_pass',
    locate: async () => null,
    read: async () => reading,
    reread: async () => mrzOutput('mrz_pass', tesseract ?? []),
  };
}

const glyphs = (texts: string[]) => (): OcrbMrz[] => [{ lines: mrzOutput('ocrb', texts).pages[0]!.lines, alternatives: [], spanBox: () => [0, 0, 1, 1] }];

describe('the glyph reader in readMrzFromImage', () => {
  it('a K it alone read where < was printed does not outvote Paddle, though its vote comes first', async () => {
    const read = await readMrzFromImage(Buffer.alloc(0), engines(PRINTED), { now: NOW, readGlyphs: glyphs(MISREAD) });
    const ocrb = read.readings.find((r) => r.reader === 'ocrb')!;
    expect(ocrb.result!.checks.every((c) => c.valid)).toBe(true);
    expect(ocrb.unconfirmed.map((s) => s.char)).toEqual(['K', 'K']);
    expect(ocrb.standsAlone).toBe(false);
    expect(read.consensus!.lines).toEqual(PRINTED);
  });

  it('alone, its unconfirmed K is never verified and its reading does not join the page', async () => {
    const read = await readMrzFromImage(Buffer.alloc(0), engines(null), { now: NOW, readGlyphs: glyphs(MISREAD) });
    expect(read.consensus!.lines).toEqual(MISREAD);
    expect(read.consensus!.result.fields.personal_number!.status).not.toBe('valid');
    // the fields without a blind spot still stand on their check digits
    expect(read.consensus!.result.fields.document_number!.status).toBe('valid');
    expect(read.readings.find((r) => r.reader === 'ocrb')!.standsAlone).toBe(false);
    expect(read.best).toBeNull();
  });

  it('Paddle reading the K alike confirms it', async () => {
    const read = await readMrzFromImage(Buffer.alloc(0), engines(MISREAD), { now: NOW, readGlyphs: glyphs(MISREAD) });
    const ocrb = read.readings.find((r) => r.reader === 'ocrb')!;
    expect(ocrb.unconfirmed).toEqual([]);
    expect(ocrb.standsAlone).toBe(true);
    expect(read.consensus!.result.fields.personal_number!.status).toBe('valid');
  });

  it('for the page readings, it does not read where two OCR engines read the MRZ alike and passed every check; it reads where none did, or one alone', async () => {
    let reads = 0;
    const counted = (texts: string[]) => () => {
      reads++;
      return glyphs(texts)();
    };
    const proven = await readMrzFromImage(Buffer.alloc(0), engines(PRINTED, PRINTED), { now: NOW, readGlyphs: counted(PRINTED), joiningOnly: true });
    expect(reads).toBe(0);
    expect(proven.readings.map((r) => r.reader)).not.toContain('ocrb');
    const unread = await readMrzFromImage(Buffer.alloc(0), engines(null), { now: NOW, readGlyphs: counted(PRINTED), joiningOnly: true });
    expect(reads).toBe(1);
    expect(unread.readings.find((r) => r.reader === 'ocrb')!.standsAlone).toBe(true);
    // Paddle alone passes every check: the glyph reader is the second engine its names can have
    const alone = await readMrzFromImage(Buffer.alloc(0), engines(PRINTED), { now: NOW, readGlyphs: counted(PRINTED), joiningOnly: true });
    expect(reads).toBe(2);
    expect(alone.readings.find((r) => r.reader === 'ocrb')!.result!.fields.surname!.value).toBe('UNITED KINGDOM FIVE');
  });

  it('for the page readings, it still reads where an engine passes every check but the engines read the MRZ otherwise: its vote settles a filler Paddle read as C in the names', async () => {
    let reads = 0;
    const counted = () => {
      reads++;
      return glyphs(PRINTED)();
    };
    // no check digit covers the names: Paddle's C for every filler passes every check
    const paddle = [PRINTED[0]!.slice(0, 5) + PRINTED[0]!.slice(5).replace(/</g, 'C'), PRINTED[1]!];
    const read = await readMrzFromImage(Buffer.alloc(0), engines(paddle, PRINTED), { now: NOW, readGlyphs: counted, joiningOnly: true });
    expect(reads).toBe(1);
    expect(read.consensus!.lines).toEqual(PRINTED);
    // its reading still does not join the page's (steps/mrz-pass.ts): Paddle's passed every check
    expect(enginesProve(read.readings)).toBe(true);
  });

  it('a name it alone read does not outvote Paddle; read alike by Tesseract, it wins the tie', async () => {
    const renamed = [PRINTED[0]!.replace('JODIE', 'JOBIE'), PRINTED[1]!];
    const alone = await readMrzFromImage(Buffer.alloc(0), engines(PRINTED), { now: NOW, readGlyphs: glyphs(renamed) });
    expect(alone.consensus!.result.fields.given_names!.value).toBe('JODIE PIPPA');
    // Tesseract reads the names line as the glyph reader did, but its data line is unreadable
    const tesseract = [renamed[0]!, '1O7I8S7O32GBRBSOII78FI6OI3I2'];
    const backed = await readMrzFromImage(Buffer.alloc(0), engines(PRINTED, tesseract), { now: NOW, readGlyphs: glyphs(renamed) });
    expect(backed.consensus!.result.fields.given_names!.value).toBe('JOBIE PIPPA');
  });
});

describe('small print in readMrzFromImage', () => {
  // ICAO 9303's specimen: its document number L898902C3 holds 8s, which S replaces unseen by the check digit
  const SPECIMEN = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
  /** The glyph reader's cells as sure as `p` of every character it read. */
  const sureGlyphs = (texts: string[], p: number) => (): OcrbMrz[] => [
    {
      lines: mrzOutput('ocrb', texts).pages[0]!.lines,
      alternatives: texts.map((t) => [...t].map((ch) => [{ ch, p }])),
      spanBox: () => [0, 0, 1, 1],
    },
  ];

  it("Paddle's S where the glyph reader read 8 leaves the document number unverified: its check digit cannot choose", async () => {
    const blurred = [SPECIMEN[0]!, SPECIMEN[1]!.replace('L898', 'L89S')];
    const read = await readMrzFromImage(Buffer.alloc(0), engines(blurred), { now: NOW, readGlyphs: glyphs(SPECIMEN) });
    expect(read.consensus!.lines[1]!.startsWith('L89S')).toBe(true);
    expect(read.consensus!.result.fields.document_number!.status).not.toBe('valid');
    expect(read.consensus!.result.fields.date_of_birth!.status).toBe('valid');
  });

  it("the glyph reader's sure fillers stand in the names against letters one engine read; two engines' letters stay", async () => {
    // Paddle reads the fillers after the given names, and one between them, as S and C
    const blotted = ['P<UTOERIKSSON<<ANNASMARIACSSSCSSSCCSSSSCSSSS', SPECIMEN[1]!];
    const read = await readMrzFromImage(Buffer.alloc(0), engines(blotted), { now: NOW, readGlyphs: sureGlyphs(SPECIMEN, 0.95) });
    expect(read.consensus!.lines).toEqual(SPECIMEN);
    // unsure of its fillers, it does not outvote Paddle
    const unsure = await readMrzFromImage(Buffer.alloc(0), engines(blotted), { now: NOW, readGlyphs: sureGlyphs(SPECIMEN, 0.6) });
    expect(unsure.consensus!.lines[0]).toBe(blotted[0]);
    // Tesseract reading Paddle's letters alike makes them two engines' reading
    const both = await readMrzFromImage(Buffer.alloc(0), engines(blotted, blotted), { now: NOW, readGlyphs: sureGlyphs(SPECIMEN, 0.95) });
    expect(both.consensus!.lines[0]).toBe(blotted[0]);
  });
});
