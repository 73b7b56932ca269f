import { findDates, resolveDate, type DayOrder } from '../../doctypes/finance/dates.js';
import { cents, findAmounts } from '../../doctypes/finance/money.js';
import { ONLY_LEGAL_FORM } from '../../doctypes/finance/party-names.js';
import { settled, type FieldCandidate, type FieldReading } from '../../domain/field.js';
import { lettersApart } from '../../domain/letters-apart.js';
import { canonicalName, marksAfterLetters } from '../../domain/normalise.js';
import type { OutcomeCode } from '../../domain/outcome-codes.js';
import type { FieldValue, Region } from '../../domain/result.js';
import { meanConfidence } from '../../readers/support/geometry.js';
import type { TesseractReader } from '../../readers/tesseract.js';
import type { Line } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { centsJoined } from './cross-read.js';
import { noteEngine } from './read.js';
import { DATE_SHAPE, paddleCropLines, paddleDetectedLines, reReadLinesWith } from './re-read.js';
import { doubtsAgainst, readerValues } from './reader-doubts.js';

/** Readings this many letters apart are one reader's slip on a faint or touching glyph ("SDN 3HD",
 * "UNIHAKIKA", "TED HENG"); further apart, the readers saw different things (another line, a cut
 * edge), and a third reading would only pick a side. */
const MAX_LETTERS_APART = 2;
/** Dates and totals whose values are one digit apart (a digit inserted, dropped or misread, in
 * the date's year, month and day or in the amount's cents: "30/03/2018" / "30042018" read as
 * 30 April, 54.50 / 54.56) are one reader's slip on a faint digit or separator. Two digits apart
 * is already a day and a month swapped, an order no third look can tell. */
const MAX_DIGITS_APART = 1;
/** Letter heights (px) the crop is enlarged towards for the classifier's looks: it matches glyph
 * shapes, and a faint thermal glyph reads as itself at one size and as a neighbour at another. */
const LETTER_HEIGHTS = [28, 40, 64];

interface Pair {
  lstm: FieldCandidate;
  paddle: FieldCandidate;
}

/** What a third look settles and how its text is read: the same parser as the field's own. */
interface LookedField {
  what: string;
  keys: ReadonlySet<string>;
  /** The two readings are one reader's slip apart. */
  near(pair: Pair): boolean;
  /** The crops looked at. */
  regions(pair: Pair): Region[];
  /** The value the look's text reads, as the field's parser reads it, when it is PaddleOCR's. */
  readsPaddle(text: string, pair: Pair): boolean;
  /** The look's text shows the LSTM's value anywhere, in any reading of it. */
  showsLstm(text: string, pair: Pair): boolean;
  /** A crop's text reads the LSTM's value, as the field's parser reads it. */
  readsLstm(text: string, pair: Pair): boolean;
  /** PaddleOCR's value as the field's parser reads it: the value a look must read, and publishes. */
  paddleValue(pair: Pair): FieldValue;
  /** The value a look that reads PaddleOCR's holds: its text for a name, the parsed value else. */
  lookValue(look: FieldCandidate, pair: Pair): FieldValue;
  /** The value published when the look settles the dispute: PaddleOCR's, unless said otherwise. */
  published?(look: FieldCandidate, pair: Pair): FieldValue;
  /** What the readers' own doubts do. `withhold`: a name line a reader doubted (an outlet, a cut
   * edge) is not looked at, unless only the LSTM's misread word raised the doubt. `carry`: the
   * doubts PaddleOCR's reader found about its own value stay with it (a total placed without sums
   * that add up, a date whose day and month could be either). */
  doubts: 'withhold' | 'carry';
  /** PaddleOCR's reading of the crop enlarged and contrast stretched may side with the LSTM when
   * its reading through the text detector does not. Only for names: the re-read step has read a
   * date's or a total's crop so already. */
  prepared?: true;
}

const nameWords = (text: string): string[] => canonicalName(text).split(' ').filter(Boolean);
/** A name's letters and digits, as the readers are compared: PaddleOCR drops spaces Tesseract keeps. */
export const nameLetters = (text: string): string => canonicalName(text).replace(/ /g, '');

