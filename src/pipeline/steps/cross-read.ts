import { currencyRunIn, detectCurrency } from '../../doctypes/finance/currency.js';
import { findDates, findTime, wordsSetApart } from '../../doctypes/finance/dates.js';
import { cents } from '../../doctypes/finance/money.js';
import { ONLY_LEGAL_FORM } from '../../doctypes/finance/party-names.js';
import type { ExtractedValue, FieldSpec } from '../../doctypes/types.js';
import type { CropReading, PaddleReader } from '../../readers/paddle.js';
import type { Box, Line } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { amountsIn, amountTokens, canonical, canonicalName, parseDate } from '../../domain/normalise.js';
import type { Step } from '../run.js';
import { openImage } from '../../imaging/open.js';
import { uprightPage } from './page-image.js';
import { addReading, noteEngine } from './read.js';

/** Margin around a value's box, as fractions of the page: enough for ascenders and a misplaced
 * edge, too little to take in the label beside it. */
const MARGIN_X = 0.012;
const MARGIN_Y = 0.006;

/** The second reader earns its keep here: PaddleOCR re-reads, independently, the crops where the
 * first reader found each candidate value. Reading crops instead of whole pages keeps a phone
 * photo of an ID within about a second of CPU while the two readers still share no mistakes:
 * Paddle sees only pixels, never Tesseract's text. */
export const crossReadStep: Step<ReadContext> = {
  name: 'cross_read',
  async run(ctx) {
    const doctype = ctx.doctype!;
    const images = ctx.intake!.images;
    if (images.length === 0) return undefined;
    const paddle = await ctx.deps.readers.get('paddle');
    if (!paddle) return undefined;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    if (!first) return undefined;

    const specs = new Map(doctype.fields.map((f) => [f.key, f]));
    // Values Paddle already gave from its MRZ reading are not read again from crops.
    const existing = ctx.extracted.find((e) => e.reader === 'paddle');
    const done = new Set(existing?.values.map((v) => v.key) ?? []);
    const values: ExtractedValue[] = [];
    let ms = 0;
    for (const image of images) {
      const targets = first.values.filter((v) => v.region?.page === image.page && specs.get(v.key)?.kind !== 'items' && !done.has(v.key));
      if (targets.length === 0) continue;
      const { png } = (await uprightPage(ctx, image.page))!;
      // A value over several lines is one crop per line, read in order and joined.
      const boxes = targets.map((t) => t.parts ?? [t.region!.box]);
      const started = performance.now();
      const crops = await paddle.readCrops(png, boxes.flat().map(widen), { signal: ctx.signal });
      await readShortCropsEven(ctx, paddle, image.page, boxes.flat(), crops);
      ms += performance.now() - started;
      let at = 0;
      targets.forEach((target, i) => {
        const own = boxes[i]!.map((box) => ({ box, crop: crops[at++]! }));
        const perPart = own.map(({ box, crop }) => linesWithin(crop.lines, box));
        const lines = perPart.flat();
        const text = lines.map((l) => l.text).join(' ');
        const spec = specs.get(target.key)!;
        const partLines = perPart.map((part) => part.map((l) => l.text).join(' '));
        const value = target.sumOf ? sumFromCrops(spec, partLines, target.sumOf) : valueFromCrop(spec, text, target.value);
        if (value === null) return;
        const confidence = own.reduce((sum, o) => sum + o.crop.confidence, 0) / own.length;
        // Read line by line: each line's text kept, read as the field's line, for the steps that compare the value so.
        const partTexts = target.parts ? { partTexts: partLines.map((line) => (spec.fromLine ? spec.fromLine(line) : line)) } : {};
        values.push({ key: target.key, value, raw: text, region: { page: image.page, box: unionBox(lines) ?? own[0]!.crop.box }, confidence, ...partTexts });
      });
    }
    if (values.length === 0) return undefined;
    // Crops make no page reading of their own; the reader is listed so that `readers` says who read.
    if (!ctx.readings.some((r) => r.reader === 'paddle')) addReading(ctx, { reader: 'paddle', engine: paddle.engine, pages: [], ms, cost_usd: 0 });
    else noteEngine(ctx, paddle.engine);
    if (existing) existing.values.push(...values);
    else ctx.extracted.push({ reader: 'paddle', values });
    return undefined;
  },
};

/** Share of a value's box its crop's lines may leave unread, at its start and end together,
 * before the crop is read again. */
const UNREAD_SHARE = 0.15;

