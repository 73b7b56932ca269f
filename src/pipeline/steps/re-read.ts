import { matchLabel } from '../../doctypes/finance/labels.js';
import { cutDoubtAnswered, cutDoubtsAnsweredByEachOther } from '../../doctypes/receipt.js';
import { findDates } from '../../doctypes/finance/dates.js';
import { findAmounts } from '../../doctypes/finance/money.js';
import { readingRows, type Row } from '../../doctypes/finance/rows.js';
import type { ExtractedValue, FieldSpec } from '../../doctypes/types.js';
import { amountsIn, amountTokens, canonical, parseDate } from '../../domain/normalise.js';
import { openImage } from '../../imaging/open.js';
import type { TesseractReader } from '../../readers/tesseract.js';
import type { Box, Line, PageImage, PageText, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { centsJoined, linesWithin, sumFromCrops, valueFromCrop, widen } from './cross-read.js';
import { uprightPage } from './page-image.js';

/** Letter height (px) the crop is enlarged towards: Tesseract's LSTM reads best at about 30–40 px
 * and loses decimal points and thin digits on the 10–15 px letters of a faint till slip. */
const TARGET_LINE_PX = 40;
const MAX_SCALE = 4;
/** White margin (px) around the crop: Tesseract misreads glyphs that touch the image edge. */
const BORDER_PX = 12;
/** Most disputed values re-read per document; each is one small Tesseract job. */
const MAX_RE_READS = 8;
/** Most total rows re-read per document. */
const MAX_ROW_RE_READS = 3;

export interface ReRead {
  key: string;
  page: string;
  crop: string;
  /** The engine that looked again, when not Tesseract. */
  reader?: 'paddle';
}

/** Where the two engines disagree on a value, the first reader (Tesseract) reads it again from its
 * own crop, prepared for it: enlarged to a readable letter size, grey, contrast stretched, with a
 * white margin. The page read saw the value at the page's scale among everything else; the crop
 * read is Tesseract's better look at the same pixels and replaces its page value whatever it says
 * (it is never chosen for agreeing). Agreement still needs the second engine (Paddle) to have read
 * the same, so a value both engines misread alike is as unlikely as before. A value still
 * disputed after that is read by Paddle from the same prepared crop, and that reading likewise
 * replaces Paddle's whatever it says. */
export const reReadStep: Step<ReadContext> = {
  name: 're_read',
  async run(ctx) {
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    const second = ctx.extracted.find((e) => e.reader === 'paddle');
    if (!first || !second || !ctx.doctype) return undefined;
    cutDoubtsAnsweredByEachOther(first.values, second.values);
    const specs = new Map(ctx.doctype.fields.map((f) => [f.key, f]));
    const disputed = first.values.filter((v) => isDisputed(specs.get(v.key), v, second.values)).slice(0, MAX_RE_READS);
    const done: ReRead[] = [];
    // Values to which Tesseract's crop added digits its page read did not see, with those digits.
    const addedDigits = new Map<ExtractedValue, AddedDigits>();
    for (const v of disputed) {
      const spec = specs.get(v.key)!;
      const read = await cropValue((region) => reReadText(ctx, region), spec, v);
      if (read === null) continue;
      const { text, value } = read;
      if (value === null || canonical(spec.kind, value) === null) continue;
      // A crop in which the field's grammar finds no value leaves the page's value as it was.
      if (spec.grammar && spec.grammar(text).length === 0) continue;
      // A re-read corrects digits, not the sign: a minus the crop takes in from the row ("-2 5.94")
      // would make a total the extractor never accepts.
      if (spec.kind === 'amount' && Math.sign(Number(value)) !== Math.sign(Number(v.value))) continue;
      const digits = printedDigits(spec, { value: v.value, raw: v.raw }, { value, raw: text });
      if (cutShort(digits) || dateLost(spec, digits)) continue;
      const added = digitsAdded(digits);
      if (added) addedDigits.set(v, { digits: added, page: printedDate({ value: v.value, raw: v.raw }) ?? v.raw });
      done.push({ key: v.key, page: v.raw, crop: text });
      replaceValue(v, value, text);
    }
    // A value still disputed: the second engine's look at the same prepared crop. Till print is
    // small, and Paddle too drops or swaps digits at the page's scale.
    for (const v of disputed) {
      const spec = specs.get(v.key)!;
      if (!isDisputed(spec, v, second.values)) continue;
      const read = await cropValue((region) => paddleCropText(ctx, region), spec, v);
      if (read === null || (spec.grammar && spec.grammar(read.text).length === 0)) continue;
      const { text, value } = read;
      if (value === null || canonical(spec.kind, value) === null) continue;
      if (spec.kind === 'amount' && Math.sign(Number(value)) !== Math.sign(Number(v.value))) continue;
      for (const o of second.values.filter((o) => o.key === v.key)) {
        const digits = printedDigits(spec, { value: o.value, raw: o.raw }, { value, raw: text });
        if (cutShort(digits) || dateLost(spec, digits)) continue;
        done.push({ key: v.key, page: o.raw, crop: text, reader: 'paddle' });
        replaceValue(o, value, text);
      }
      const added = addedDigits.get(v);
      if (added) doubtFaintDigits(v, spec, added);
    }
    if (done.length) ctx.raw.re_read = [...((ctx.raw.re_read as ReRead[] | undefined) ?? []), ...done];
    return undefined;
  },
};

/** A total the first reader saw the label of but not the amount: Tesseract's page read of a till
 * slip turns a small "105.00" into "105. 00", "(742)" or "343.%", and no total is found, or the
 * amount of the line under the bare label is taken, which may be another row's. The
 * row, across the page, is read again from its prepared crop and its lines replace the page
 * read's; the extractor then places the amounts as on any page. A till slip still without a
 * total is read again whole as one block of lines (psm 6): laying the page out (psm 3) splits a
 * slip's right-hand amounts into a column of their own, which Tesseract at times drops altogether
 * ("SUMME EUR" with no amount, the items without prices); when a total is found in the block read,
 * its rows holding amounts are taken in place of the laid-out lines beside them. An invoice's
 * columns are laid out on purpose, and it is not read so. Nothing is published on this alone: the
 * second engine reads the total's crop afterwards (cross-read), as for every value. */
export const reReadTotalRowsStep: Step<ReadContext> = {
  name: 're_read_rows',
  async run(ctx) {
    const doctype = ctx.doctype;
    if (!doctype || !doctype.fields.some((f) => f.key === 'total')) return undefined;
    const entry = ctx.extracted.find((e) => e.reader === 'tesseract');
    const reading = ctx.readings.find((r) => r.reader === 'tesseract');
    if (!entry || !reading) return undefined;
    const total = entry.values.find((v) => v.key === 'total');
    const pageRows = readingRows(reading);
    // A subtotal's row is no total's, whatever "TOTAL" it holds: read again, its label may come back
    // misread ("SUB TOTAL" as "sus ToTAL") and its amount be taken for the total.
    const bare = pageRows.filter(
      (r) => (matchLabel('total', r.text) || matchLabel('amount_due', r.text)) && !matchLabel('subtotal', r.text) && findAmounts(r.text).length === 0,
    );
    // A total found is read again only when its amount was taken from the line under its bare
    // label: where the page read dropped the amounts' column, the next amount it kept may be the
    // tender's ("TOTAL DUE RM" over "300.00", Cash's, with Cash lost).
    const rows = total ? bare.filter((r) => takenFromUnder(total, pageRows[pageRows.indexOf(r) + 1])) : bare;
    if (total && rows.length === 0) return undefined;
    const tesseract = await ctx.deps.readers.get('tesseract');
    const done: ReRead[] = [];
    for (const row of rows.slice(0, MAX_ROW_RE_READS)) {
      const page = reading.pages.find((p) => p.page === row.page);
      const image = await uprightPage(ctx, row.page, { even: true });
      if (!page || !image) continue;
      const box: Box = [0, row.box[1], 1, row.box[3]];
      const crop = await preparedCrop(image, box);
      if (!crop) continue;
      const read = await tesseract.readRegion(crop.png, { psm: 6, ...(ctx.signal ? { signal: ctx.signal } : {}) });
      const lines = linesWithin(
        read.lines.map((l) => onPage(l, crop.toPage)),
        box,
      );
      const text = lines.map((l) => l.text).join(' ');
      if (findAmounts(text).length === 0) continue;
      const inRow = (l: Line) => {
        const mid = (l.box[1] + l.box[3]) / 2;
        return mid >= box[1] && mid <= box[3];
      };
      page.lines = [...page.lines.filter((l) => !inRow(l)), ...lines].sort((a, b) => a.box[1] - b.box[1]);
      done.push({ key: 'total_row', page: row.text, crop: text });
    }
    if (done.length) entry.values = doctype.extract(reading, { now: ctx.input.now, pages: reading.pages });
    if (!entry.values.some((v) => v.key === 'total') && doctype.type === 'receipt') {
      const block = await blockRead(ctx, tesseract, reading);
      if (block && doctype.extract(block, { now: ctx.input.now, pages: block.pages }).some((v) => v.key === 'total')) {
        // Only the block read's rows that hold an amount are taken, each in place of the page
        // read's lines beside it: the rest (the shop's name, its address) stays as laid out,
        // which reads a slip's header as well or better.
        const laidOut = reading.pages;
        reading.pages = laidOut.map((page) =>
          withAmountRows(
            page,
            block.pages.find((p) => p.page === page.page),
          ),
        );
        const values = doctype.extract(reading, { now: ctx.input.now, pages: reading.pages });
        const total = values.find((v) => v.key === 'total');
        if (total) {
          entry.values = values;
          done.push({ key: 'total_row', page: '(not laid out)', crop: total.raw });
        } else reading.pages = laidOut;
      }
    }
    if (done.length === 0) return undefined;
    ctx.raw.re_read = [...((ctx.raw.re_read as ReRead[] | undefined) ?? []), ...done];
    return undefined;
  },
};

/** The value was read on `under`, the row after its label's. */
function takenFromUnder(value: ExtractedValue, under: Row | undefined): boolean {
  const region = value.region;
  if (!region || !under || under.page !== region.page) return false;
  const mid = (region.box[1] + region.box[3]) / 2;
  return mid >= under.box[1] && mid <= under.box[3];
}

/** The page read's lines, with the rows of `block` that hold an amount in place of those beside them. */
function withAmountRows(page: PageText, block: PageText | undefined): PageText {
  const lines = block?.lines ?? [];
  const beside = (l: Line, of: Line[]) => of.some((r) => l.box[1] < r.box[3] && l.box[3] > r.box[1]);
  const withAmounts = lines.filter((l) => findAmounts(l.text).length > 0);
  const rows = lines.filter((l) => beside(l, withAmounts));
  return { ...page, lines: [...page.lines.filter((l) => !beside(l, rows)), ...rows].sort((a, b) => a.box[1] - b.box[1]) };
}

/** Tesseract's pages read again as one block of lines each (psm 6) instead of laid out (psm 3). */
async function blockRead(ctx: ReadContext, tesseract: TesseractReader, reading: ReaderOutput): Promise<ReaderOutput | null> {
  const pages: PageText[] = [];
  for (const page of reading.pages) {
    const image = await uprightPage(ctx, page.page, { even: true });
    if (!image) return null;
    const read = await tesseract.readRegion(image.png, { psm: 6, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    pages.push({ ...page, lines: read.lines });
  }
  return { ...reading, pages };
}

/** Tesseract's text of a region read again from its prepared crop (the lines within the region's
 * own height), or null when the page or the crop is not there. */
export async function reReadText(ctx: ReadContext, region: { page: number; box: Box }): Promise<string | null> {
  const lines = await reReadLines(ctx, region);
  return lines && lines.map((l) => l.text).join(' ');
}

/** Tesseract's lines (boxes on the page) of a region read from its prepared crop, or null. */
export async function reReadLines(ctx: ReadContext, region: { page: number; box: Box }): Promise<Line[] | null> {
  return reReadLinesWith(ctx, await ctx.deps.readers.get('tesseract'), region);
}

/** The same read by another Tesseract engine (the legacy classifier), the crop enlarged towards
 * `targetPx` letters. */
export async function reReadLinesWith(
  ctx: ReadContext,
  engine: Pick<TesseractReader, 'readRegion'>,
  region: { page: number; box: Box },
  targetPx = TARGET_LINE_PX,
  cropOf: (page: CroppedPage, box: Box, targetPx: number) => Promise<PreparedCrop | null> = preparedCrop,
): Promise<Line[] | null> {
  const page = await uprightPage(ctx, region.page, { even: true });
  const crop = page ? await cropOf(page, region.box, targetPx) : null;
  if (!crop) return null;
  const read = await engine.readRegion(crop.png, { psm: 6, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  return linesWithin(
    read.lines.map((l) => onPage(l, crop.toPage)),
    region.box,
  );
}

/** PaddleOCR's text of a region read from the prepared crop Tesseract's re-read saw (enlarged,
 * grey, contrast stretched) rather than from the page: at the page's scale a photographed "o"
 * is a few pixels, and Paddle reads it as "0" or drops letters ("mail.xamle."). */
export async function paddleCropText(ctx: ReadContext, region: { page: number; box: Box }): Promise<string | null> {
  const lines = await paddleCropLines(ctx, region);
  return lines && lines.map((l) => l.text).join(' ');
}

/** PaddleOCR and the image of the region's page it reads: `from`, another image of the page than
 * the upright one (the even page); null where PaddleOCR is off or the page has no image. */
async function paddleWithPage(ctx: ReadContext, region: { page: number }, from?: Omit<PageImage, 'page'>) {
  const paddle = await ctx.deps.readers.get('paddle');
  const page = paddle ? (from ?? (await uprightPage(ctx, region.page))) : null;
  return paddle && page ? { paddle, page, opts: { detectLines: true, ...(ctx.signal ? { signal: ctx.signal } : {}) } } : null;
}

/** The lines of paddleCropText, boxes on the page; `from` as for paddleWithPage. */
export async function paddleCropLines(ctx: ReadContext, region: { page: number; box: Box }, from?: Omit<PageImage, 'page'>): Promise<Line[] | null> {
  const reading = await paddleWithPage(ctx, region, from);
  const crop = reading ? await preparedCrop(reading.page, region.box) : null;
  if (!reading || !crop) return null;
  const [read] = await reading.paddle.readCrops(crop.png, [[0, 0, 1, 1]], reading.opts);
  return linesWithin(
    (read?.lines ?? []).map((l) => onPage(l, crop.toPage)),
    region.box,
  );
}

/** PaddleOCR's reading of the region's widened crop of the page at the page's own scale, through
 * its text detector, the lines within the region kept; `from` as for paddleWithPage. */
export async function paddleDetectedLines(ctx: ReadContext, region: { page: number; box: Box }, from?: Omit<PageImage, 'page'>): Promise<Line[] | null> {
  const reading = await paddleWithPage(ctx, region, from);
  if (!reading) return null;
  const [crop] = await reading.paddle.readCrops(reading.page.png, [widen(region.box)], reading.opts);
  return crop ? linesWithin(crop.lines, region.box) : null;
}

function onPage(line: Line, toPage: (b: Box) => Box): Line {
  return { ...line, box: toPage(line.box), words: line.words.map((w) => ({ ...w, box: toPage(w.box) })) };
}

/** Only values parsed out of the crop's text: an amount, a date, or a value of a field's grammar
 * (an e-mail address, a phone number). A name would be the crop's whole text, and re-reading it
 * made both engines agree on a misreading they share (a faint O read as U by each:
 * "CONFECTIUNERY"); an address spans lines. */
const RE_READ_KINDS = new Set<FieldSpec['kind']>(['amount', 'date']);

interface Reading {
  value: ExtractedValue['value'];
  raw: string;
}

/** A crop that reads a part of the page's value ("2,76" of "192,76", "8/04/2025" of "28/04/2025")
 * lost the rest at its edge: its box came from one reader's guess at the value's extent, so both
 * engines would read the same cut figure there, and their agreement would publish it. The page's
 * value stands. A date is compared as printed: its ISO form hides a lost digit ("2025-04-08"). */
function cutShort(digits: Digits | null): boolean {
  if (!digits) return false;
  const { was, now } = digits;
  return now.length > 0 && now.length < was.length && (was.endsWith(now) || was.startsWith(now));
}

/** A date the page read that its crop shows no date at all for ("Zeit20:00" of "DATUM 2025-04-04
 * Zeit 20:00", seed 26523): the crop lost the date at its edge or to faint print, and its text is
 * no reading of the date to stand in its place. */
const dateLost = (spec: FieldSpec, digits: Digits | null): boolean => spec.kind === 'date' && !!digits && digits.was.length > 0 && digits.now.length === 0;

interface AddedDigits {
  digits: string;
  /** The page read's value, as printed. */
  page: string;
}

/** The page's and the crop's digits as printed. */
interface Digits {
  was: string;
  now: string;
}

/** A date as printed, day, month and year in either order or the year first, whether or not a
 * calendar has it ("29-84-2025", a faint 0 read as 8). */
export const DATE_SHAPE = /(?<!\d)(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}[./-]\d{1,2}[./-]\d{1,2})(?!\d)/;

/** The page's and the crop's readings as their digits were printed, for the kinds whose values
 * hide them (an amount's cents, a date's ISO form); null for other kinds. A date no calendar has
 * counts as its digits are printed too: its crop cut short ("29-84-20" of "29-84-2025", seed 26006)
 * would leave a two-digit year that two engines then read alike. */
function printedDigits(spec: FieldSpec, page: Reading, crop: Reading): Digits | null {
  const dateDigits = (r: Reading) => (printedDate(r) ?? r.raw.match(DATE_SHAPE)?.[0] ?? '').replace(/\D/g, '');
  const digits = spec.kind === 'amount' ? amountDigits : spec.kind === 'date' ? dateDigits : null;
  return digits && { was: digits(page), now: digits(crop) };
}

/** An amount's digits as the value writes them with its cents, or as its reading printed them
 * where that shows one decimal ("13,1": a digit lost, which the value's cents would hide). */
function amountDigits(r: Reading): string {
  const value = Math.abs(Number(r.value));
  const cut = amountTokens(centsJoined(r.raw)).find((t) => /[.,]\d$/.test(t) && Math.abs(amountsIn(t)[0] ?? Number.NaN) === value);
  return (cut ?? value.toFixed(2)).replace(/\D/g, '');
}

/** The digits a crop reads beyond the page's value, at its start or its end ("1" of "15-04-2025"
 * where the page read "5-04-2025"), or null: print the page read did not see. */
function digitsAdded(digits: Digits | null): string | null {
  if (!digits) return null;
  const { was, now } = digits;
  if (was.length === 0 || now.length <= was.length) return null;
  if (now.endsWith(was)) return now.slice(0, now.length - was.length);
  if (now.startsWith(was)) return now.slice(was.length);
  return null;
}

/** Digits that only the prepared crop shows, in which both engines then read the value alike: the
 * page read of either saw no print there, so it is print too faint to read at the page's contrast,
 * and the crop's stretched contrast is one image both engines read, not two looks. A faint "0"
 * keeps little more than a "1"'s stroke: their agreement would publish a day or an amount neither
 * saw whole (a "05-04-2025" with its "0" faded read "15-04-2025" by both). A person reads it. */
function doubtFaintDigits(v: ExtractedValue, spec: FieldSpec, { digits, page }: AddedDigits): void {
  v.problems = [...new Set([...(v.problems ?? []), 'LOW_CONFIDENCE' as const])];
  v.reason = `The ${spec.label.toLowerCase()}'s "${digits}" shows only in its print made darker and larger, where both engines read it; neither saw it on the page (read "${page}"), and print this faint may be misread alike. A person must read it.`;
}

/** The date as printed in a reading's text: the first written date that gives its value. */
function printedDate({ value, raw }: Reading): string | null {
  return findDates(raw).find((d) => [parseDate(d.raw, 'dmy')?.iso, parseDate(d.raw, 'mdy')?.iso].includes(String(value)))?.raw ?? null;
}

/** A disputed value read again from its crop by `read`: a sum of amounts printed apart
 * (`sumOf`) from each part's own crop, added, since their union's text would give its last amount. */
async function cropValue(
  read: (region: { page: number; box: Box }) => Promise<string | null>,
  spec: FieldSpec,
  v: ExtractedValue,
): Promise<{ text: string; value: ExtractedValue['value'] } | null> {
  if (v.sumOf && v.parts) {
    const texts: string[] = [];
    for (const box of v.parts) {
      const text = await read({ page: v.region!.page, box });
      if (text === null) return null;
      texts.push(text);
    }
    return { text: texts.join(' + '), value: sumFromCrops(spec, texts, v.sumOf) };
  }
  const text = await read(v.region!);
  return text === null ? null : { text, value: valueFromCrop(spec, text, v.value) };
}

/** The crop's reading in place of the page's. Evidence the extractor gave (a check digit that
 * passed) vouched for the page's characters, not the crop's, so it goes with them. */
function replaceValue(v: ExtractedValue, value: ExtractedValue['value'], text: string): void {
  // The page read's doubt about digits its text may have lost is answered by the crop's text.
  if (v.key === 'date') cutDoubtAnswered(v, text);
  v.value = value;
  v.raw = text;
  delete v.evidence;
}

/** A value its own check digit vouches for (an MRZ field) is settled by that check, not by a
 * look at its crop: the MRZ's characters are no date or amount a crop's grammar would find. */
function isDisputed(spec: FieldSpec | undefined, v: ExtractedValue, others: ExtractedValue[]): boolean {
  if (!spec || !(RE_READ_KINDS.has(spec.kind) || spec.grammar) || !v.region || (v.evidence?.length ?? 0) > 0) return false;
  const mine = canonical(spec.kind, v.value);
  const theirs = others.filter((o) => o.key === v.key).map((o) => canonical(spec.kind, o.value));
  return mine !== null && theirs.length > 0 && !theirs.includes(mine);
}

/** The value's widened box cut from the page, enlarged towards TARGET_LINE_PX per line of the
 * value's own height, greyscale and contrast-stretched, on a white margin; and the map from the
 * crop's fractions back to the page's. */
export async function preparedCrop(page: CroppedPage, box: Box, targetPx = TARGET_LINE_PX): Promise<PreparedCrop | null> {
  const cut = cropCut(page, box, targetPx);
  if (!cut) return null;
  const png = await cut.pipeline
    .normalise()
    .extend({ top: BORDER_PX, bottom: BORDER_PX, left: BORDER_PX, right: BORDER_PX, background: '#ffffff' })
    .png()
    .toBuffer();
  return { png, toPage: cut.toPage };
}

/** preparedCrop's crop with its faint ink made ink: smoothed over three pixels (the paper's grain
 * and a JPEG's specks go), then every pixel darker than the crop's paper by `share` of the way to
 * its ink turns black and the rest white. A stroke thermal paper faded to a pale grey, which every
 * engine reads past (an 8 whose left side faded read "3" by all), is then as dark as the rest of
 * its glyph. Paper is the crop's median (a line's crop is mostly paper), ink its darkest 2%. */
export async function darkenedCrop(page: CroppedPage, box: Box, share: number, targetPx = TARGET_LINE_PX): Promise<PreparedCrop | null> {
  const cut = cropCut(page, box, targetPx);
  if (!cut) return null;
  const { data, info } = await cut.pipeline.normalise().median(3).raw().toBuffer({ resolveWithObject: true });
  const sorted = Uint8Array.from(data).sort();
  const paper = sorted[Math.floor(sorted.length / 2)]!;
  const ink = sorted[Math.floor(sorted.length * 0.02)]!;
  const threshold = paper - share * (paper - ink);
  const binary = Buffer.from(data.map((v) => (v < threshold ? 0 : 255)));
  const png = await openImage(binary, { raw: { width: info.width, height: info.height, channels: 1 } })
    .extend({ top: BORDER_PX, bottom: BORDER_PX, left: BORDER_PX, right: BORDER_PX, background: '#ffffff' })
    .png()
    .toBuffer();
  return { png, toPage: cut.toPage };
}

type CroppedPage = { png: Buffer; width: number; height: number };
export interface PreparedCrop {
  png: Buffer;
  toPage: (b: Box) => Box;
}

/** The value's widened box cut from the page and enlarged, greyscale, as a sharp pipeline; and the
 * map from the bordered crop's fractions back to the page's. */
function cropCut(page: CroppedPage, box: Box, targetPx: number): { pipeline: ReturnType<typeof openImage>; toPage: (b: Box) => Box } | null {
  const [x0, y0, x1, y1] = widen(box);
  const left = Math.floor(x0 * page.width);
  const top = Math.floor(y0 * page.height);
  const width = Math.min(page.width - left, Math.ceil((x1 - x0) * page.width));
  const height = Math.min(page.height - top, Math.ceil((y1 - y0) * page.height));
  if (width < 4 || height < 4) return null;
  const valueHeight = Math.max(1, (box[3] - box[1]) * page.height);
  const scale = Math.max(1, Math.min(MAX_SCALE, targetPx / valueHeight));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const pipeline = openImage(page.png).extract({ left, top, width, height }).resize(w, h, { kernel: 'lanczos3' }).greyscale();
  const W = w + 2 * BORDER_PX;
  const H = h + 2 * BORDER_PX;
  const fx = (f: number) => (left + (f * W - BORDER_PX) / scale) / page.width;
  const fy = (f: number) => (top + (f * H - BORDER_PX) / scale) / page.height;
  return { pipeline, toPage: ([a, b, c, d]) => [fx(a), fy(b), fx(c), fy(d)] };
}
