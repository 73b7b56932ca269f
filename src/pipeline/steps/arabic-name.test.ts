import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, generateQid, type GeneratedDocument } from '../../../test/fixtures/documents/index.js';
import { generateVariedIdentity } from '../../../test/fixtures/documents/identity/varied.js';
import { qid } from '../../doctypes/qid.js';
import { imageSize } from '../../imaging/open.js';
import { createArabicEngine, type ReaderSettings } from '../../readers/registry.js';
import { createTesseractReader } from '../../readers/tesseract.js';
import { decide } from '../../verification/decide.js';
import type { ReadContext } from '../context.js';
import { reconcile } from '../reconcile.js';
import { arabicNameStep } from './arabic-name.js';

const ARABIC_SCRIPT = /^[\u0621-\u064a]+( [\u0621-\u064a]+)+$/u;

describe('the Arabic name of a QID (real Tesseract, English page read and the npm Arabic data)', () => {
  const english = createTesseractReader({ workers: 1, recycleAfter: 200, langs: ['eng'] });
  const arabic = createArabicEngine({ TESSERACT_ARABIC_LANGS: 'ara' } as ReaderSettings)()!;
  afterAll(async () => Promise.all([english.close(), arabic.close()]));

  /** The context after extraction: Tesseract's English page read and the QID's values from it. */
  async function context(doc: GeneratedDocument, engine: typeof arabic | null): Promise<{ ctx: ReadContext; asked: number[] }> {
    const { width, height } = await imageSize(doc.bytes);
    const image = { page: 1, width, height, png: doc.bytes };
    const reading = await english.read({ images: [image] });
    const asked = [0];
    const ctx = {
      deps: { readers: { get: async () => null, arabic: async () => (asked[0]!++, engine) } },
      doctype: qid,
      documentType: 'qid',
      pageImages: [image],
      readings: [reading],
      extracted: [{ reader: 'tesseract', values: qid.extract(reading, { now: DEFAULT_NOW, pages: reading.pages }) }],
      engines: [],
      raw: {},
    } as unknown as ReadContext;
    return { ctx, asked };
  }

  it('reads the name in Arabic script as printed, as one reader’s value that is shown but not published', async () => {
    for (const doc of [
      await generateQid({ seed: 1, now: DEFAULT_NOW, expired: false }),
      await generateVariedIdentity('qid', 'inline-caps', { seed: 1, now: DEFAULT_NOW, expired: false }),
      // read as a raw line at a larger scale, the dots of its letters were lost (ح read ج)
      await generateVariedIdentity('qid', 'above-2col', { seed: 2, now: DEFAULT_NOW, expired: false }),
    ]) {
      const { ctx } = await context(doc, arabic);
      await arabicNameStep.run(ctx);
      const got = ctx.extracted[0]!.values.find((v) => v.key === 'name_ar');
      expect(got?.value).toBe(doc.truth.fields.name_ar);
      expect(String(got?.value)).toMatch(ARABIC_SCRIPT);
      expect(ctx.engines.map((e) => e.name)).toContain('tesseract.js LSTM (ara)');

      const fields = reconcile(qid.fields, ctx.extracted);
      const { result } = decide({
        documentType: 'qid',
        fields,
        problems: [],
        readable: true,
        classified: true,
        issuingCountry: 'QAT',
        timings: {},
        engines: [],
        readers: [],
        costUsd: 0,
      });
      expect(result.fields.name_ar).toMatchObject({ value: doc.truth.fields.name_ar, evidence: ['single_reader'] });
      expect(result.values).not.toHaveProperty('name_ar');
    }
  });

  it('finds the name where the band read at the page’s scale misses it, and reads it whole', async () => {
    for (const doc of [
      // the sparse-text band read at the page's scale saw no Arabic line of the name at all
      await generateVariedIdentity('qid', 'below-numbered', { seed: 4, now: DEFAULT_NOW, expired: false }),
      await generateVariedIdentity('qid', 'right-labels', { seed: 3, now: DEFAULT_NOW, expired: false }),
      // the English read made Latin of the first name ("PORN| perl]" at 0.51), and it was painted over
      await generateVariedIdentity('qid', 'left-column', { seed: 3, now: DEFAULT_NOW, expired: false }),
    ]) {
      const { ctx } = await context(doc, arabic);
      await arabicNameStep.run(ctx);
      expect(ctx.extracted[0]!.values.find((v) => v.key === 'name_ar')?.value).toBe(doc.truth.fields.name_ar);
    }
  });

  it('does nothing when the Arabic engine is turned off, and never starts it for other documents', async () => {
    const doc = await generateQid({ seed: 2, now: DEFAULT_NOW, expired: false });
    const off = await context(doc, null);
    await arabicNameStep.run(off.ctx);
    expect(off.ctx.extracted[0]!.values.some((v) => v.key === 'name_ar')).toBe(false);

    const other = await context(doc, arabic);
    other.ctx.doctype = { ...qid, type: 'passport', fields: qid.fields.filter((f) => f.key !== 'name_ar') };
    await arabicNameStep.run(other.ctx);
    expect(other.asked[0]).toBe(0);
  });
});