/** Crops in which PaddleOCR found no line, or lines that leave the start or the end of the value's
 * box unread, on a page lit unevenly, are read again from the page made even (as Tesseract read
 * it) with its contrast stretched: grey print in a shadow's dim part, or print fading towards one
 * side of the slip, stands too faintly against its paper for the text detector (generated tune
 * slips: the date's, the address's and the subtotal's crops read nothing; "23/04/25 08:22 Nº
 * Factura…" read from "08:22" on, "19/04/2025 … 37129113" as "129113"). PaddleOCR still reads
 * only pixels; the reading that leaves less of the box unread stands. */
async function readShortCropsEven(ctx: ReadContext, paddle: PaddleReader, page: number, boxes: Box[], crops: CropReading[]): Promise<void> {
  const unread = crops.map((c, i) => unreadShare(c.lines, boxes[i]!));
  const short = unread.flatMap((share, i) => (share > UNREAD_SHARE ? [i] : []));
  if (short.length === 0 || !ctx.evenPages?.some((p) => p.page === page)) return;
  const even = await uprightPage(ctx, page, { even: true });
  if (!even) return;
  const stretched = await openImage(even.png).normalise().png({ compressionLevel: 1 }).toBuffer();
  const again = await paddle.readCrops(
    stretched,
    short.map((i) => widen(boxes[i]!)),
    { signal: ctx.signal },
  );
  short.forEach((i, k) => {
    if (unreadShare(again[k]!.lines, boxes[i]!) < unread[i]!) crops[i] = again[k]!;
  });
}

/** How much of the box's width, at its start and end, the lines within it leave unread (1: no line). */
function unreadShare(lines: Line[], box: Box): number {
  const within = linesWithin(lines, box);
  if (within.length === 0) return 1;
  const start = Math.min(...within.map((l) => l.box[0]));
  const end = Math.max(...within.map((l) => l.box[2]));
  return Math.min(1, (Math.max(0, start - box[0]) + Math.max(0, box[2] - end)) / Math.max(1e-6, box[2] - box[0]));
}

/** A sum of amounts printed apart (`sumOf`: a tax per rate), from each part's crop text: each
 * read for its own amount, then added. A part that shows no amount leaves the sum unread. */
export function sumFromCrops(spec: FieldSpec, texts: string[], partValues: number[]): number | null {
  if (texts.length !== partValues.length) return null;
  let sum = 0;
  for (const [i, text] of texts.entries()) {
    const value = valueFromCrop(spec, text, partValues[i]!);
    if (typeof value !== 'number') return null;
    sum += cents(value);
  }
  return sum / 100;
}

/** A crop's text with the cents a reader set apart from a small print's decimal point or comma
 * ("14. 10", "62, 50"), the point set apart from the units ("41 .34"), or the cents split at a gap
 * ("162,3 5"), joined again. */
export const centsJoined = (text: string): string =>
  text
    .replace(/(\d)([.,]) (\d{2})(?!\d)/g, '$1$2$3')
    .replace(/(\d) ([.,]\d{2})(?!\d)/g, '$1$2')
    .replace(/(\d[.,]\d) (\d)(?![\d.,])/g, '$1$2');

/** An amount whose cents a reader cut to one digit after a gap ("162, 5" for 162,55): no amount
 * is read from it, and the digit after the gap is none either. */
const CUT_CENTS = /\d+[.,]\s+\d(?![\d.,])/g;

/** Cents after a letter and a decimal mark ("a,85" for 4,85): the units read as a letter, so the
 * figure is no amount, and its cents alone are none either. */
const UNITS_AS_LETTER = /(?<=\p{L})[.,]\d{2}(?![\d.,])/gu;

/** Whole digits, a colon or a gap, and two digits closing the figure ("23:25", "23 25"): an amount
 * whose decimal point a reader misread. */
const POINT_LOST = /(?<![\d.,:])(\d+)(?:\s*:\s*|\s)(\d{2})(?![\d.,:])/g;

export function widen([x0, y0, x1, y1]: Box): Box {
  return [Math.max(0, x0 - MARGIN_X), Math.max(0, y0 - MARGIN_Y), Math.min(1, x1 + MARGIN_X), Math.min(1, y1 + MARGIN_Y)];
}

/** The crop's lines that belong to the value: those whose middle lies within the value's own
 * (unwidened) vertical extent. The margin only gives the reader context, never extra lines. */
export function linesWithin(lines: Line[], [, y0, , y1]: Box): Line[] {
  return lines.filter((l) => {
    const mid = (l.box[1] + l.box[3]) / 2;
    return mid >= y0 && mid <= y1;
  });
}