/** Where the two readings of a name differ, word by word, when they hold as many words: the words
 * the readers agree on need no third look, and a look may settle the disputed ones however it
 * reads the rest ("BACKEREL" / "BACKEREI SONNENSCHEIN E.K.", looked at as "BACKEREI SONNENSCHEIN
 * 5.x."). Null when the words do not line up. */
function disputedWords({ lstm, paddle }: Pair): number[] | null {
  const [a, b] = [nameWords(String(lstm.value)), nameWords(String(paddle.value))];
  if (a.length !== b.length) return null;
  const differ = a.flatMap((w, i) => (w === b[i] ? [] : [i]));
  return differ.length ? differ : null;
}

/** Where readings of a name holding different numbers of words differ: the words between those
 * they agree on at their start and at their end, when the dispute reaches one end of the name
 * ("PAPELERIA CENTRAL SU" / "PAPELERIA CENTRAL S.L.U", its legal form read with a letter lost).
 * The look is compared from that end: however it reads the agreed words ("PAPELEN’A"), the
 * disputed ones are its last (or first) words. Null unless the words agree at one end alone. */
function disputedEnd({ lstm, paddle }: Pair): { side: 'end' | 'start'; lstm: string[]; paddle: string[] } | null {
  const [a, b] = [nameWords(String(lstm.value)), nameWords(String(paddle.value))];
  if (a.length === b.length) return null;
  let head = 0;
  while (head < Math.min(a.length, b.length) && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < Math.min(a.length, b.length) - head && a.at(-1 - tail) === b.at(-1 - tail)) tail++;
  // Words agreed at one end only: at both, the dispute sits inside the name; at neither, nothing anchors the look.
  if (head > 0 === tail > 0) return null;
  const middle = (w: string[]) => w.slice(head, w.length - tail);
  return { side: tail === 0 ? 'end' : 'start', lstm: middle(a), paddle: middle(b) };
}

/** The look's words at the disputed end read `words`. */
function endReads(look: string[], side: 'end' | 'start', words: string[]): boolean {
  if (words.length === 0 || look.length < words.length) return false;
  const part = side === 'end' ? look.slice(look.length - words.length) : look.slice(0, words.length);
  return part.join(' ') === words.join(' ');
}

/** The readings differ only where one has a capital I and the other a small l: one glyph in most
 * sans-serif type, which readers tell apart by the word around it, not by its shape, so another
 * look at the shape settles nothing ("Cafeteria El Rincon" / "Cafeteria EI Rincon"). */
function onlyIAndL(a: string, b: string): boolean {
  const [x, y] = [a.replace(/\s+/g, ''), b.replace(/\s+/g, '')];
  if (x.length !== y.length || x === y) return false;
  return [...x].every((c, i) => c === y[i] || (c === 'I' && y[i] === 'l') || (c === 'l' && y[i] === 'I'));
}

/** Two readings whose letters differ, and are alike once `unify` writes two glyphs as one. */
const apartOnlyBy =
  (unify: (text: string) => string) =>
  (a: string, b: string): boolean =>
    nameLetters(a) !== nameLetters(b) && unify(a) === unify(b);

/** The readings differ only where one read an ampersand and the other an 8 ("NO. 32 & 33" /
 * "NO.328 33"): one shape to every engine, so a third that reads an 8 there says nothing of which
 * was printed. */
const onlyAmpersandAndEight = apartOnlyBy((text) => nameLetters(text.replace(/&/g, '8')));

/** The readings differ only where one read an S and the other a 5 ("JALAN SS 2/64" / "JALAN 55
 * 2/64"): the legacy classifier takes the one for the other as PaddleOCR does, and a group of them
 * alone has no word around it to tell which it is. */
const onlySAndFive = apartOnlyBy((text) => nameLetters(text).replace(/S/g, '5'));

/** The readings differ only by glyphs of one shape to every engine (I and l, & and 8, S and 5):
 * no look at the shape settles them. */
export const lookalikesApart = (a: string, b: string): boolean => onlyIAndL(a, b) || onlyAmpersandAndEight(a, b) || onlySAndFive(a, b);

/** Where PaddleOCR's letters are the LSTM's with some left out, where the LSTM read each glyph
 * PaddleOCR has not: as the count of PaddleOCR's letters before it. Null otherwise. */
