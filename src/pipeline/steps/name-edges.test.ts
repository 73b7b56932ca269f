import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import type { ReadContext } from '../context.js';
import { nameEdgesStep } from './name-edges.js';

const merchant = (evidence: FieldReading['evidence']): FieldReading => ({
  key: 'merchant_name',
  label: 'Merchant',
  isKey: true,
  value: 'HREE STOOGES',
  status: 'read',
  evidence,
  candidates: [
    { reader: 'tesseract', value: 'HREE STOOGES', raw: 'HREE STOOGES', region: null, confidence: 0.9 },
    { reader: 'paddle', value: 'HREE STOOGES', raw: 'HREE STOOGES', region: null, confidence: 0.9 },
  ],
  // the line the readers saw: x 100–300, y 18–42 of a 400 × 600 page
  region: { page: 1, box: [100 / 400, 18 / 600, 300 / 400, 42 / 600] },
  reason: null,
  problems: [],
});

/** A line of letter stems from x 100 to 300, rows y0 to y0 + 24, in grey `v`. */
const stems = (px: Buffer, y0: number, v: number) => {
  for (let y = y0; y < y0 + 24; y++) for (let x = 100; x < 300; x += 16) for (let d = 0; d < 3; d++) px[y * 400 + x + d] = v;
};

/** A white page with dark letters where the readers saw the name and the line under it (y 90–114),
 * and, if asked, a faded letter before the name or a faint line between the two that no reader read. */
async function page(faded: boolean, unreadLine: boolean | number = false, paperEdge = false, printAfter = false): Promise<Buffer> {
  const px = Buffer.alloc(400 * 600, 255);
  // a photo's slip edge: grey background, then the paper's dark rim at x 10–12
  if (paperEdge) for (let y = 0; y < 600; y++) for (let x = 0; x < 13; x++) px[y * 400 + x] = x < 10 ? 200 : 90;
  const paint = (x0: number, x1: number, v: number) => {
    for (let y = 18; y < 42; y++) for (let x = x0; x < x1; x++) px[y * 400 + x] = v;
  };
  stems(px, 18, 40);
  stems(px, 90, 40);
  if (faded) paint(82, 85, 226);
  // print after the name on its line, read by one reader only
  if (printAfter) paint(318, 321, 150);
  // faint by default; a name's own first line is printed as dark as the name
  if (unreadLine) stems(px, 54, unreadLine === true ? 200 : unreadLine);
  return openImage(px, { raw: { width: 400, height: 600, channels: 1 } })
    .png()
    .toBuffer();
}

/** The page read's lines: the name's and the line under it. */
const lineAt = (y0: number) => ({ text: 'x', confidence: 0.9, words: [], box: [100 / 400, y0 / 600, 300 / 400, (y0 + 24) / 600] });
const pageRead = { reader: 'tesseract', pages: [{ page: 1, lines: [lineAt(18), lineAt(90)] }] };

async function run(
  field: FieldReading,
  faded: boolean,
  documentType = 'receipt',
  unreadLine: boolean | number = false,
  {
    parts,
    paperEdge = false,
    printAfter = false,
    paddleReads,
    asked = [],
  }: { parts?: number[][]; paperEdge?: boolean; printAfter?: boolean; paddleReads?: string; asked?: number[][] } = {},
): Promise<FieldReading> {
  // A stand-in PaddleOCR that reads `paddleReads` in any strip it is asked to read.
  const paddle = {
    readCrops: async (_png: Buffer, boxes: number[][]) => {
      asked.push(...boxes);
      return boxes.map((box) => ({
        box,
        text: paddleReads,
        confidence: 0.9,
        lines: [{ text: paddleReads, box, confidence: 0.9, words: [] }],
        via: 'detector',
      }));
    },
  };
  const ctx = {
    deps: { readers: { get: async () => (paddleReads === undefined ? null : paddle) } },
    documentType,
    fields: [field],
    pageImages: [{ page: 1, width: 400, height: 600, png: await page(faded, unreadLine, paperEdge, printAfter) }],
    readings: [pageRead],
    // the page read's value, with the name's lines when it took several
    extracted: [{ reader: 'tesseract', values: [{ key: 'merchant_name', ...(parts ? { parts } : {}) }] }],
    raw: {},
  } as unknown as ReadContext;
  await nameEdgesStep.run(ctx);
  return ctx.fields[0]!;
}