function unionBox(lines: Line[]): Box | null {
  if (lines.length === 0) return null;
  return [
    Math.min(...lines.map((l) => l.box[0])),
    Math.min(...lines.map((l) => l.box[1])),
    Math.max(...lines.map((l) => l.box[2])),
    Math.max(...lines.map((l) => l.box[3])),
  ];
}

/** Shorter values could sit inside unrelated text by chance; only longer ones count as found
 * within a crop that also holds a label or a neighbour. */
const MIN_CONTAINED_CHARS = 6;

/** The crop's text as a value of the field's kind (taken from its line as the field's extractor
 * takes it); canonical comparison does the rest. The crop agrees when it holds the first reader's
 * whole value at a word boundary (a label beside the value may share its line). A numeric date is
 * read in whichever day/month order the first reader settled on from the whole document (a crop
 * alone cannot know it). Any other difference stays a disagreement. */
export function valueFromCrop(spec: FieldSpec, text: string, firstValue: ExtractedValue['value']): ExtractedValue['value'] {
  const line = text.replace(/\s+/g, ' ').trim();
  const t = spec.fromLine && line ? spec.fromLine(line) : line;
  if (!t) return null;
  if (spec.grammar) {
    // Only a whole value of the field's form counts, never one inside a longer one (an address
    // with a letter dropped lies within the right one); without one, the text stands as a disagreement.
    // A reader may set a space inside a value ("example.ne t"): the crop still shows the first
    // reader's value when its characters, spaces aside, spell it, and only then.
    const want = canonical(spec.kind, firstValue);
    const found = spec.grammar(t);
    const same = (v: string) => canonical(spec.kind, v) === want;
    return found.find(same) ?? spec.grammar(t.replace(/\s+/g, '')).find(same) ?? found[0] ?? t;
  }
  // A currency is the mark the crop shows ("RM", "€", "EUR"), set apart or run into its row's
  // label or amount; a crop that shows none reads nothing.
  if (spec.kind === 'currency') {
    return detectCurrency([t])?.code ?? (typeof firstValue === 'string' && currencyRunIn(t, firstValue) ? firstValue : null);
  }
  if (holdsValue(spec, t, firstValue)) return firstValue;
  if (spec.kind === 'amount') {
    const joined = centsJoined(t);
    // A decimal point read as a colon or a gap ("23:25", "23 25" for 23.25) leaves two whole
    // numbers, the last of them the cents: the crop shows the first reader's amount when the point
    // put back spells it, and no amount otherwise.
    if (joined.match(POINT_LOST) && amountsIn(joined.replace(POINT_LOST, '$1.$2')).includes(firstValue as number)) return firstValue;
    // A label or a neighbouring figure may share the crop; the value itself stands last, and a
    // whole number after an amount with its cents ("17,68 [1") is a mark read as a digit.
    const rest = joined.replace(CUT_CENTS, ' ').replace(UNITS_AS_LETTER, ' ').replace(POINT_LOST, ' ');
    const amounts = amountsIn(rest);
    if (amounts.includes(firstValue as number)) return firstValue;
    const withCents = amountTokens(rest).filter((token) => /[.,]\d{2}$/.test(token));
    return amountsIn(withCents.at(-1) ?? '').at(0) ?? amounts.at(-1) ?? null;
  }
  if (spec.kind === 'date') {
    const want = canonical('date', firstValue);
    const readings = datesIn(t);
    // A reader may split a digit group ("29/12/201 7", "04/1 2/2017") or set a space beside a
    // separator ("01 /06/25"): joined, it is read when it gives the first reader's date, or when the
    // crop holds no whole date of its own.
    const joined = datesIn(t.replace(/(\d) (?=\d)/g, '$1').replace(/(\d) ?([./-]) ?(?=\d)/g, '$1$2'));
    // A reader may run the words beside a date into it ("Le02/04/25Heure11:24"): set apart, the
    // date stands whole again.
    const apart = datesIn(wordsSetApart(t));
    return (
      readings.find((d) => d === want) ??
      joined.find((d) => d === want) ??
      apart.find((d) => d === want) ??
      (want && unseparated(t, want) ? want : (readings[0] ?? joined[0] ?? apart[0] ?? onlyUnseparated(t) ?? t))
    );
  }
  return t;
}

/** A reader may drop a date's separators ("21092017"): the crop still shows the first reader's
 * date when eight digits standing alone spell it day first or month first, and only then. */