function lstmGlyphsMore(lstm: string, paddle: string): number[] | null {
  const [a, b] = [nameLetters(lstm), nameLetters(paddle)];
  if (a.length <= b.length) return null;
  const at: number[] = [];
  let j = 0;
  for (const c of a) {
    if (c === b[j]) j++;
    else at.push(j);
  }
  return j === b.length ? at : null;
}

/** The look spells PaddleOCR's letters with a mark where the LSTM read a glyph PaddleOCR has not
 * ("FEINKOS.‘ WEBER" against "FEINKOS | WEBER" and "FEINKOS WEBER", a faint T): it saw something
 * there too, as the LSTM did, so it does not read the name as PaddleOCR did, who lost the glyph. */
export function marksTheLstmGlyph(look: string, lstm: string, paddle: string): boolean {
  const more = lstmGlyphsMore(lstm, paddle);
  if (!more) return false;
  const marks = new Set(marksAfterLetters(look));
  // Marks PaddleOCR printed there too ("CO." read "CO|") are its own reading of the place.
  for (const at of marksAfterLetters(paddle)) marks.delete(at);
  return more.some((at) => marks.has(at));
}

const marksLstmGlyphOf = (text: string, { lstm, paddle }: Pair): boolean => marksTheLstmGlyph(text, String(lstm.value), String(paddle.value));