describe('name_edges', () => {
  it('withholds a shop name the engines agreed on when a faded letter stands before it', async () => {
    const field = await run(merchant(['reader_agree']), true);
    expect(field.value).toBeNull();
    expect(field.problems).toContain('LOW_CONFIDENCE');
    expect(field.reason).toContain('faint print beyond its start');
  });

  it('withholds it when a line of print under it, over the next line read, was read by no one', async () => {
    const field = await run(merchant(['reader_agree']), false, 'receipt', true);
    expect(field.value).toBeNull();
    expect(field.problems).toContain('LOW_CONFIDENCE');
    expect(field.reason).toContain('a line of print under it was read by neither');
  });

  it('withholds it when a line of print right over it was read by no one: the name may begin there', async () => {
    // the name is the line read at y 90; the unread line stands at y 54–78, under the line read at y 18
    const second = { ...merchant(['reader_agree']), region: { page: 1, box: [100 / 400, 90 / 600, 300 / 400, 114 / 600] as [number, number, number, number] } };
    const field = await run(second, false, 'receipt', 60);
    expect(field.value).toBeNull();
    expect(field.reason).toContain('a line of print right over it was read by neither');
    // a line far fainter than the name is no first line of it (a glare band's edge is as faint)
    expect((await run(second, false, 'receipt', 200)).value).toBe('HREE STOOGES');
  });

  it('leaves the name where PaddleOCR reads the unread line as a banner, the slip’s title or the shop’s hours, which no name begins or goes on over', async () => {
    const second = { ...merchant(['reader_agree']), region: { page: 1, box: [100 / 400, 90 / 600, 300 / 400, 114 / 600] as [number, number, number, number] } };
    for (const banner of ['*** ECO ***', '***ECO***', 'TAX INVOICE', '24h', 'OPEN 24 HOURS', 'BUKA 24 JAM', 'OUVERT 24H/24 7J/7']) {
      for (const name of [merchant(['reader_agree']), second]) {
        const asked: number[][] = [];
        expect((await run(name, false, 'receipt', name === second ? 60 : true, { paddleReads: banner, asked })).value, banner).toBe('HREE STOOGES');
        // the strip across the page, around the unread line (y 54–78 of 600), and no further than
        // halfway to the read lines at y 18–42 and 90–114, whose letters would join its reading
        expect(asked[0]![0]).toBe(0);
        expect(asked[0]![2]).toBe(1);
        expect(asked[0]![1]! * 600).toBeLessThan(54);
        expect(asked[0]![3]! * 600).toBeGreaterThan(78);
        expect(asked[0]![1]! * 600).toBeGreaterThan(48 - 1e-9);
        expect(asked[0]![3]! * 600).toBeLessThan(84 + 1e-9);
      }
    }
    // words that may be the name's, nothing read, or no PaddleOCR leave the doubt
    for (const paddleReads of ['BISTRO & CAFE', '*** ECO', '24 SPEED MART', '', undefined]) {
      const field = await run(merchant(['reader_agree']), false, 'receipt', true, paddleReads === undefined ? {} : { paddleReads });
      expect(field.value, paddleReads).toBeNull();
      expect(field.reason).toContain('a line of print under it was read by neither');
      expect((await run(second, false, 'receipt', 60, paddleReads === undefined ? {} : { paddleReads })).value, paddleReads).toBeNull();
    }
  });

  it('leaves the name where PaddleOCR reads the line over it as a brand’s word the name opens with (seed 25388)', async () => {
    const second = { ...merchant(['reader_agree']), region: { page: 1, box: [100 / 400, 90 / 600, 300 / 400, 114 / 600] as [number, number, number, number] } };
    expect((await run(second, false, 'receipt', 60, { paddleReads: 'Hree' })).value).toBe('HREE STOOGES');
    // the whole name over it, another word, or the brand's word under the name leave the doubt
    for (const paddleReads of ['HREE STOOGES', 'THREE']) expect((await run(second, false, 'receipt', 60, { paddleReads })).value, paddleReads).toBeNull();
    expect((await run(merchant(['reader_agree']), false, 'receipt', true, { paddleReads: 'HREE' })).value).toBeNull();
  });

  it("looks beside each of a name's lines, not beside the box of both, which reaches the paper's edge", async () => {
    const twoLines = {
      ...merchant(['reader_agree']),
      region: { page: 1, box: [100 / 400, 18 / 600, 300 / 400, 114 / 600] as [number, number, number, number] },
    };
    const parts = [
      [100 / 400, 18 / 600, 300 / 400, 42 / 600],
      [100 / 400, 90 / 600, 300 / 400, 114 / 600],
    ];
    expect((await run(twoLines, false, 'receipt', false, { parts, paperEdge: true })).value).toBe('HREE STOOGES');
    // a faded letter before one of them is still seen
    expect((await run(twoLines, true, 'receipt', false, { parts, paperEdge: true })).value).toBeNull();
  });

  it('takes print after the name that a reader read as its registration for that, not a faded letter (seed 21037)', async () => {
    const unexplained = await run(merchant(['reader_agree']), false, 'receipt', false, { printAfter: true });
    expect(unexplained.reason).toContain('faint print beyond its end');
    const field = merchant(['reader_agree']);
    field.candidates[1] = { ...field.candidates[1]!, raw: 'HREESTOOGES(C0N00603311318' };
    expect((await run(field, false, 'receipt', false, { printAfter: true })).value).toBe('HREE STOOGES');
  });

  it('withholds an agreed address whose line shows a faded letter before it, looking beside each of its lines (seed 21162)', async () => {
    // the address's two lines stand where the page's lines are drawn (y 18 and y 90); the faded letter is before the first
    const address = async (faded: boolean, parts?: number[][]) => {
      const field: FieldReading = {
        ...merchant(['reader_agree']),
        key: 'merchant_address',
        value: 'LAZA NUEVA 4, BAJO',
        region: { page: 1, box: [100 / 400, 18 / 600, 300 / 400, 114 / 600] },
      };
      const ctx = {
        documentType: 'receipt',
        fields: [field],
        pageImages: [{ page: 1, width: 400, height: 600, png: await page(faded, false, true) }],
        readings: [pageRead],
        extracted: [
          { reader: 'tesseract', values: [{ key: 'merchant_address', region: { page: 1, box: [0.25, 0.03, 0.75, 0.07] }, ...(parts ? { parts } : {}) }] },
        ],
        raw: {},
      } as unknown as ReadContext;
      await nameEdgesStep.run(ctx);
      return ctx.fields[0]!;
    };
    const parts = [
      [100 / 400, 18 / 600, 300 / 400, 42 / 600],
      [100 / 400, 90 / 600, 300 / 400, 114 / 600],
    ];
    const cut = await address(true, parts);
    expect(cut.value).toBeNull();
    expect(cut.reason).toContain('a line of it shows faint print beyond its start');
    expect((await address(false, parts)).value).toBe('LAZA NUEVA 4, BAJO');
    // one line read: the page read's own box for it
    expect((await address(true)).value).toBeNull();
  });

  it('leaves a name alone on clean paper, from a text layer, or on another type', async () => {
    expect((await run(merchant(['reader_agree']), false)).value).toBe('HREE STOOGES');
    expect((await run(merchant(['text_layer']), true)).value).toBe('HREE STOOGES');
    expect((await run(merchant(['reader_agree']), true, 'invoice')).value).toBe('HREE STOOGES');
  });
});
