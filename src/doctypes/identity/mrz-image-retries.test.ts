import { describe, expect, it } from 'vitest';
import { mrzOutput } from '../../../test/helpers/identity-readings.js';
import type { MrzBandReading, MrzPassReader } from '../../readers/mrz-pass.js';
import { readMrzFromImage } from './mrz-image.js';

/** When the MRZ pass reads again at other sizes: on the free Tesseract engine as soon as
 * Tesseract's two readings show a retry is needed, not after Paddle's (the slowest) reading; not at
 * all when the MRZ-alphabet pass and Paddle agree on an MRZ whose every check passes. */

const PRINTED = ['P<GBRUNITED<KINGDOM<FIVE<<JODIE<PIPPA<<<<<<<', '1071957035GBR8501178F1601312<<<<<<<<<<<<<<06'];
const NOW = new Date('2025-06-01T00:00:00Z');

/** An MRZ pass whose Tesseract readings are `tesseract` (the MRZ-alphabet pass's, then plain
 * Tesseract's: `plain` when it read otherwise) and whose Paddle reading (`paddle`) comes last;
 * `events` records the order of Paddle's answer and the retries. */
function engines(tesseract: string[], events: string[], { plain = tesseract, paddle = PRINTED }: { plain?: string[]; paddle?: string[] } = {}): MrzPassReader {
  const frame = { page: { width: 100, height: 40 }, crop: { width: 100, height: 40 }, toPage: (x: number, y: number): [number, number] => [x, y] };
  const crop = { png: Buffer.alloc(0), frame };
  return {
    name: 'mrz_pass',
    locate: async () => null,
    async read(_png, opts): Promise<MrzBandReading> {
      const first = [mrzOutput('mrz_pass', tesseract), mrzOutput('tesseract', plain)];
      opts.whenTesseractRead?.(first, crop);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push('paddle');
      return { band: null, crop, grey: null, outputs: [...first, mrzOutput('paddle', paddle)] };
    },
    reread: async () => {
      events.push('retry');
      return mrzOutput('mrz_pass', PRINTED);
    },
  };
}

describe('the MRZ pass retries in readMrzFromImage', () => {
  it('start before Paddle answers when Tesseract read a check digit wrong', async () => {
    const events: string[] = [];
    const misread = [PRINTED[0]!, PRINTED[1]!.replace('8501178', '8501170')];
    const read = await readMrzFromImage(Buffer.alloc(0), engines(misread, events), { now: NOW, readGlyphs: () => [] });
    expect(events).toEqual(['retry', 'retry', 'paddle']);
    // the retry that checks better stands as the MRZ pass
    expect(read.readings[0]!.lines).toEqual(PRINTED);
  });

  it('are not run when the MRZ-alphabet pass and Paddle read the same MRZ and every check passes', async () => {
    const events: string[] = [];
    // plain Tesseract misreads a filler: alone it would call for the retries
    const plain = [PRINTED[0]!.replace('PIPPA<<', 'PIPPA<K'), PRINTED[1]!];
    const read = await readMrzFromImage(Buffer.alloc(0), engines(PRINTED, events, { plain }), { now: NOW, readGlyphs: () => [] });
    expect(events).toEqual(['paddle']);
    expect(read.consensus!.lines).toEqual(PRINTED);
  });

  it('run after Paddle answers when the MRZ-alphabet pass checks fully but Paddle reads it otherwise', async () => {
    const events: string[] = [];
    // the names have no check digit: the two engines disagree there though every check passes
    const paddle = [PRINTED[0]!.replace('JODIE', 'JODLE'), PRINTED[1]!];
    const plain = [PRINTED[0]!.replace('PIPPA<<', 'PIPPA<K'), PRINTED[1]!];
    await readMrzFromImage(Buffer.alloc(0), engines(PRINTED, events, { plain, paddle }), { now: NOW, readGlyphs: () => [] });
    expect(events).toEqual(['paddle', 'retry', 'retry']);
  });

  it('wait for Paddle when Tesseract agrees with itself and every check passes', async () => {
    const events: string[] = [];
    await readMrzFromImage(Buffer.alloc(0), engines(PRINTED, events), { now: NOW, readGlyphs: () => [] });
    expect(events).toEqual(['paddle']);
  });
});