/** A quotation mark, accent or apostrophe run into a name's first or last letter. */
const MARK_AT_EDGE = /^[“”"'‘’`´^~]\p{L}|\p{L}[“”"'‘’`´^~]$/u;

/** One reading is the other with letters more at its start or its end alone ("DAI RUNCIT" /
 * "EDAI RUNCIT", printed KEDAI): the line's edge is faint there, and a letter one engine lost there
 * the others may lose too, so no vote can say where the name begins or ends. A legal form ending
 * the longer reading ("SAR" / "SARL") closes the name: its end is known. */
export function atAnEdge(lstm: string, paddle: string): boolean {
  const [a, b] = [nameLetters(lstm), nameLetters(paddle)];
  const [short, long, shorter] = a.length < b.length ? [a, b, lstm] : [b, a, paddle];
  if (short.length === long.length) return false;
  // A mark read where the longer reading has its letter ("MARKE'" for "MARKET", "“picerie" for
  // "Épicerie") is a glyph misread, not one lost at a faint edge.
  if (MARK_AT_EDGE.test(shorter.trim())) return false;
  // The shorter reading's last word with the letters the longer has after it: the word that ends the name.
  const ending = `${nameWords(shorter).at(-1) ?? ''}${long.slice(short.length)}`;
  return long.endsWith(short) || (long.startsWith(short) && !ONLY_LEGAL_FORM.test(ending));
}

/** PaddleOCR read a digit where the LSTM read a letter, glyph for glyph ("S.1 U." for "S.L.U."):
 * a digit among a name's letters is what a shape classifier reads for a faint letter too ("5.1
 * .U.", seed 21808), so its look cannot vouch for PaddleOCR's. A letter for the LSTM's digit
 * ("SDN BHD" for "SDN 3HD") it may. */
function digitForLetter({ lstm, paddle }: Pair): boolean {
  const [a, b] = [nameLetters(String(lstm.value)), nameLetters(String(paddle.value))];
  return a.length === b.length && [...a].some((c, i) => /\p{L}/u.test(c) && /\p{N}/u.test(b[i]!));
}

/** PaddleOCR's reading turns a legal form the LSTM read ("KG") into a word that is none ("KC"),
 * glyph for glyph: Tesseract's legacy classifier misjudges the same glyph as PaddleOCR does (seed
 * 24071), so its look cannot vouch for a name's form read away. */
function formReadAway(pair: Pair): boolean {
  const [lstm, paddle] = [nameWords(String(pair.lstm.value)), nameWords(String(pair.paddle.value))];
  return (disputedWords(pair) ?? []).some((i) => ONLY_LEGAL_FORM.test(lstm[i]!) && !ONLY_LEGAL_FORM.test(paddle[i]!));
}

/** The names a third engine may settle: a shop's or a company's, printed once in the header. A
 * person's name is read against a check digit or a second zone, never by a vote. */
const NAMES: LookedField = {
  what: 'name',
  keys: new Set(['merchant_name', 'vendor_name']),
  near({ lstm, paddle }) {
    if (!lstm.region || typeof lstm.value !== 'string' || typeof paddle.value !== 'string') return false;
    const [a, b] = [nameLetters(lstm.value), nameLetters(paddle.value)];
    const apart = lettersApart(a, b);
    return (
      apart > 0 &&
      apart <= MAX_LETTERS_APART &&
      Math.min(a.length, b.length) >= 3 &&
      !atAnEdge(lstm.value, paddle.value) &&
      !lookalikesApart(lstm.value, paddle.value)
    );
  },
  // The name's crop is the LSTM's line: PaddleOCR's box of a name set on two lines may hold one.
  regions: ({ lstm }) => [lstm.region!],
  paddleValue: ({ paddle }) => paddle.value,
  readsPaddle: (text, pair) => {
    if (digitForLetter(pair) || formReadAway(pair)) return false;
    if (nameLetters(text) === nameLetters(String(pair.paddle.value))) return !marksLstmGlyphOf(text, pair);
    const disputed = disputedWords(pair);
    const [look, paddle] = [nameWords(text), nameWords(String(pair.paddle.value))];
    if (disputed !== null) return look.length === paddle.length && disputed.every((i) => look[i] === paddle[i]);
    const end = disputedEnd(pair);
    return end !== null && endReads(look, end.side, end.paddle);
  },
  showsLstm: (text, pair) => {
    if (nameLetters(text) === nameLetters(String(pair.lstm.value)) || marksLstmGlyphOf(text, pair)) return true;
    const look = nameWords(text);
    const lstm = nameWords(String(pair.lstm.value));
    const end = disputedEnd(pair);
    return (disputedWords(pair) ?? []).some((i) => look.includes(lstm[i]!)) || (end !== null && endReads(look, end.side, end.lstm));
  },
  readsLstm: (text, pair) => nameLetters(text) === nameLetters(String(pair.lstm.value)),
  lookValue: (look) => look.value,
  // PaddleOCR drops spaces between words set close, and sets some inside the words of wide-set
  // print ("GMB H & C O.KG", seed 21939); a look that spells its letters as more words, or as
  // many as the LSTM's reading holds, gives the name its word breaks.
  published: (look, pair) => {
    const [text, paddle] = [String(look.value), String(pair.paddle.value)];
    // Its word breaks, in PaddleOCR's case: a name PaddleOCR read in capitals is printed so, and
    // the look's small letter among them is its slip ("MAjU").
    const spaced = paddle === paddle.toUpperCase() ? text.toUpperCase() : text;
    const [seen, theirs, lstm] = [text, paddle, String(pair.lstm.value)].map((t) => nameWords(t).length);
    const breaks = seen! > theirs! || (seen !== theirs && seen === lstm);
    return breaks && nameLetters(spaced) === nameLetters(paddle) ? spaced : paddle;
  },
  doubts: 'withhold',
  prepared: true,
};

/** Both crops, the LSTM's and PaddleOCR's when it placed the value elsewhere. */
const bothRegions = ({ lstm, paddle }: Pair): Region[] => {
  const mine = lstm.region ?? paddle.region;
  const theirs = paddle.region && JSON.stringify(paddle.region) !== JSON.stringify(mine) ? [paddle.region] : [];
  return mine ? [mine, ...theirs] : [];
};

/** A date's year, month and day digits. */
const dateDigits = (iso: FieldValue): string | null => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.replace(/-/g, '') : null);

/** The dates a text shows, as the date parser finds them. The legacy classifier writes a hyphen
 * as a dash ("02-03—13"); a reader may split a digit group ("29/12/201 7") or set a gap beside a
 * separator ("02 -03-18"), so the text with such gaps closed is searched too. */
const dateTokens = (text: string): string[] => {
  const t = text.replace(/[\u2010-\u2015]/g, '-');
  return [t, t.replace(/(\d) (?=\d)/g, '$1'), t.replace(/(\d) *([-./]) *(?=\d)/g, '$1$2')].flatMap((v) => findDates(v).map((d) => d.raw));
};

