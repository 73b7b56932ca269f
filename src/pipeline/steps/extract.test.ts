import { describe, expect, it } from 'vitest';
import { passport } from '../../doctypes/passport.js';
import { receipt } from '../../doctypes/receipt.js';
import type { ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { extractStep } from './extract.js';

const reading = (reader: 'tesseract' | 'paddle', lines: string[]): ReaderOutput => ({
  reader,
  engine: { name: reader, version: '0' },
  pages: [
    {
      page: 1,
      lines: lines.map((text, i) => ({
        text,
        box: [0.1, 0.05 + i * 0.03, 0.9, 0.07 + i * 0.03],
        confidence: 0.9,
        words: text.split(' ').map((w, k) => ({ text: w, box: [0.1 + k * 0.1, 0.05 + i * 0.03, 0.18 + k * 0.1, 0.07 + i * 0.03], confidence: 0.9 })),
      })),
    },
  ],
  ms: 0,
  cost_usd: 0,
});

const page = reading('tesseract', ['LIM SENG THO HARDWARE TRADING', 'No 7 Simpang Off Batu Village', 'TOTAL 12.50']);
// The MRZ pass took the header's capitals for a band: PaddleOCR read it in the MRZ alphabet.
const band = reading('paddle', ['LIMISSNNTNGTTR0HARDWARETRADING', 'JALANIPOHBATUSSIZOOKUALALUMPUR']);

const context = (doctype: ReadContext['doctype']) =>
  ({ doctype, readings: [page, band], pageReadings: [page], extracted: [], raw: {}, input: { now: new Date('2026-01-01') } }) as unknown as ReadContext;

describe('extraction and the MRZ pass', () => {
  it('reads a type without an MRZ from the pages as the readers read them, without the band lines', async () => {
    const ctx = context(receipt);
    await extractStep.run(ctx);
    expect(ctx.extracted.map((e) => e.reader)).toEqual(['tesseract']);
    expect(ctx.readings).toEqual([page]);
    expect(ctx.raw.mrz_bands_set_aside).toBe(true);
    expect(ctx.extracted[0]!.values.find((v) => v.key === 'merchant_name')?.value).toBe('LIM SENG THO HARDWARE TRADING');
  });

  it('keeps the band lines for a type with an MRZ', async () => {
    const ctx = context(passport);
    await extractStep.run(ctx);
    expect(ctx.extracted.map((e) => e.reader)).toEqual(['tesseract', 'paddle']);
    expect(ctx.raw.mrz_bands_set_aside).toBeUndefined();
  });
});

describe("the other readers' lines", () => {
  it('tell a reader\'s dates\' order where its own lines do not (seed 20902: "SINGAP0RE238839" beside "SINGAPORE 238839")', async () => {
    const lstm = reading('tesseract', ['GOLDEN LEAF CAFE TRADING', '88 ORCHARD ROAD #01-12', 'SINGAPORE 238839', '08-05-2025 14:48', 'AMOUNT DUE 75.45']);
    const paddle = reading('paddle', ['GOLDENLEAF CAFE TRADING', '88 ORCHARDROAD#O1-12', 'SINGAP0RE238839', '08-05-2025 14:48', 'AMOUNT DUE 75.45']);
    const ctx = { doctype: receipt, readings: [lstm, paddle], extracted: [], raw: {}, input: { now: new Date('2025-06-01') } } as unknown as ReadContext;
    await extractStep.run(ctx);
    const dates = ctx.extracted.map((e) => e.values.find((v) => v.key === 'date'));
    expect(dates.map((d) => [d?.value, d?.problems])).toEqual([
      ['2025-05-08', undefined],
      ['2025-05-08', undefined],
    ]);
  });
});
