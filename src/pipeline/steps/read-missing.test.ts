import { describe, expect, it } from 'vitest';
import { receipt } from '../../doctypes/receipt.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import { openImage } from '../../imaging/open.js';
import { placed } from '../../doctypes/finance/test-reading.js';
import type { Line, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { reconcile } from '../reconcile.js';
import { readMissingStep } from './read-missing.js';

const line = (text: string, y: number): Line => ({ text, box: [0.1, y, 0.9, y + 0.02], confidence: 0.9, words: [] });

/** A generated slip as PaddleOCR's page read sees it: header, a date line, the total line. */
const PADDLE_LINES = [line('KEDAI RUNCIT MAJU SDN BHD', 0.02), line('DATE: 21/09/2017 10:20', 0.1), line('ITEM A 4.50', 0.3), line('TOTAL RM 12.40', 0.5)];

function fakes(cropText: string, paddleLines: Line[] = PADDLE_LINES, paddleCrop = '') {
  const pageReads: number[] = [];
  const crops: number[] = [];
  const tesseract = {
    readRegion: async (png: Buffer) => {
      crops.push((await openImage(png).metadata()).height!);
      return { text: cropText, confidence: 0.8, lines: [{ text: cropText, box: [0, 0, 1, 1], confidence: 0.8, words: [] }] };
    },
  };
  const paddle = {
    engine: { name: 'paddle-fake', version: '0' },
    read: async (request: { images: Array<{ page: number }> }) => {
      pageReads.push(request.images.length);
      return { reader: 'paddle', engine: { name: 'paddle-fake', version: '0' }, pages: [{ page: 1, lines: paddleLines }], ms: 1, cost_usd: 0 };
    },
    // Its reading of a crop of the page: `paddleCrop` across the crop.
    readCrops: async (_png: Buffer, boxes: Array<[number, number, number, number]>) =>
      boxes.map((box) => ({ box, text: paddleCrop, confidence: 0.9, lines: [{ text: paddleCrop, box, confidence: 0.9, words: [] }], via: 'recogniser' })),
  };
  return { tesseract, paddle, pageReads, crops };
}

async function context(f: ReturnType<typeof fakes>, first: ExtractedValue[], readings: ReaderOutput[] = []): Promise<ReadContext> {
  const png = await openImage(Buffer.alloc(400 * 1000 * 3, 255), { raw: { width: 400, height: 1000, channels: 3 } })
    .png()
    .toBuffer();
  const image = { page: 1, width: 400, height: 1000, png };
  return {
    deps: { readers: { get: async (name: string) => (name === 'tesseract' ? f.tesseract : name === 'paddle' ? f.paddle : null) } },
    input: { now: new Date('2026-01-01T00:00:00Z') },
    intake: { images: [image] },
    pageImages: [image],
    readings,
    engines: [],
    doctype: receipt,
    extracted: [{ reader: 'tesseract', values: first }],
    raw: {},
  } as unknown as ReadContext;
}

const merchant: ExtractedValue = {
  key: 'merchant_name',
  value: 'KEDAI RUNCIT MAJU SDN BHD',
  raw: '',
  region: { page: 1, box: [0.1, 0.02, 0.9, 0.04] },
  confidence: 0.8,
};

describe('reading the required values the first reader missed', () => {
  it('lets Paddle place a missing total and Tesseract read its crop: agreeing, they corroborate it', async () => {
    const f = fakes('TOTAL RM 12.40');
    const first = [merchant];
    const ctx = await context(f, first);
    await readMissingStep.run(ctx);
    expect(f.pageReads).toEqual([1]);
    expect(first.find((v) => v.key === 'total')).toMatchObject({ value: 12.4, raw: 'TOTAL RM 12.40' });
    const total = reconcile(receipt.fields, ctx.extracted).find((r) => r.key === 'total')!;
    expect(total.status).toBe('read');
    expect(total.evidence).toContain('reader_agree');
    expect(ctx.readings.map((r) => r.reader)).toEqual(['paddle']);
    expect(ctx.readings[0]!.pages).toEqual([]);
  });

  it("leaves Paddle's value alone, never published, when Tesseract's crop read differs", async () => {
    const f = fakes('TOTAL RM 12.48');
    const ctx = await context(f, [merchant]);
    await readMissingStep.run(ctx);
    const fields = reconcile(receipt.fields, ctx.extracted);
    expect(fields.find((r) => r.key === 'total')!.status).toBe('conflict');
  });

  it('keeps a lone Paddle value single_reader when Tesseract reads nothing in its crop', async () => {
    const f = fakes('');
    const ctx = await context(f, [merchant]);
    await readMissingStep.run(ctx);
    const total = reconcile(receipt.fields, ctx.extracted).find((r) => r.key === 'total')!;
    expect(total.evidence).toEqual(['single_reader']);
  });

  it('reads nothing again when Tesseract found every required date and amount', async () => {
    const f = fakes('x');
    const found = (key: string, value: ExtractedValue['value']): ExtractedValue => ({
      key,
      value,
      raw: String(value),
      region: { page: 1, box: [0, 0, 1, 0.1] },
      confidence: 0.9,
    });
    const ctx = await context(f, [merchant, found('date', '2017-09-21'), found('total', 12.4)]);
    await readMissingStep.run(ctx);
    expect(f.pageReads).toEqual([]);
    expect(f.crops).toEqual([]);
  });

  it("looks for a tax Tesseract's page read lost where its subtotal and parts do not make its total, and only then", async () => {
    // seed 20229: "CUKAI JUALAN 10%" read with no amount beside it
    const slip = [
      line('KEDAI RUNCIT MAJU SDN BHD', 0.02),
      line('JUMLAH SEBELUM CUKAI 187.14', 0.3),
      line('CUKAI JUALAN 10% 18.71', 0.34),
      line('JUMLAH 205.85', 0.38),
    ];
    const found = (key: string, value: number, y: number): ExtractedValue => ({
      key,
      value,
      raw: String(value),
      region: { page: 1, box: [0.1, y, 0.9, y + 0.02] },
      confidence: 0.9,
    });
    const f = fakes('CUKAI JUALAN 10% 18.71', slip);
    const first = [merchant, found('date', '2017-09-21' as unknown as number, 0.1), found('subtotal', 187.14, 0.3), found('total', 205.85, 0.38)];
    const ctx = await context(f, first);
    await readMissingStep.run(ctx);
    expect(f.pageReads).toEqual([1]);
    const tax = reconcile(receipt.fields, ctx.extracted).find((r) => r.key === 'tax_amount')!;
    expect([tax.value, tax.status, tax.evidence]).toEqual([18.71, 'read', ['reader_agree']]);
    // the subtotal alone makes the total: nothing is missing, and the page is not read again
    const whole = fakes('x', slip);
    await readMissingStep.run(
      await context(whole, [merchant, found('date', '2017-09-21' as unknown as number, 0.1), found('subtotal', 205.85, 0.3), found('total', 205.85, 0.38)]),
    );
    expect(whole.pageReads).toEqual([]);
  });

  it("never reads a name again: Tesseract's missing merchant is not filled from Paddle's page", async () => {
    const f = fakes('DATE: 21/09/2017 10:20');
    const first: ExtractedValue[] = [];
    const ctx = await context(f, first);
    await readMissingStep.run(ctx);
    expect(first.map((v) => v.key)).not.toContain('merchant_name');
    expect(first.find((v) => v.key === 'date')).toMatchObject({ value: '2017-09-21' });
  });

  it('reads a date neither page read placed from its garbled row again, by both engines, and takes it where both crops show it one way', async () => {
    // Tesseract's page read shows the date with a day no calendar has; PaddleOCR's page read lost the line.
    const tesseract = placed([
      ['KEDAI RUNCIT MAJU SDN BHD', 0.1, 0.02],
      ['TARIKH 2025/05/67 Masa 18:11:56', 0.1, 0.1],
      ['TOTAL RM 12.40', 0.1, 0.5],
    ]);
    const withoutDate = PADDLE_LINES.filter((l) => !l.text.startsWith('DATE'));
    const agreeing = fakes('TARIKH 2025/05/07 Masa 18:11:56', withoutDate, 'TARIKH 2025/05/07 Masa 18:11:56');
    const first = [merchant];
    const ctx = await context(agreeing, first, [tesseract]);
    await readMissingStep.run(ctx);
    const date = reconcile(receipt.fields, ctx.extracted).find((r) => r.key === 'date')!;
    expect([date.value, date.status, date.evidence]).toEqual(['2025-05-07', 'read', ['reader_agree']]);
    // Tesseract's crop still showing the day garbled: a dispute, for the third look.
    const garbled = await context(fakes('TARIKH 2025/05/67 Masa 18:11:56', withoutDate, 'TARIKH 2025/05/07 Masa 18:11:56'), [merchant], [tesseract]);
    await readMissingStep.run(garbled);
    const disputed = reconcile(receipt.fields, garbled.extracted).find((r) => r.key === 'date')!;
    expect(disputed.status).toBe('conflict');
    expect(disputed.candidates.map((c) => [c.reader, c.raw])).toEqual([
      ['tesseract', 'TARIKH 2025/05/67 Masa 18:11:56'],
      ['paddle', 'TARIKH 2025/05/07 Masa 18:11:56'],
    ]);
    // So is one garbling the date past a date's shape (seed 22885: "wo/05/25" for 10/05/25).
    const shapeless = await context(fakes('TARIKH wo/05/25 Masa 18:11:56', withoutDate, 'TARIKH 2025/05/07 Masa 18:11:56'), [merchant], [tesseract]);
    await readMissingStep.run(shapeless);
    const apart = reconcile(receipt.fields, shapeless.extracted).find((r) => r.key === 'date')!;
    expect([apart.status, apart.candidates.map((c) => c.raw)]).toEqual(['conflict', ['TARIKH wo/05/25 Masa 18:11:56', 'TARIKH 2025/05/07 Masa 18:11:56']]);
    // PaddleOCR's crop showing another date leaves it unread.
    const other = await context(fakes('TARIKH 2025/05/07 Masa 18:11:56', withoutDate, 'TARIKH 2025/05/01 Masa 18:11:56'), [merchant], [tesseract]);
    await readMissingStep.run(other);
    expect(reconcile(receipt.fields, other.extracted).find((r) => r.key === 'date')!.value).toBeNull();
  });

  it("reads a date either way round in the slip's own day order, and leaves it unread on a slip that shows none", async () => {
    const crop = 'TARIKH 04/05/2025 Masa 18:11:56';
    const unhinted = PADDLE_LINES.filter((l) => !l.text.startsWith('DATE')).map((l) => (l.text.includes('SDN') ? { ...l, text: 'CORNER STORE' } : l));
    const slip = (name: string) =>
      placed([
        [name, 0.1, 0.02],
        ['TARIKH 04/05/2O25 Masa 18:11:56', 0.1, 0.1],
        ['TOTAL 12.40', 0.1, 0.5],
      ]);
    // A Malaysian company's slip writes its dates day first, as its extractor reads them.
    const dayFirst = await context(fakes(crop, unhinted, crop), [merchant], [slip('KEDAI RUNCIT MAJU SDN BHD')]);
    await readMissingStep.run(dayFirst);
    const date = reconcile(receipt.fields, dayFirst.extracted).find((r) => r.key === 'date')!;
    expect([date.value, date.status]).toEqual(['2025-05-04', 'read']);
    const unknown = await context(fakes(crop, unhinted, crop), [merchant], [slip('CORNER STORE')]);
    await readMissingStep.run(unknown);
    expect(reconcile(receipt.fields, unknown.extracted).find((r) => r.key === 'date')!.value).toBeNull();
  });

  it("reads a garbled date's row enlarged where PaddleOCR's detector sees no line in it at the page's scale", async () => {
    const tesseract = placed([
      ['KEDAI RUNCIT MAJU SDN BHD', 0.1, 0.02],
      ['TARIKH 2025/05/67 Masa 18:11:56', 0.1, 0.1],
      ['TOTAL RM 12.40', 0.1, 0.5],
    ]);
    const withoutDate = PADDLE_LINES.filter((l) => !l.text.startsWith('DATE'));
    const f = fakes('TARIKH 2025/05/07 Masa 18:11:56', withoutDate);
    // The detector finds nothing in the row's crop of the page; the enlarged crop, wider than the page, reads.
    const sizes: number[] = [];
    f.paddle.readCrops = async (png: Buffer, boxes: Array<[number, number, number, number]>) => {
      const width = (await openImage(png).metadata()).width!;
      sizes.push(width);
      const text = width > 400 ? 'TARIKH 2025/05/07 Masa 18:11:56' : '';
      return boxes.map((box) => ({ box, text, confidence: 0.9, lines: text ? [{ text, box, confidence: 0.9, words: [] }] : [], via: 'detector' }));
    };
    const ctx = await context(f, [merchant], [tesseract]);
    await readMissingStep.run(ctx);
    const date = reconcile(receipt.fields, ctx.extracted).find((r) => r.key === 'date')!;
    expect([date.value, date.status, date.evidence]).toEqual(['2025-05-07', 'read', ['reader_agree']]);
    expect(sizes[0]).toBe(400);
  });

  it('reads again the row of a time of day, where a till prints the date the page read lost beside it', async () => {
    const tesseract = placed([
      ['KEDAI RUNCIT MAJU SDN BHD', 0.1, 0.02],
      ['TOTAL RM 12.40', 0.1, 0.5],
      ['07:02 Ticket n 505456', 0.1, 0.6],
    ]);
    const withoutDate = PADDLE_LINES.filter((l) => !l.text.startsWith('DATE'));
    const read = await context(fakes('19/05/2025 07:02 Ticket n 505456', withoutDate, '19/05/2025 07:02 Ticket n 505456'), [merchant], [tesseract]);
    await readMissingStep.run(read);
    const date = reconcile(receipt.fields, read.extracted).find((r) => r.key === 'date')!;
    expect([date.value, date.status, date.evidence]).toEqual(['2025-05-19', 'read', ['reader_agree']]);
  });

  it("reads again a time of day's row only PaddleOCR's page read saw, where Tesseract lost the date's whole line", async () => {
    const tesseract = placed([
      ['DROGERIE HOFFMANN OHG', 0.1, 0.02],
      ['GESAMTBETRAG 82,81', 0.1, 0.5],
    ]);
    const paddleLines = [line('DROGERIEHOFFMANNOHG', 0.02), line('Uhrzeit 22:27', 0.2), line('GESAMTBETRAG 82,81', 0.5)];
    const read = await context(fakes('Datum 26.04.25 Uhrzeit 22:27', paddleLines, 'Datum 26.04. 25 Uhrzeit 22:27'), [merchant], [tesseract]);
    await readMissingStep.run(read);
    const date = reconcile(receipt.fields, read.extracted).find((r) => r.key === 'date')!;
    expect([date.value, date.status, date.evidence]).toEqual(['2025-04-26', 'read', ['reader_agree']]);
  });

  it('reads again a row showing a time run into the digits before it, or cut after its hour (seeds 26208, 26229)', async () => {
    for (const [row, crop, iso] of [
      ['20/05/2  507:18TicketnT1474658', '20/05/25 07:18 Ticket n T1474658', '2025-05-20'],
      ['05.25  19:  #4', '27.05.25 19:26 #4', '2025-05-27'],
    ] as const) {
      const tesseract = placed([
        ['DROGERIE HOFFMANN OHG', 0.1, 0.02],
        [row, 0.1, 0.2],
        ['GESAMTBETRAG 82,81', 0.1, 0.5],
      ]);
      const withoutDate = PADDLE_LINES.filter((l) => !l.text.startsWith('DATE'));
      const read = await context(fakes(crop, withoutDate, crop), [merchant], [tesseract]);
      await readMissingStep.run(read);
      const date = reconcile(receipt.fields, read.extracted).find((r) => r.key === 'date')!;
      expect([date.value, date.status, date.evidence]).toEqual([iso, 'read', ['reader_agree']]);
    }
  });

  it("reads again the row of the slip's number, where a till prints the date beside it, after the rows that show a date (seed 26262)", async () => {
    const tesseract = placed([
      ['FROMAGERIE LAURENT EURL', 0.1, 0.02],
      ['MONTANT TTC 44,43', 0.1, 0.5],
      ['TICKET 80870', 0.1, 0.8],
    ]);
    const withoutDate = PADDLE_LINES.filter((l) => !l.text.startsWith('DATE'));
    const crop = '08-05-2025 17:07 TICKET 80870';
    const read = await context(fakes(crop, withoutDate, crop), [merchant], [tesseract]);
    await readMissingStep.run(read);
    const date = reconcile(receipt.fields, read.extracted).find((r) => r.key === 'date')!;
    expect([date.value, date.status, date.evidence]).toEqual(['2025-05-08', 'read', ['reader_agree']]);
  });
});