const isoIn = (token: string, order: DayOrder): string | null => resolveDate(token, order)?.iso ?? null;

/** The orders in which a reader's text gives its date: the look's date is read in the document's
 * order, so that "03/02/2018" read month first is not taken for 3 February written day first.
 * Both when the text shows no date that gives it. */
function ordersGiving(raw: string, iso: FieldValue): DayOrder[] {
  const orders = (['dmy', 'mdy'] as const).filter((o) => dateTokens(raw).some((t) => isoIn(t, o) === iso));
  return orders.length ? orders : ['dmy', 'mdy'];
}

/** PaddleOCR's date and the orders its text gives it in. A crop in which the cross-read found no
 * date leaves its text as the value ("2 02 -03-18 23 SH"); the date that text shows with its
 * gaps closed, read in the order the LSTM's text gives the LSTM's date, is PaddleOCR's when it
 * shows exactly one. */
function paddleDate({ lstm, paddle }: Pair): { iso: string; orders: DayOrder[] } | null {
  if (dateDigits(paddle.value)) return { iso: paddle.value as string, orders: ordersGiving(paddle.raw, paddle.value) };
  if (!dateDigits(lstm.value)) return null;
  const orders = ordersGiving(lstm.raw, lstm.value);
  const isos = new Set(dateTokens(paddle.raw).flatMap((t) => orders.flatMap((o) => isoIn(t, o) ?? [])));
  return isos.size === 1 ? { iso: [...isos][0]!, orders } : null;
}

/** The text reads the date `iso` in one of `orders`: the date the parser takes is the first the
 * text shows. */
function readsDate(text: string, iso: string, orders: DayOrder[]): boolean {
  const token = dateTokens(text)[0];
  return !!token && orders.some((o) => isoIn(token, o) === iso);
}

/** How many digits the year of the first date-shaped group in a text has (2 or 4), or null. */
function yearLength(text: string): number | null {
  const groups = text.match(DATE_SHAPE)?.[0].split(/[./-]/);
  if (!groups) return null;
  return groups[0]!.length === 4 ? 4 : groups[2]!.length;
}
const shapeDigits = (text: string): string | null => text.match(DATE_SHAPE)?.[0].replace(/\D/g, '') ?? null;

/** Where the LSTM read no date, the digits of the date-shaped group its text shows with a month or
 * day no calendar has ("18.94.25" for 18.04.25): its slip on a faint digit, to be compared with
 * PaddleOCR's date as printed. */
function lstmInvalidDate({ lstm }: Pair): string | null {
  if (dateDigits(lstm.value)) return null;
  const shape = lstm.raw.match(DATE_SHAPE)?.[0];
  return shape && !isoIn(shape, 'dmy') && !isoIn(shape, 'mdy') ? shape.replace(/\D/g, '') : null;
}

/** A receipt's or an invoice's own date. */
const DATES: LookedField = {
  what: 'date',
  keys: new Set(['date', 'invoice_date']),
  near(pair) {
    // A year printed with two digits in one reading and four in the other is a crop's edge, not a
    // glyph's slip: a look at the cut crop reads the same two digits (seed 26006).
    const years = [pair.lstm.raw, pair.paddle.raw].map(yearLength);
    if (years[0] && years[1] && years[0] !== years[1]) return false;
    const invalid = lstmInvalidDate(pair);
    const theirs = paddleDate(pair);
    const [a, b] = invalid ? [invalid, theirs && shapeDigits(pair.paddle.raw)] : [dateDigits(pair.lstm.value), dateDigits(theirs?.iso ?? null)];
    if (!a || !b) return false;
    const apart = lettersApart(a, b);
    return apart > 0 && apart <= MAX_DIGITS_APART;
  },
  regions: bothRegions,
  paddleValue: (pair) => paddleDate(pair)?.iso ?? null,
  readsPaddle(text, pair) {
    const theirs = paddleDate(pair);
    return !!theirs && readsDate(text, theirs.iso, theirs.orders);
  },
  showsLstm(text, pair) {
    const invalid = lstmInvalidDate(pair);
    if (invalid) return shapeDigits(text) === invalid;
    const iso = String(pair.lstm.value);
    const [y, m, d] = iso.split('-');
    // In either order, and as the eight digits a reader writes when it drops the separators.
    const unseparated = (text.match(/(?<!\d)\d{8}(?!\d)/g) ?? []).some((s) => s === `${d}${m}${y}` || s === `${m}${d}${y}`);
    return unseparated || dateTokens(text).some((t) => isoIn(t, 'dmy') === iso || isoIn(t, 'mdy') === iso);
  },
  readsLstm: (text, { lstm }) => readsDate(text, String(lstm.value), ordersGiving(lstm.raw, lstm.value)),
  lookValue: (_look, pair) => paddleDate(pair)?.iso ?? null,
  doubts: 'carry',
};

