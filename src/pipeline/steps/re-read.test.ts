import { describe, expect, it } from 'vitest';
import { cvDoctype } from '../../doctypes/cv.js';
import { invoice } from '../../doctypes/invoice.js';
import { passport } from '../../doctypes/passport.js';
import { receipt } from '../../doctypes/receipt.js';
import type { Doctype, ExtractedValue } from '../../doctypes/types.js';
import { reconcile } from '../reconcile.js';
import { openImage } from '../../imaging/open.js';
import type { ReadContext } from '../context.js';
import { placed, slipEntries } from '../../doctypes/finance/test-reading.js';
import { darkenedCrop, reReadStep, reReadTotalRowsStep } from './re-read.js';

/** A stand-in Tesseract whose crop read returns a given text as one line filling the crop, and
 * records the crops it was given. */
function fakeTesseract(cropText: string) {
  const crops: Array<{ width: number; height: number }> = [];
  return {
    crops,
    readRegion: async (png: Buffer) => {
      const { width, height } = await openImage(png).metadata();
      crops.push({ width: width!, height: height! });
      return { text: cropText, confidence: 0.9, lines: [{ text: cropText, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
    },
  };
}

const NOW = new Date('2025-06-01T00:00:00Z');

const value = (key: string, v: ExtractedValue['value'], box: [number, number, number, number]): ExtractedValue => ({
  key,
  value: v,
  raw: String(v),
  region: { page: 1, box },
  confidence: 0.8,
});

/** A stand-in PaddleOCR whose crop read returns a given text as one line filling the crop. */
function fakePaddle(cropText: string) {
  const calls: number[] = [];
  return {
    calls,
    readCrops: async (png: Buffer, boxes: [number, number, number, number][]) => {
      const { height } = await openImage(png).metadata();
      calls.push(height!);
      return boxes.map((box) => ({
        box,
        text: cropText,
        confidence: 0.9,
        lines: [{ text: cropText, box: [0, 0, 1, 1], confidence: 0.9, words: [] }],
        via: 'detector',
      }));
    },
  };
}

async function context(
  tesseract: ReturnType<typeof fakeTesseract>,
  first: ExtractedValue[],
  second: ExtractedValue[],
  doctype: Doctype = receipt,
  paddle: ReturnType<typeof fakePaddle> | null = null,
): Promise<ReadContext> {
  const png = await openImage(Buffer.alloc(400 * 1000 * 3, 255), { raw: { width: 400, height: 1000, channels: 3 } })
    .png()
    .toBuffer();
  return {
    deps: { readers: { get: async (name: string) => (name === 'tesseract' ? tesseract : name === 'paddle' ? paddle : null) } },
    pageImages: [{ page: 1, width: 400, height: 1000, png }],
    readings: [],
    doctype,
    extracted: [
      { reader: 'tesseract', values: first },
      { reader: 'paddle', values: second },
    ],
    raw: {},
  } as unknown as ReadContext;
}

describe('re-reading a disputed value from its crop', () => {
  it("replaces Tesseract's page reading of a disputed total with its read of the enlarged crop", async () => {
    const tesseract = fakeTesseract('9.00');
    const first = [value('total', 9.6, [0.8, 0.7, 0.95, 0.712])];
    const ctx = await context(tesseract, first, [value('total', 9, [0.8, 0.7, 0.95, 0.712])]);
    await reReadStep.run(ctx);
    expect(first[0]).toMatchObject({ value: 9, raw: '9.00' });
    expect(ctx.raw.re_read).toEqual([{ key: 'total', page: '9.6', crop: '9.00' }]);
    // A 12 px high value is enlarged towards 40 px letters, on a white margin.
    expect(tesseract.crops[0]!.height).toBeGreaterThan(40);
  });

  it("reads a tax printed once per rate from each rate's crop and adds them, never taking one rate for the whole", async () => {
    const texts = ['TVA 20% 3,50', 'TVA 5.5% 2,37'];
    const tesseract = fakeTesseract('');
    tesseract.readRegion = async () => {
      const text = texts.shift() ?? '';
      return { text, confidence: 0.9, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
    };
    const tax: ExtractedValue = {
      ...value('tax_amount', 5.87, [0.8, 0.6, 0.95, 0.66]),
      parts: [
        [0.8, 0.6, 0.95, 0.612],
        [0.8, 0.648, 0.95, 0.66],
      ],
      sumOf: [3.5, 2.37],
    };
    const ctx = await context(tesseract, [tax], [value('tax_amount', 2.37, [0.8, 0.6, 0.95, 0.66])]);
    await reReadStep.run(ctx);
    expect(tax.value).toBe(5.87);
    expect(texts).toEqual([]);
  });

  it("never changes an amount's sign", async () => {
    const first = [value('total', 5.94, [0.7, 0.48, 0.85, 0.5])];
    const ctx = await context(fakeTesseract('-5.94'), first, [value('total', -5.94, [0.7, 0.48, 0.85, 0.5])]);
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe(5.94);
  });

  it("keeps the page's total when the crop reads only a part of it: the crop was cut, and both engines would read the cut figure", async () => {
    const box: [number, number, number, number] = [0.8, 0.7, 0.95, 0.712];
    const first = [value('total', 192.76, box)];
    const second = [value('total', 2.76, box)];
    const ctx = await context(fakeTesseract('2,76'), first, second, receipt, fakePaddle('2,76'));
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe(192.76);
    expect(reconcile(receipt.fields, ctx.extracted).find((f) => f.key === 'total')).toMatchObject({ status: 'conflict', value: null });
    // So when it reads the figure with its last digit lost, which its value's cents would hide
    // ("13,1" for the page's "13,11", seed 22535).
    const cents = [{ ...value('total', 13.11, box), raw: '13,11' }];
    await reReadStep.run(await context(fakeTesseract('13,71'), [value('total', 13.71, box)], cents, receipt, fakePaddle('13,1')));
    expect(cents[0]!.value).toBe(13.11);
    // A crop that reads a figure of the same length is a better look, and replaces the page's.
    const again = [value('total', 192.76, box)];
    await reReadStep.run(await context(fakeTesseract('102,76'), again, [value('total', 2.76, box)]));
    expect(again[0]!.value).toBe(102.76);
  });

  it("keeps the page's date when the crop reads it with a digit lost at its edge, which its ISO form would hide", async () => {
    const box: [number, number, number, number] = [0.16, 0.34, 0.88, 0.377];
    const first = [{ ...value('date', '2025-04-28', box), raw: '28/04/2025 08:19:77 TICKET CS00168253' }];
    const second = [{ ...value('date', '2025-04-08', box), raw: '8/04/2025' }];
    const ctx = await context(fakeTesseract('8/04/2025 08:19:07 TICKET CS00168253'), first, second, receipt, fakePaddle('8/04/2025'));
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe('2025-04-28');
    expect(reconcile(receipt.fields, ctx.extracted).find((f) => f.key === 'date')).toMatchObject({ status: 'conflict', value: null });
  });

  it("keeps PaddleOCR's date when its crop shows no date at all, only the time after it (seed 26523)", async () => {
    const box: [number, number, number, number] = [0.1, 0.4, 0.9, 0.43];
    const page = 'I vATvmzezsEessea To zeit 20:00 [HH';
    const first = [{ ...value('date', page, box), raw: page }];
    const second = [{ ...value('date', '2025-04-04', box), raw: 'DATUM 2025-04-04 Zeit 20:00' }];
    const ctx = await context(fakeTesseract(page), first, second, receipt, fakePaddle('Zeit20:00'));
    await reReadStep.run(ctx);
    expect(second[0]).toMatchObject({ value: '2025-04-04', raw: 'DATUM 2025-04-04 Zeit 20:00' });
  });

  it("keeps the page's date no calendar has when the crop reads it cut short, its year's last digits lost (seed 26006)", async () => {
    const box: [number, number, number, number] = [0.12, 0.41, 0.88, 0.45];
    const page = '| 29-84-2025 22:53 ” [';
    const first = [{ ...value('date', page, box), raw: page }];
    const second = [{ ...value('date', '2020-04-29', box), raw: '29-04-20' }];
    const ctx = await context(fakeTesseract('29-84-20, . ‘'), first, second, receipt, fakePaddle('29-04-20'));
    await reReadStep.run(ctx);
    expect(first[0]!.raw).toBe(page);
    // A crop that reads the whole date, a calendar's now, replaces it.
    const whole = [{ ...value('date', page, box), raw: page }];
    await reReadStep.run(
      await context(fakeTesseract('29-04-2025 22:53'), whole, [{ ...value('date', '2020-04-29', box), raw: '29-04-20' }], receipt, fakePaddle('29-04-20')),
    );
    expect(whole[0]!.value).toBe('2025-04-29');
  });

  it('withholds a date whose first digit only the prepared crop shows, to both engines: print too faint to read surely', async () => {
    const box: [number, number, number, number] = [0.1, 0.38, 0.9, 0.4];
    // The page read lost the faded "0" of "05-04-2025"; Paddle's crop saw no day at all.
    const first = [{ ...value('date', '2025-04-05', box), raw: '5-04-2025 12:01:14 Ticket n? 62320' }];
    const second = [{ ...value('date', '2025-04-20', box), raw: '04-2025 12 1:14' }];
    const ctx = await context(fakeTesseract('15-04-2025 12:01:14 Ticket n° 62320'), first, second, receipt, fakePaddle('15-04-2025 12:01:14'));
    await reReadStep.run(ctx);
    expect([first[0]!.value, second[0]!.value]).toEqual(['2025-04-15', '2025-04-15']);
    const date = reconcile(receipt.fields, ctx.extracted).find((f) => f.key === 'date');
    expect(date).toMatchObject({ value: '2025-04-15', problems: ['LOW_CONFIDENCE'] });
    expect(date!.reason).toContain('"1" shows only in its print made darker');
    // Paddle's own crop of the page saw the digit: two looks, and nothing is doubted.
    const seen = [{ ...value('date', '2025-04-05', box), raw: '5-04-2025 12:01:14' }];
    const paddleSaw = await context(
      fakeTesseract('15-04-2025 12:01:14'),
      seen,
      [{ ...value('date', '2025-04-15', box), raw: '15-04-2025' }],
      receipt,
      fakePaddle('x'),
    );
    await reReadStep.run(paddleSaw);
    expect(reconcile(receipt.fields, paddleSaw.extracted).find((f) => f.key === 'date')).toMatchObject({ value: '2025-04-15', problems: [] });
  });

  it("answers the doubt of a date's first digit lost at its edge where the crop shows every digit of that part", async () => {
    // seed 20225: PaddleOCR's page read "5-04-02" of "2025-04-02"
    const box: [number, number, number, number] = [0.1, 0.3, 0.9, 0.312];
    const reading = placed([['BACKEREI SONNENSCHEIN GMBH', 0.2, 0.03], ['5-04-02 16:02', 0.1, 0.3], ...slipEntries('SUMME | 9.60')]);
    const paddleDate = { ...receipt.extract(reading, { now: NOW, pages: reading.pages }).find((v) => v.key === 'date')!, region: { page: 1, box } };
    expect(paddleDate.reason).toMatch(/left edge/);
    const first = [{ ...value('date', '2025-04-02', box), raw: 'DATUM 2625-04-02 Zeit 16:02:13' }];
    const ctx = await context(fakeTesseract('DATUM 2025-04-02 Zeit 16:02:13'), first, [paddleDate], receipt, fakePaddle('2025-04-02'));
    await reReadStep.run(ctx);
    expect(reconcile(receipt.fields, ctx.extracted).find((f) => f.key === 'date')).toMatchObject({ value: '2025-04-02', status: 'read', problems: [] });
  });

  it('reads cents the crop set apart from the decimal point', async () => {
    const first = [value('total', 14.19, [0.5, 0.6, 0.8, 0.612])];
    const ctx = await context(fakeTesseract('RM 14. 10'), first, [value('total', 14.1, [0.5, 0.6, 0.8, 0.612])]);
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe(14.1);
  });

  it('keeps the crop reading when it still disagrees: it is never chosen for agreeing', async () => {
    const first = [value('total', 64.5, [0.8, 0.7, 0.95, 0.712])];
    const ctx = await context(fakeTesseract('TOTAL 84.50'), first, [value('total', 54.5, [0.8, 0.7, 0.95, 0.712])]);
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe(84.5);
  });

  it('leaves an MRZ field its check digit passed to that check: a crop never replaces it', async () => {
    const tesseract = fakeTesseract('F190321¢');
    const first = [{ ...value('expiry_date', '190321', [0.47, 0.92, 0.59, 0.96]), evidence: ['mrz_checksum' as const] }];
    const ctx = await context(tesseract, first, [value('expiry_date', '7F1903212<', [0.43, 0.92, 0.63, 0.96])], passport);
    await reReadStep.run(ctx);
    expect(tesseract.crops).toEqual([]);
    expect(first[0]).toMatchObject({ value: '190321', evidence: ['mrz_checksum'] });
  });

  it('leaves alone values the engines agree on', async () => {
    const tesseract = fakeTesseract('SOMETHING ELSE 1.00');
    const first = [value('total', 9, [0.8, 0.7, 0.95, 0.712])];
    const ctx = await context(tesseract, first, [value('total', 9, [0.8, 0.7, 0.95, 0.712])]);
    await reReadStep.run(ctx);
    expect(tesseract.crops).toEqual([]);
    expect(first[0]!.value).toBe(9);
    expect(ctx.raw.re_read).toBeUndefined();
  });

  it('leaves a disputed name to the person: both engines can share a misreading of a faint print', async () => {
    const box: [number, number, number, number] = [0.1, 0.1, 0.9, 0.112];
    const tesseract = fakeTesseract('VERBENA CONFECTIUNERY SDN BHD');
    const first = [value('merchant_name', 'VERBENA CONFECTIURERY SDN BHD', box)];
    await reReadStep.run(await context(tesseract, first, [value('merchant_name', 'VERBENA CONFECTIUNERY SDN BHD', box)]));
    expect(tesseract.crops).toEqual([]);
    expect(first[0]!.value).toBe('VERBENA CONFECTIURERY SDN BHD');
  });

  it('reads a date the crop splits as the same date only when joining gives the first reading', async () => {
    const first = [value('date', '2017-12-29', [0.1, 0.3, 0.6, 0.312])];
    const ctx = await context(fakeTesseract('29/12/201 7 11:41'), first, [value('date', '2017-12-28', [0.1, 0.3, 0.6, 0.312])]);
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe('2017-12-29');
  });

  it("re-reads a CV's disputed e-mail from its crop, and the engines then agree", async () => {
    const box: [number, number, number, number] = [0.08, 0.18, 0.3, 0.19];
    const first = [value('email', 'daniel.lindgvist@example.com', box)];
    const second = [value('email', 'daniel.lindqvist@example.com', box)];
    const ctx = await context(fakeTesseract('daniel.lindqvist@example.com'), first, second, cvDoctype);
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe('daniel.lindqvist@example.com');
    const email = reconcile(cvDoctype.fields, ctx.extracted).find((f) => f.key === 'email')!;
    expect(email).toMatchObject({ status: 'read', value: 'daniel.lindqvist@example.com', evidence: ['reader_agree'] });
  });

  it("lets Paddle read a CV's e-mail still disputed after Tesseract's re-read from the same prepared crop", async () => {
    const box: [number, number, number, number] = [0.08, 0.18, 0.3, 0.19];
    const first = [value('email', 'mateo.moreau@mail.example.org', box)];
    const second = [value('email', 'mate0.moreau@mail.example.org', box)];
    const paddle = fakePaddle('mateo.moreau@mail.example.org');
    const ctx = await context(fakeTesseract('mateo.moreau@mail.example.org'), first, second, cvDoctype, paddle);
    await reReadStep.run(ctx);
    expect(second[0]!.value).toBe('mateo.moreau@mail.example.org');
    // the enlarged crop, not the page's pixels
    expect(paddle.calls[0]).toBeGreaterThan(40);
    const email = reconcile(cvDoctype.fields, ctx.extracted).find((f) => f.key === 'email')!;
    expect(email).toMatchObject({ status: 'read', value: 'mateo.moreau@mail.example.org', evidence: ['reader_agree'] });
  });

  it("keeps Paddle's crop reading when it still disagrees, and never asks it when the engines agree", async () => {
    const box: [number, number, number, number] = [0.08, 0.18, 0.3, 0.19];
    const second = [value('email', 'mate0.moreau@mail.example.org', box)];
    const ctx = await context(
      fakeTesseract('mateo.moreau@mail.example.org'),
      [value('email', 'mateo.moreau@mail.example.org', box)],
      second,
      cvDoctype,
      fakePaddle('mate0.moreau@mail.exampie.org'),
    );
    await reReadStep.run(ctx);
    expect(second[0]!.value).toBe('mate0.moreau@mail.exampie.org');
    expect(reconcile(cvDoctype.fields, ctx.extracted).find((f) => f.key === 'email')).toMatchObject({ status: 'conflict', value: null });

    const paddle = fakePaddle('someone.else@example.org');
    const agreed = [value('email', 'mateo.moreau@mail.example.org', box)];
    await reReadStep.run(
      await context(fakeTesseract('mateo.moreau@mail.example.org'), [value('email', 'mate0.moreau@mail.example.org', box)], agreed, cvDoctype, paddle),
    );
    expect(paddle.calls).toEqual([]);
    expect(agreed[0]!.value).toBe('mateo.moreau@mail.example.org');
  });

  it("lets Paddle read a total still disputed after Tesseract's re-read from the same prepared crop, its reading kept whatever it says", async () => {
    const box: [number, number, number, number] = [0.8, 0.7, 0.95, 0.712];
    const second = [value('total', 65, box)];
    const paddle = fakePaddle('RM 65.20');
    const ctx = await context(fakeTesseract('RM 65.20'), [value('total', 65.2, box)], second, receipt, paddle);
    // Tesseract's page read and Paddle's agree already: Paddle is not asked again.
    await reReadStep.run(await context(fakeTesseract('RM 65.20'), [value('total', 65.2, box)], [value('total', 65.2, box)], receipt, paddle));
    expect(paddle.calls).toEqual([]);
    await reReadStep.run(ctx);
    expect(second[0]!.value).toBe(65.2);
    expect(paddle.calls[0]).toBeGreaterThan(40);
    expect(reconcile(receipt.fields, ctx.extracted).find((f) => f.key === 'total')).toMatchObject({ status: 'read', value: 65.2 });
    const still = [value('total', 65, box)];
    await reReadStep.run(await context(fakeTesseract('RM 65.20'), [value('total', 65.2, box)], still, receipt, fakePaddle('RM 85.20')));
    expect(still[0]!.value).toBe(85.2);
  });

  it("cuts Tesseract's crop from the page made even for it, and Paddle's from the page as it came", async () => {
    const box: [number, number, number, number] = [0.8, 0.7, 0.95, 0.712];
    const darkest: Record<string, number> = {};
    const min = async (png: Buffer) => (await openImage(png).greyscale().stats()).channels[0]!.min;
    const tesseract = {
      readRegion: async (png: Buffer) => {
        darkest.tesseract = await min(png);
        return { text: 'RM 65.20', confidence: 0.9, lines: [{ text: 'RM 65.20', box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
      },
    };
    const paddle = fakePaddle('RM 65.20');
    const readCrops = paddle.readCrops;
    paddle.readCrops = async (png, boxes) => {
      darkest.paddle = await min(png);
      return readCrops(png, boxes);
    };
    const ctx = await context(
      tesseract as unknown as ReturnType<typeof fakeTesseract>,
      [value('total', 65.2, box)],
      [value('total', 65, box)],
      receipt,
      paddle,
    );
    // The even page differs from the (white) page as it came by a dark stroke across the value.
    const even = Buffer.alloc(400 * 1000, 255);
    for (let x = 330; x < 370; x++) for (let y = 702; y < 710; y++) even[y * 400 + x] = 20;
    const png = await openImage(even, { raw: { width: 400, height: 1000, channels: 1 } })
      .png()
      .toBuffer();
    ctx.evenPages = [{ page: 1, width: 400, height: 1000, png }];
    // Tesseract's crop still disagrees with Paddle's page value, so Paddle reads its own crop too.
    await reReadStep.run(ctx);
    expect(darkest.tesseract).toBeLessThan(100);
    expect(darkest.paddle).toBeGreaterThan(200);
  });

  it('never makes up a phone number the crop does not show: a crop without one leaves the page reading', async () => {
    const box: [number, number, number, number] = [0.08, 0.2, 0.3, 0.21];
    const first = [value('phone', '+49 169.3392471', box)];
    const ctx = await context(fakeTesseract('Tel. +49 16'), first, [value('phone', '+49 169 3392477', box)], cvDoctype);
    await reReadStep.run(ctx);
    expect(first[0]!.value).toBe('+49 169.3392471');
    const phone = reconcile(cvDoctype.fields, ctx.extracted).find((f) => f.key === 'phone')!;
    expect(phone).toMatchObject({ status: 'conflict', value: null });
  });
});

describe("reading a total's row, or the whole slip, again when the page read gave no total or took it from under its label", () => {
  const slip = (...rows: string[]) => placed(slipEntries(...rows));
  /** A Tesseract whose read of the whole page gives `block`'s lines, and of a row's crop nothing;
   * it notes the page segmentation mode of each whole-page read. */
  function blockTesseract(block: ReturnType<typeof placed>) {
    const modes: Array<number | undefined> = [];
    return {
      modes,
      readRegion: async (png: Buffer, opts: { psm?: number } = {}) => {
        const whole = (await openImage(png).metadata()).height === 1000;
        if (whole) modes.push(opts.psm);
        const lines = whole ? block.pages[0]!.lines : [];
        return { text: lines.map((l) => l.text).join('\n'), confidence: 0.9, lines };
      },
    };
  }
  async function slipContext(page: ReturnType<typeof placed>, tesseract: ReturnType<typeof blockTesseract>, doctype: Doctype = receipt) {
    const ctx = await context(tesseract as unknown as ReturnType<typeof fakeTesseract>, [], [], doctype);
    const now = new Date('2025-06-01T00:00:00Z');
    Object.assign(ctx, { input: { now }, readings: [page] });
    ctx.extracted[0]!.values = doctype.extract(page, { now, pages: page.pages });
    return ctx;
  }
  // The page read (psm 3) laid the amounts out as a column of their own and lost it.
  const laidOut = () => slip('BAKERY ONE', 'BREAD', 'MILK', 'SUMME EUR', 'BAR');
  const asBlock = () => slip('BAKERY ONE', 'BREAD | 3.18', 'MILK | 8.61', 'SUMME EUR | 11.79', 'BAR | 20.00');

  it("takes the block read's rows with amounts when the page read lost the total's, and keeps the rest as laid out", async () => {
    const tesseract = blockTesseract(asBlock());
    const ctx = await slipContext(laidOut(), tesseract);
    // The block read spells the shop's name otherwise: the page read's name is kept.
    tesseract.readRegion = ((read) => async (png: Buffer, opts?: { psm?: number }) => {
      const out = await read(png, opts);
      return { ...out, lines: out.lines.map((l) => (l.text === 'BAKERY ONE' ? { ...l, text: 'BAKERY 0NE' } : l)) };
    })(tesseract.readRegion);
    await reReadTotalRowsStep.run(ctx);
    expect(tesseract.modes).toContain(6);
    expect(ctx.extracted[0]!.values.find((v) => v.key === 'total')?.value).toBe(11.79);
    const lines = ctx.readings[0]!.pages[0]!.lines.map((l) => l.text);
    expect(lines).toEqual(['BAKERY ONE', 'BREAD', '3.18', 'MILK', '8.61', 'SUMME EUR', '11.79', 'BAR', '20.00']);
    expect(ctx.raw.re_read).toContainEqual({ key: 'total_row', page: '(not laid out)', crop: '11.79' });
  });

  it("reads a slip again as one block when the page read found no total's label at all", async () => {
    const tesseract = blockTesseract(asBlock());
    const ctx = await slipContext(slip('BAKERY ONE', 'BREAD', 'MILK', 'BAR'), tesseract);
    await reReadTotalRowsStep.run(ctx);
    expect(tesseract.modes).toEqual([6]);
    expect(ctx.extracted[0]!.values.find((v) => v.key === 'total')?.value).toBe(11.79);
  });

  it('keeps the page read when the block read finds no total either', async () => {
    const ctx = await slipContext(laidOut(), blockTesseract(slip('BAKERY ONE', 'BREAD', 'SUMME')));
    await reReadTotalRowsStep.run(ctx);
    expect(ctx.extracted[0]!.values.some((v) => v.key === 'total')).toBe(false);
    expect(ctx.readings[0]!.pages[0]!.lines.map((l) => l.text)).toEqual(laidOut().pages[0]!.lines.map((l) => l.text));
  });

  it('reads an invoice no other way: its columns are laid out on purpose', async () => {
    const tesseract = blockTesseract(asBlock());
    await reReadTotalRowsStep.run(await slipContext(laidOut(), tesseract, invoice));
    expect(tesseract.modes).toEqual([]);
  });

  it("reads no subtotal's row again: its label read back misread would make its amount the total", async () => {
    const tesseract = blockTesseract(slip('BAKERY ONE', 'BREAD', 'SUB TOTAL'));
    // A row's crop reads the subtotal's label as a total's ("sus ToTAL").
    let rowsRead = 0;
    tesseract.readRegion = ((read) => async (png: Buffer, opts?: { psm?: number }) => {
      const out = await read(png, opts);
      if ((await openImage(png).metadata()).height === 1000) return out;
      rowsRead++;
      const line = { text: 'sus ToTAL 35.96', box: [0, 0, 1, 1] as [number, number, number, number], confidence: 0.9, words: [] };
      return { text: line.text, confidence: 0.9, lines: [line] };
    })(tesseract.readRegion);
    const ctx = await slipContext(slip('BAKERY ONE', 'BREAD | 35.96', 'SUB TOTAL', 'BAR'), tesseract);
    await reReadTotalRowsStep.run(ctx);
    expect(rowsRead).toBe(0);
    expect(ctx.extracted[0]!.values.some((v) => v.key === 'total')).toBe(false);
  });

  it('reads no page again when the page read found a total', async () => {
    const tesseract = blockTesseract(asBlock());
    await reReadTotalRowsStep.run(await slipContext(slip('BAKERY ONE', 'TOTAL | 5.00'), tesseract));
    expect(tesseract.modes).toEqual([]);
  });

  /** A Tesseract reading every row's crop as `row`, counting the rows it read. */
  function rowTesseract(row: string) {
    const tesseract = blockTesseract(slip());
    const read = { rows: 0 };
    tesseract.readRegion = async () => {
      read.rows++;
      const line = { text: row, box: [0, 0, 1, 1] as [number, number, number, number], confidence: 0.9, words: [] };
      return { text: row, confidence: 0.9, lines: row ? [line] : [] };
    };
    return { tesseract, read };
  }
  // The page read lost the amounts' column; under the bare total label it kept the tender's amount, Cash's label lost.
  const tenderUnder = () => slip('BAKERY ONE', 'BREAD', 'TOTAL DUE RM', '300.00', 'CHANGE');

  it("reads again the row of a bare total label whose amount was taken from the line under it, and takes the row's own", async () => {
    const { tesseract, read } = rowTesseract('TOTAL DUE RM 291.95');
    const ctx = await slipContext(tenderUnder(), tesseract);
    expect(ctx.extracted[0]!.values.find((v) => v.key === 'total')?.value).toBe(300);
    await reReadTotalRowsStep.run(ctx);
    expect(read.rows).toBe(1);
    expect(ctx.extracted[0]!.values.find((v) => v.key === 'total')?.value).toBe(291.95);
    expect(ctx.raw.re_read).toContainEqual({ key: 'total_row', page: 'TOTAL DUE RM', crop: 'TOTAL DUE RM 291.95' });
  });

  it('keeps the amount under a bare total label when its row read again holds none: the slip printed it there', async () => {
    const { tesseract, read } = rowTesseract('TOTAL DUE RM');
    const ctx = await slipContext(tenderUnder(), tesseract);
    await reReadTotalRowsStep.run(ctx);
    expect(read.rows).toBe(1);
    expect(ctx.extracted[0]!.values.find((v) => v.key === 'total')?.value).toBe(300);
  });

  it("reads no row again when the total stood on its label's row", async () => {
    const { tesseract, read } = rowTesseract('TOTAL 9.99');
    await reReadTotalRowsStep.run(await slipContext(slip('BAKERY ONE', 'TOTAL | 5.00', 'CASH', '10.00'), tesseract));
    expect(read.rows).toBe(0);
  });
});

describe('a crop with its faint ink darkened', () => {
  /** A 200 × 40 page of paper at 235 with four strokes in ink (20) and one faded to a pale grey
   * (205) on the same rows, and a speck of the grey on the paper. */
  async function fadedPage() {
    const width = 200;
    const height = 40;
    const px = Buffer.alloc(width * height, 235);
    for (let y = 12; y < 28; y++) {
      for (const at of [20, 40, 60, 80]) for (let x = at; x < at + 6; x++) px[y * width + x] = 20;
      for (let x = 120; x < 126; x++) px[y * width + x] = 205;
    }
    px[5 * width + 160] = 205;
    const png = await openImage(px, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    return { png, width, height };
  }
  const inkAt = async (png: Buffer, fx: number, fy: number) => {
    const { data, info } = await openImage(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    return data[Math.round(fy * (info.height - 1)) * info.width + Math.round(fx * (info.width - 1))];
  };

  it('turns a faded stroke to ink as dark as the rest, and leaves the paper and a speck on it white', async () => {
    const crop = await darkenedCrop(await fadedPage(), [0, 0, 1, 1], 0.1);
    const back = (x: number, y: number): [number, number] => {
      // the crop's fractions for a page's point: the inverse of toPage, found by its linearity
      const [a, b, c, d] = crop!.toPage([0, 0, 1, 1]);
      return [(x - a) / (c - a), (y - b) / (d - b)];
    };
    expect(await inkAt(crop!.png, ...back(43 / 200, 20 / 40))).toBe(0);
    expect(await inkAt(crop!.png, ...back(123 / 200, 20 / 40))).toBe(0);
    expect(await inkAt(crop!.png, ...back(100 / 200, 20 / 40))).toBe(255);
    expect(await inkAt(crop!.png, ...back(160 / 200, 5.5 / 40))).toBe(255);
  });

  it('leaves a pale grey out when it is darker than the paper by less than the share asked', async () => {
    const crop = await darkenedCrop(await fadedPage(), [0, 0, 1, 1], 0.2);
    const [a, b, c, d] = crop!.toPage([0, 0, 1, 1]);
    expect(await inkAt(crop!.png, (123 / 200 - a) / (c - a), (0.5 - b) / (d - b))).toBe(255);
  });
});
