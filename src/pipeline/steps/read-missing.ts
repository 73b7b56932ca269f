import { type DayOrder, findDates, resolveDate } from '../../doctypes/finance/dates.js';
import { TIME_OF_DAY } from '../../doctypes/finance/document-kind.js';
import { matchLabel } from '../../doctypes/finance/labels.js';
import { cents } from '../../doctypes/finance/money.js';
import { readingRows, type Row } from '../../doctypes/finance/rows.js';
import { slipDayOrder } from '../../doctypes/receipt.js';
import type { ExtractedValue, FieldSpec } from '../../doctypes/types.js';
import { canonical } from '../../domain/normalise.js';
import { meanConfidence } from '../../readers/support/geometry.js';
import type { Box, Line, PageImage, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { valueFromCrop } from './cross-read.js';
import { uprightPage } from './page-image.js';
import { addReading, noteEngine } from './read.js';
import { paddleCropLines, paddleDetectedLines, reReadLines } from './re-read.js';

/** Kinds parsed out of a crop's text: a name would be the crop's whole text (see re-read.ts). */
const KINDS = new Set<FieldSpec['kind']>(['amount', 'date']);

/** Till slips, whose faint small print Tesseract's page read garbles. An identity document's dates
 * come from its MRZ band, read by every engine already; invoices were not measured with this. */
const TYPES = new Set(['receipt']);

export interface MissingRead {
  key: string;
  paddle: string;
  tesseract: string;
}

/** The cross-read step only looks where Tesseract found a value, so a required date or total
 * that Tesseract's page read garbled is read by neither engine (nor is a part of the total whose
 * amount it dropped: partsUnread). Then the second engine
 * (PaddleOCR) reads the upright pages itself and its extractor places the missing values; each
 * such value's row is read again by Tesseract from its prepared crop (re-read.ts), and that
 * reading is Tesseract's value for the field. The two engines still read the pixels independently, so a
 * value stands only where both read it alike; the page reading is kept out of the rules, which
 * look at the readings as before. */
export const readMissingStep: Step<ReadContext> = {
  name: 'read_missing',
  async run(ctx) {
    const doctype = ctx.doctype;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    if (!doctype || !TYPES.has(doctype.type) || !first || !ctx.intake?.images.length) return undefined;
    const missing = doctype.fields.filter((f) => (f.required || f.isKey) && KINDS.has(f.kind) && !first.values.some((v) => v.key === f.key));
    const parts = partsUnread(doctype.fields, first.values);
    if (missing.length === 0 && parts.length === 0) return undefined;
    const paddle = await ctx.deps.readers.get('paddle');
    if (!paddle) return undefined;
    const pages: PageImage[] = [];
    for (const image of ctx.intake.images) {
      const upright = await uprightPage(ctx, image.page);
      if (upright) pages.push({ page: image.page, ...upright });
    }
    if (pages.length === 0) return undefined;
    let reading: ReaderOutput;
    try {
      reading = await paddle.read({ images: pages, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    } catch (err) {
      ctx.signal?.throwIfAborted();
      ctx.raw.reader_failures = [...((ctx.raw.reader_failures as string[] | undefined) ?? []), `paddle: ${(err as Error).message}`];
      return undefined;
    }
    // Where the slip was printed, as Tesseract's page read saw it, tells PaddleOCR's dates' order too.
    const otherLines = ctx.readings.filter((r) => r.reader === 'tesseract').flatMap((r) => r.pages.flatMap((p) => p.lines.map((l) => l.text)));
    const found = doctype.extract(reading, { now: ctx.input.now, pages: reading.pages, otherLines });
    const second: ExtractedValue[] = [];
    const done: MissingRead[] = [];
    for (const spec of [...missing, ...parts]) {
      const theirs = found.find((v) => v.key === spec.key && v.region);
      if (!theirs || canonical(spec.kind, theirs.value) === null) continue;
      second.push(theirs);
      // The whole row across the page: Paddle's word boxes are shares of its line box, too
      // rough to cut one figure out by; the label beside the value does not hide it (cross-read.ts).
      const [, y0, , y1] = theirs.region!.box;
      const lines = await reReadLines(ctx, { page: theirs.region!.page, box: [0, y0, 1, y1] });
      const text = (lines ?? []).map((l) => l.text).join(' ');
      const value = text ? valueFromCrop(spec, text, theirs.value) : null;
      done.push({ key: spec.key, paddle: theirs.raw, tesseract: text });
      if (value === null || canonical(spec.kind, value) === null) continue;
      const confidence = meanConfidence(lines!);
      first.values.push({ key: spec.key, value, raw: text, region: theirs.region, confidence });
    }
    // A date neither page read placed: its garbled row in Tesseract's page read, read again by both.
    const tesseractReading = ctx.readings.find((r) => r.reader === 'tesseract');
    for (const spec of missing) {
      if (spec.kind !== 'date' || second.some((v) => v.key === spec.key) || !tesseractReading) continue;
      let read: Awaited<ReturnType<typeof dateFromGarbledRows>>;
      try {
        read = await dateFromGarbledRows(ctx, [tesseractReading, reading], spec);
      } catch (err) {
        // A crop that cannot be read leaves the date unread, as before.
        ctx.signal?.throwIfAborted();
        ctx.raw.reader_failures = [...((ctx.raw.reader_failures as string[] | undefined) ?? []), `paddle: ${(err as Error).message}`];
        continue;
      }
      if (!read) continue;
      first.values.push(read.tesseract);
      second.push(read.paddle);
      done.push({ key: spec.key, paddle: read.paddle.raw, tesseract: read.tesseract.raw });
    }
    if (second.length === 0) return undefined;
    const entry = ctx.extracted.find((e) => e.reader === 'paddle');
    if (entry) entry.values.push(...second);
    else ctx.extracted.push({ reader: 'paddle', values: second });
    // The page reading stays out of `readings` (see above); the reader is listed as having read.
    if (!ctx.readings.some((r) => r.reader === 'paddle')) addReading(ctx, { ...reading, pages: [] });
    else noteEngine(ctx, paddle.engine);
    ctx.raw.read_missing = done;
    return undefined;
  },
};

/** The amounts a slip's total is made of besides its subtotal. */
const TOTAL_PARTS = ['service_charge', 'tax_amount', 'rounding'];

/** Where Tesseract's subtotal and the parts it read do not make its total, the parts it has no
 * value for: a row whose amount its page read dropped ("CUKAI JUALAN 10%" read with no 20.59
 * beside it) or whose label it garbled ("CA) PERKHIDMATAN 12.43"). They are looked for as a
 * missing total is, so that the sum is checked on what was printed rather than on what one page
 * read lost. */
function partsUnread(fields: readonly FieldSpec[], values: readonly ExtractedValue[]): FieldSpec[] {
  const amount = (key: string): number | null => {
    const v = values.find((x) => x.key === key)?.value;
    return typeof v === 'number' ? v : null;
  };
  const subtotal = amount('subtotal');
  const total = amount('total');
  if (subtotal === null || total === null) return [];
  const made = TOTAL_PARTS.reduce((sum, key) => sum + cents(amount(key) ?? 0), cents(subtotal));
  if (Math.abs(made - cents(total)) <= 1) return [];
  return fields.filter((f) => TOTAL_PARTS.includes(f.key) && amount(f.key) === null);
}

/** A group of digits shaped as a date, whatever its values ("2025/05/67", "18.94.25"), or a month
 * and a year whose day went unread ("4/2025 18:37"). */
const DATE_SHAPED = /(?<!\d)\d{1,4}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}(?!\d)|(?<!\d)\d{1,2}[./-](?:19|20)\d{2}(?!\d)/;
/** Most rows read again for a date: each is one Tesseract and one PaddleOCR crop. */
const MAX_DATE_ROWS = 3;
/** A time of day run into the digits before it ("20/05/2 507:18", a year's last digit set past the
 * gap) or cut after its hour ("05.25 19: #4", the day lost before it). */
const TIME_RUN_IN = /(?:[01]\d|2[0-3]):[0-5]\d(?!\d)|(?<!\d)\d{1,2}[./-]\d{2}\s+(?:[01]?\d|2[0-3]):/;

/** Where neither engine's page read placed the date, the rows of Tesseract's page read, then those
 * of PaddleOCR's at other heights (Tesseract may have lost the date's whole line: "Uhrzeit 22:27"
 * in PaddleOCR's alone, "Datum 26.04.2025" before it lost), that show
 * one garbled (a date-shaped group no calendar has, a date cut at its start), its label or a time
 * of day (a till prints the date beside it: "07:02 Ticket n° …", the date before it lost) are read
 * again, each across the page: by Tesseract from its prepared crop, by PaddleOCR through its text
 * detector from the crop of the page made even, at full resolution (its page read was downscaled,
 * and faint print on a grey slip showed it no line). Two engines' looks at two images:
 * where PaddleOCR's crop shows a date written so that it can only be read one way (the year first,
 * or a day past 12), its date and Tesseract's crop reading are each engine's value, and reconcile
 * finds them agreeing or disputing (Tesseract's still garbled, a date-shaped group no calendar
 * has, is a dispute the third look may settle); any other date stays unread. */
async function dateFromGarbledRows(
  ctx: ReadContext,
  readings: readonly ReaderOutput[],
  spec: FieldSpec,
): Promise<{ tesseract: ExtractedValue; paddle: ExtractedValue } | null> {
  const showsDate = (r: Row) => DATE_SHAPED.test(r.text) || matchLabel('invoice_date', r.text) || TIME_OF_DAY.test(r.text) || TIME_RUN_IN.test(r.text);
  // A till prints the slip's number beside its date ("08-05-2025 17:07  TICKET 80870", "NO. BIL
  // 0193"): a row with that label and nothing of a date left in it is read after those that show one.
  const showsNumber = (r: Row) => matchLabel('invoice_number', r.text) !== null;
  const all = readings.flatMap((reading) => readingRows(reading));
  const rows: Row[] = [];
  for (const r of [...all.filter(showsDate), ...all.filter((r) => !showsDate(r) && showsNumber(r))]) {
    const mid = (r.box[1] + r.box[3]) / 2;
    if (!rows.some((o) => o.page === r.page && mid >= o.box[1] && mid <= o.box[3])) rows.push(r);
  }
  rows.splice(MAX_DATE_ROWS);
  // The slip's own day order, as its extractor takes it from both page reads (receipt.ts).
  const texts = (reading: ReaderOutput) => reading.pages.flatMap((p) => p.lines.map((l) => l.text));
  const currency = ctx.extracted.find((e) => e.reader === 'tesseract')?.values.find((v) => v.key === 'currency')?.value;
  const order = slipDayOrder(texts(readings[0]!), typeof currency === 'string' ? currency : null, readings.slice(1).flatMap(texts));
  for (const row of rows) {
    const box: Box = [0, row.box[1], 1, row.box[3]];
    const region = { page: row.page, box };
    const lines = await reReadLines(ctx, region);
    const text = (lines ?? []).map((l) => l.text).join(' ');
    const lstm = oneWayDate(text, order);
    // Tesseract's crop garbling the date past its shape ("wo/05/25" for 10/05/25) is its reading
    // still: PaddleOCR's may show the date, and the two dispute it.
    const page = text.trim() ? await uprightPage(ctx, row.page, { even: true }) : null;
    if (!page) continue;
    // Print too faint for its detector at the page's scale (dot matrix under a shadow): the crop
    // enlarged and contrast stretched, as the re-read step gives PaddleOCR a date's crop, from the
    // even page, then from the page as it was (stretching the page's own shades reads some better).
    const looks = [
      async () => (await paddleDetectedLines(ctx, region, page)) ?? [],
      async () => (await paddleCropLines(ctx, region, page)) ?? [],
      async () => (await paddleCropLines(ctx, region)) ?? [],
    ];
    let theirs: { iso: string; text: string } | null = null;
    let theirLines: Line[] = [];
    for (const look of looks) {
      theirLines = await look();
      theirs = oneWayDate(theirLines.map((l) => l.text).join(' '), order);
      if (theirs) break;
    }
    if (!theirs) continue;
    const confidence = meanConfidence(lines!);
    // Tesseract's crop still showing the date garbled is its reading as well: the dispute goes to
    // the third look, which reads such a date against PaddleOCR's a digit apart (third-look.ts).
    return {
      tesseract: { key: spec.key, value: lstm?.iso ?? text, raw: text, region, confidence },
      paddle: {
        key: spec.key,
        value: theirs.iso,
        raw: theirs.text,
        region,
        confidence: meanConfidence(theirLines),
      },
    };
  }
  return null;
}

/** The first date a crop's text shows, when its writing or the slip's day order gives it one way only. */
function oneWayDate(text: string, order: DayOrder | null): { iso: string; text: string } | null {
  const date = findDates(text)[0];
  const resolved = date ? resolveDate(date.raw, order) : null;
  return resolved && !resolved.ambiguous ? { iso: resolved.iso, text } : null;
}