/** The amounts a text shows, as the finance parser finds them. */
const amountsIn = (text: string): number[] => findAmounts(centsJoined(text)).map((a) => a.value);

/** The text reads the amount `value`: the value stands last, as a label or a neighbouring figure
 * may share the crop. */
function readsAmount(text: string, value: FieldValue): boolean {
  const last = amountsIn(text).at(-1);
  return last !== undefined && cents(last) === cents(value as number);
}

/** A receipt's or an invoice's total. */
const TOTALS: LookedField = {
  what: 'total',
  keys: new Set(['total']),
  near({ lstm, paddle }) {
    if (typeof lstm.value !== 'number' || typeof paddle.value !== 'number' || lstm.value <= 0 || paddle.value <= 0) return false;
    const apart = lettersApart(String(cents(lstm.value)), String(cents(paddle.value)));
    return apart > 0 && apart <= MAX_DIGITS_APART;
  },
  regions: bothRegions,
  paddleValue: ({ paddle }) => paddle.value,
  readsPaddle: (text, { paddle }) => readsAmount(text, paddle.value),
  showsLstm: (text, { lstm }) => amountsIn(text).some((v) => cents(v) === cents(lstm.value as number)),
  readsLstm: (text, { lstm }) => readsAmount(text, lstm.value),
  lookValue: (_look, { paddle }) => paddle.value,
  doubts: 'carry',
};

const LOOKED: readonly LookedField[] = [NAMES, DATES, TOTALS];

/** A value the two readers read a slip apart (a shop's or company's name a letter or two apart;
 * a receipt's or an invoice's date or total a digit apart) is read a third time, from its prepared
 * crop at three sizes, by Tesseract's legacy character classifier: a recogniser of another kind
 * than Tesseract's LSTM (it matches each glyph's features against trained shapes, with no
 * sequence model) and than PaddleOCR. The look's text is read by the field's own parser (the name
 * as its line gives it, letters compared spaces aside as the readers are, the date as the date
 * parser finds it, the total as the last amount). When it reads
 * the value exactly as PaddleOCR did at one size (a name's disputed words, where the readings'
 * words line up), and as the LSTM did at none, two engines that share no model agree, as for any
 * value: the value is published with that evidence and the dissenting LSTM reading stays among the
 * candidates. Agreement with the LSTM settles nothing:
 * both are Tesseract, binarise the crop alike, and would lose the same faint stroke. When no look
 * read PaddleOCR's value, PaddleOCR reads the crop again through its text detector (and a name's
 * crop enlarged and contrast stretched, when that reading does not agree), and only such a
 * reading agreeing with the LSTM's settles it. Any other third reading leaves the dispute for
 * a person. A date's or total's doubts stay (a date that
 * could be day or month first), and the finance rules, run after, still check the total's sums. */