function unseparated(text: string, iso: string): boolean {
  const [y, m, d] = iso.split('-');
  return (text.match(/(?<!\d)\d{8}(?!\d)/g) ?? []).some((s) => s === `${d}${m}${y}` || s === `${m}${d}${y}`);
}

/** With no date of its own in the crop, eight digits standing alone ("21092017") that spell one
 * date only, day first or month first, are that date; two spellings (01022018) leave it unread. */
function onlyUnseparated(text: string): string | null {
  const found = new Set<string>();
  for (const s of text.match(/(?<!\d)\d{8}(?!\d)/g) ?? []) {
    const [a, b, y] = [s.slice(0, 2), s.slice(2, 4), s.slice(4)];
    if (!/^(?:19|20)\d{2}$/.test(y)) continue;
    for (const d of datesIn(`${a}/${b}/${y}`)) found.add(d);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** Each date written in the text, read day first and month first. Only whole dates count: a stray
 * digit a reader set before one ("8 14-02-2018") would otherwise make a date of "8 14-02". */
const datesIn = (t: string): string[] =>
  findDates(t)
    .flatMap((d) => [parseDate(d.raw, 'dmy')?.iso, parseDate(d.raw, 'mdy')?.iso])
    .filter((d): d is string => Boolean(d));

const TIME_VALUE = /^\d{2}:\d{2}(?::\d{2})?$/;
const TIME_IN_TEXT = /(?<![:\d])(?:\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]\.?M\.?)?)/gi;

/** Every time of day in a crop, on the 24-hour clock. A reader may set the colon apart ("12 :06")
 * or run the time into the date before it ("21/09/201710:20:37AM"); digits run into a time
 * otherwise ("1721:00") are a misread, not a time. */
function timesIn(text: string): string[] {
  const t = text.replace(/\s*:\s*/g, ':').replace(/([/.-]\d{4})(?=\d{1,2}:)/g, '$1 ');
  return [...t.matchAll(TIME_IN_TEXT)].map((m) => findTime(m[0])?.value).filter((v): v is string => Boolean(v));
}
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function holdsValue(spec: FieldSpec, text: string, firstValue: ExtractedValue['value']): boolean {
  if (typeof firstValue !== 'string' || spec.kind === 'date' || spec.kind === 'amount') return false;
  const want = canonical(spec.kind, firstValue);
  const have = canonical(spec.kind, text);
  if (!want || !have) return want === have;
  // A time of day is compared as a time: the first reader gives it on the 24-hour clock.
  if (TIME_VALUE.test(firstValue)) return timesIn(text).includes(firstValue);
  // A short value counts only as a whole token of the crop, as printed ("9:27PM" in "Date: 25 Mar
  // 2018 9:27PM", "CASH" in "CASH : 9.60"), never inside a longer word or number.
  if (want.length < MIN_CONTAINED_CHARS)
    return want === have || new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(firstValue.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(text);
  if (spec.kind === 'name' || spec.kind === 'text') return wholeWordsHold(text, want, spec.kind === 'name');
  return have.includes(want);
}

/** A name or a text is held by the crop when it begins at one of the crop's words and ends at one
 * (a space a reader set inside a word aside): a letter the crop shows before it, run into its first
 * word ("EDAI RUNCIT" for "DAI RUNCIT"), is one the first reader dropped, and a cut value is no
 * agreement. A name is not held either where the crop shows one or two letters after it ("FRUTAS
 * HERMANOS RUIZ S" for "FRUTAS HERMANOS RUIZ"): the start of a legal form or a word the first
 * reader lost, so the name goes on; nor where it shows a legal form after it ("… INDAH SDN BHD"
 * for "… INDAH SDN.", seed 21608): the name ends with its form, which the first reader lost. */
function wholeWordsHold(text: string, want: string, name: boolean): boolean {
  const words = canonicalName(text).split(' ');
  const starts = new Map<number, string>();
  const ends = new Set<number>();
  let at = 0;
  for (const word of words) {
    starts.set(at, word);
    at += word.length;
    ends.add(at);
  }
  const joined = words.join('');
  const goesOn = (end: number) => name && (/^\p{L}{1,2}$/u.test(starts.get(end) ?? '') || ONLY_LEGAL_FORM.test(starts.get(end) ?? ''));
  for (let i = joined.indexOf(want); i >= 0; i = joined.indexOf(want, i + 1))
    if (starts.has(i) && ends.has(i + want.length) && !goesOn(i + want.length)) return true;
  return false;
}