export const thirdLookStep: Step<ReadContext> = {
  name: 'third_look',
  async run(ctx) {
    const disputed = ctx.fields.flatMap((field) => {
      const looked = LOOKED.find((l) => l.keys.has(field.key));
      const pair = looked ? twoReadings(field) : null;
      const withheld = looked?.doubts === 'withhold' && pair !== null && doubtsAgainst(ctx, field.key, pair.paddle, pair.lstm).length > 0;
      return looked && pair && looked.near(pair) && !withheld ? [{ field, pair, looked }] : [];
    });
    if (disputed.length === 0) return undefined;
    const engine = (await ctx.deps.readers.legacy?.()) ?? null;
    if (!engine) return undefined;
    const seenBy: Record<string, string[]> = {};
    const settledKeys: string[] = [];
    for (const { field, pair, looked } of disputed) {
      // The look's text is read as the field's extractor reads its line (a registration after a
      // shop's name is no part of it).
      const fromLine = ctx.doctype?.fields.find((f) => f.key === field.key)?.fromLine ?? ((text: string) => text);
      const seen: FieldCandidate[] = [];
      for (const region of looked.regions(pair)) seen.push(...(await looksAt(ctx, engine, region, fromLine)));
      if (seen.length === 0) continue;
      seenBy[field.key] = seen.map((l) => l.raw);
      noteEngine(ctx, engine.engine);
      const withPaddle = seen.filter((l) => looked.readsPaddle(String(l.value), pair));
      const withLstm = seen.filter((l) => looked.showsLstm(String(l.value), pair));
      const at = ctx.fields.indexOf(field);
      if (withPaddle.length > 0 && withLstm.length === 0) {
        const why = `Tesseract read "${pair.lstm.raw}" and PaddleOCR "${pair.paddle.raw}"; a third engine, Tesseract's legacy classifier, read the ${looked.what}'s crop as PaddleOCR did and never as Tesseract did.`;
        const doubts = looked.doubts === 'carry' ? ownDoubts(ctx, field.key, 'paddle', pair.paddle.value) : NO_DOUBTS;
        const value = looked.published?.(withPaddle[0]!, pair) ?? looked.paddleValue(pair);
        ctx.fields[at] = settledWith(field, value, why, doubts, pair.paddle.region ?? field.region, {
          ...withPaddle[0]!,
          value: looked.lookValue(withPaddle[0]!, pair),
        });
        settledKeys.push(field.key);
        continue;
      }
      // No look read PaddleOCR's value: its own reading may be its slip (a line split at a blank, a
      // glyph dropped), so PaddleOCR reads the crop once more, through its text detector, and a
      // name's enlarged and contrast stretched when that reading does not agree. Only such a
      // reading agreeing with the LSTM's, an engine of another kind, settles it; the legacy look,
      // Tesseract as well, counts for neither side.
      if (withPaddle.length > 0 || !pair.lstm.region) continue;
      const detected = await paddleAgain(ctx, pair.lstm.region, fromLine);
      const again =
        detected !== null && looked.readsLstm(String(detected.value), pair)
          ? detected
          : looked.prepared
            ? await paddlePrepared(ctx, pair.lstm.region, fromLine)
            : null;
      if (again === null || !looked.readsLstm(String(again.value), pair)) continue;
      const legacy =
        withLstm.length === seen.length
          ? 'as Tesseract did at every size'
          : withLstm.length === 0
            ? 'as neither reader did'
            : `as Tesseract did at ${withLstm.length} of ${seen.length} sizes and as neither reader did at the others`;
      const why = `Tesseract read "${pair.lstm.raw}" and PaddleOCR "${pair.paddle.raw}"; Tesseract's legacy classifier read the ${looked.what}'s crop ${legacy}, and PaddleOCR, reading the crop again ${again === detected ? 'through its text detector' : 'enlarged and contrast stretched'}, read "${again.raw}".`;
      const doubts = looked.doubts === 'carry' ? ownDoubts(ctx, field.key, 'tesseract', pair.lstm.value) : NO_DOUBTS;
      ctx.fields[at] = settledWith(field, pair.lstm.value, why, doubts, pair.lstm.region ?? field.region, again);
      settledKeys.push(field.key);
    }
    // The disputes looked at, what each look read, and those it settled.
    ctx.raw.third_look = { disputed: disputed.map((d) => d.field.key), looks: seenBy, settled: settledKeys };
    return undefined;
  },
};

/** The two readings of a disputed field, when they are all there is. */
function twoReadings(field: FieldReading): Pair | null {
  if (field.status !== 'conflict' || field.candidates.length !== 2) return null;
  const lstm = field.candidates.find((c) => c.reader === 'tesseract');
  const paddle = field.candidates.find((c) => c.reader === 'paddle');
  return lstm && paddle ? { lstm, paddle } : null;
}

interface Doubts {
  problems: OutcomeCode[];
  reasons: string[];
}
const NO_DOUBTS: Doubts = { problems: [], reasons: [] };

/** The problems and reasons a reader's extraction gave its own value of the field. */
function ownDoubts(ctx: ReadContext, key: string, reader: 'paddle' | 'tesseract', value: FieldValue): Doubts {
  const mine = readerValues(ctx, key, reader).filter((v) => v.value === value);
  return { problems: mine.flatMap((v) => v.problems ?? []), reasons: mine.flatMap((v) => (v.reason ? [v.reason] : [])) };
}

/** The field settled on `value` by two engines of different kinds, the look that settled it among
 * the candidates and the dissenting reading kept. */
function settledWith(field: FieldReading, value: FieldValue, why: string, doubts: Doubts, region: FieldReading['region'], look: FieldCandidate): FieldReading {
  const settledField = settled(field, value, 'reader_agree', [why, ...doubts.reasons].join(' '));
  return {
    ...settledField,
    problems: [...new Set([...settledField.problems, ...doubts.problems])],
    region,
    candidates: [...field.candidates, look],
  };
}

/** PaddleOCR's second reading of a crop, through its text detector, read as the field's line. */
export const paddleAgain = (ctx: ReadContext, region: Region, fromLine: (text: string) => string): Promise<FieldCandidate | null> =>
  paddleReading(ctx, region, fromLine, async () => {
    const lines = await paddleDetectedLines(ctx, region);
    return lines && { lines, confidence: meanConfidence(lines) };
  });

/** PaddleOCR's reading of a crop enlarged towards a readable letter height, grey and contrast
 * stretched, read as the field's line: small or faint print it misreads at the page's scale it
 * may read so. Tesseract's reading it would agree with is of the page, never of this crop, so
 * the two are still two engines' looks at two images. */
const paddlePrepared = (ctx: ReadContext, region: Region, fromLine: (text: string) => string): Promise<FieldCandidate | null> =>
  paddleReading(ctx, region, fromLine, async () => {
    const lines = await paddleCropLines(ctx, region);
    return lines && { lines, confidence: meanConfidence(lines) };
  });

/** A PaddleOCR reading of the region as a candidate, its lines joined and read as the field's
 * line; null where it read nothing. */
async function paddleReading(
  ctx: ReadContext,
  region: Region,
  fromLine: (text: string) => string,
  read: () => Promise<{ lines: Line[]; confidence: number } | null>,
): Promise<FieldCandidate | null> {
  try {
    const reading = await read();
    const raw = (reading?.lines ?? [])
      .map((l) => l.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    return raw ? { reader: 'paddle', value: fromLine(raw), raw, region, confidence: reading!.confidence } : null;
  } catch (err) {
    // A reading that fails leaves the dispute as it was, for a person.
    ctx.signal?.throwIfAborted();
    ctx.raw.third_look_error = err instanceof Error ? err.message : String(err);
    return null;
  }
}

/** The legacy classifier's readings of a region's crop, at each of LETTER_HEIGHTS. */
export async function looksAt(ctx: ReadContext, engine: TesseractReader, region: Region, fromLine: (text: string) => string): Promise<FieldCandidate[]> {
  const seen: FieldCandidate[] = [];
  for (const px of LETTER_HEIGHTS) {
    const look = await thirdLook(ctx, engine, region, px, fromLine);
    if (look) seen.push(look);
  }
  return seen;
}

/** The legacy classifier's reading of a crop (every line of it, joined), or null. */
async function thirdLook(
  ctx: ReadContext,
  engine: TesseractReader,
  region: Region,
  px: number,
  fromLine: (text: string) => string,
): Promise<FieldCandidate | null> {
  try {
    const lines = await reReadLinesWith(ctx, engine, region, px);
    const raw = lines
      ?.map((l) => l.text)
      .join(' ')
      .trim();
    const words = lines?.flatMap((l) => l.words) ?? [];
    const confidence = words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0;
    return raw ? { reader: 'tesseract_legacy', value: fromLine(raw), raw, region, confidence } : null;
  } catch (err) {
    // An engine that cannot start or read leaves the dispute as it was, for a person.
    ctx.signal?.throwIfAborted();
    ctx.raw.third_look_error = err instanceof Error ? err.message : String(err);
    return null;
  }
}
