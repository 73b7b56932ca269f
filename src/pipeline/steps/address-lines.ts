import { ACCENTED } from '../../doctypes/finance/accent-misprints.js';
import { addressLinesDoubt, labelledNotAddress, notAddressLine } from '../../doctypes/finance/merchant.js';
import { spelledOverSplitUmlaut } from '../../doctypes/finance/split-umlauts.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import { settled, type FieldCandidate } from '../../domain/field.js';
import { lettersApart } from '../../domain/letters-apart.js';
import { canonicalName, sameInWordMarks } from '../../domain/normalise.js';
import type { Region } from '../../domain/result.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { accentLooks, misprintApart, plainAgreed, wordsOf } from './name-accents.js';
import { noteEngine } from './read.js';
import { paddleCropText } from './re-read.js';
import { readerValues } from './reader-doubts.js';
import { atAnEdge, lookalikesApart, looksAt, marksTheLstmGlyph, nameLetters, paddleAgain } from './third-look.js';

/** Readings of a line this many letters apart are one reader's slip; further apart, a vote would
 * only pick a side (as for a name: third-look.ts). */
const MAX_LETTERS_APART = 2;

/** The letter O and the digit 0 as one glyph: a round glyph is a letter among letters and a
 * digit among digits, which the readers mix up in either place ("PUERT0", "430O0"). */
const roundAsOne = (text: string): string => nameLetters(text).replace(/O/g, '0');

/** A word whose round glyph is read against its neighbours: a 0 among letters only ("SINGAP0RE",
 * "BAJ0") or an O among digits only ("551O0"). */
function roundMisplaced(text: string): boolean {
  return (canonicalName(text).match(/[A-Z0-9]+/g) ?? []).some(
    (word) => (/0/.test(word) && /^[A-Z0]+$/.test(word) && /[A-NP-Z]/.test(word)) || (/O/.test(word) && /^[O0-9]+$/.test(word) && /[0-9]/.test(word)),
  );
}

/** Glyphs that are another with a stroke more: a Q's tail, an E's foot, an R's leg, a G's bar. */
const STROKE_MORE: Record<string, string> = { Q: 'O', E: 'F', R: 'P', G: 'C' };

/** `fewer` is `more` read with strokes lost ("REPUBLIOUE" for "REPUBLIQUE"): a faint stroke one
 * engine saw is ink, and two others that both missed it read the same lighter glyph, so their
 * agreement is no vote against it. */
function strokesLost(more: string, fewer: string): boolean {
  if (more.length !== fewer.length || more === fewer) return false;
  return [...more].every((c, i) => c === fewer[i] || STROKE_MORE[c] === fewer[i]);
}

interface LineReadings {
  box: Region['box'];
  lstm: string;
  paddle: string;
}

/** How a disputed line was settled: the text published, and why, in words. */
interface Settled {
  text: string;
  why: string;
}

/** A shop's address that the two readers read alike but for a slip on some of its lines is
 * settled line by line, each line as a name is: the readers' line readings are compared as their
 * letters are, with the round glyph taken for what its word holds (an O among letters, a 0 among
 * digits); an ü one reader spelled "ii" is the other's u (split-umlauts.ts); and a line a letter or
 * two apart is read a third time by Tesseract's legacy classifier, and goes to PaddleOCR's
 * reading when the look reads it so and never as Tesseract did (not where PaddleOCR's reading only
 * lacks a stroke Tesseract saw), or to Tesseract's when PaddleOCR, reading the line again through
 * its text detector or from its prepared crop, reads it as Tesseract did (third-look.ts). A capital
 * I against a small l, or an ampersand against an 8, one glyph, is not looked at.
 * Only an address whose every line is settled so is published, with both engines as evidence. The
 * lines are those the first reader took for the address, each read by PaddleOCR from its own crop
 * (cross-read), so the two readings hold the same lines; an address its reader doubted (a slogan's
 * line, where it ends) is not looked at, since it would not be published. */
export const addressLinesStep: Step<ReadContext> = {
  name: 'address_lines',
  async run(ctx) {
    const at = ctx.fields.findIndex((f) => f.key === 'merchant_address' && f.status === 'conflict' && f.candidates.length === 2);
    const field = ctx.fields[at];
    if (!field) return undefined;
    const [lstm] = readerValues(ctx, field.key, 'tesseract');
    const [paddle] = readerValues(ctx, field.key, 'paddle');
    const lines = lstm && paddle && !lstm.problems?.length ? lineReadings(lstm, paddle) : null;
    if (!lines) return undefined;
    const published: string[] = [];
    const whys: string[] = [];
    for (const line of lines) {
      const page = lstm!.region!.page;
      const done = alike(line) ?? (await accentsLooked(ctx, page, line)) ?? (await lookedAgain(ctx, page, line));
      // A line settled as one no address holds ("CYEF" settled as "C.I.F", a tax number's label):
      // the address read under the name went on past its end.
      if (!done || (done.why && notAddressLine(done.text))) return undefined;
      published.push(done.text);
      if (done.why) whys.push(done.why);
    }
    // The settled address is held to the doubts the extractor raises of an address's lines, and
    // to PaddleOCR's words for them: a branch's line Tesseract misread ("Fiiale 0427 Hamburg") is one.
    if (addressLinesDoubt(published) || lines.some((l) => labelledNotAddress(l.paddle))) return undefined;
    const why = `The readers read the address alike line by line but for a slip: ${whys.join(' ')}`;
    ctx.fields[at] = { ...settled(field, published.join(', '), 'reader_agree', why), region: lstm!.region };
    return undefined;
  },
};

/** Both readers' readings of each line of the first reader's address, or null when PaddleOCR's
 * reading does not hold them line for line. */
export function lineReadings(lstm: ExtractedValue, paddle: ExtractedValue): LineReadings[] | null {
  if (!lstm.region) return null;
  const boxes = lstm.parts ?? [lstm.region.box];
  const lstmLines = lstm.partTexts ?? [lstm.raw];
  const paddleLines = paddle.partTexts ?? [paddle.raw];
  if (lstmLines.length !== boxes.length || paddleLines.length !== boxes.length) return null;
  return boxes.map((box, i) => ({ box, lstm: lstmLines[i]!, paddle: paddleLines[i]! }));
}

/** A line the readers read alike, as their letters are compared, or but for a rule of spelling. */
function alike({ lstm, paddle }: LineReadings): Settled | null {
  // A mark one reader read inside a word where the other read none may be a faint letter's remains.
  if (!sameInWordMarks(lstm, paddle)) return null;
  if (nameLetters(lstm) === nameLetters(paddle)) return { text: lstm, why: '' };
  if (roundAsOne(lstm) === roundAsOne(paddle)) {
    const [good, bad] = roundMisplaced(lstm) ? [paddle, lstm] : [lstm, paddle];
    if (roundMisplaced(good)) return null;
    return { text: good, why: `"${bad}" has an O read as 0 or a 0 as O where "${good}" reads the glyph as its word holds it.` };
  }
  if (spelledOverSplitUmlaut(lstm, paddle)) return { text: paddle, why: `Tesseract read an ü as "ii" in "${lstm}"; PaddleOCR read "${paddle}".` };
  if (spelledOverSplitUmlaut(paddle, lstm)) return { text: lstm, why: `PaddleOCR read an ü as "ii" in "${paddle}"; Tesseract read "${lstm}".` };
  return null;
}

/** A line the readers read alike but for a word one of them misprinted where an accented letter
 * is ("80335 Minchen" / "80335 Munchen" for München: Tesseract's English model writes an ü it
 * cannot write as i, PaddleOCR as u): the accent engines look at the line's crop, as at a name's
 * (name-accents.ts), and where every look that writes the word with accents spells it alike, and
 * that spelling is the one reader's word with its accents and the other's misprinted, the line is
 * that spelling. Looks that spell it otherwise, or not at all, leave the line as it was. */
async function accentsLooked(ctx: ReadContext, page: number, line: LineReadings): Promise<Settled | null> {
  const readers = { tesseract: line.lstm, paddle: line.paddle };
  if (!misprintApart(readers)) return null;
  const seen = await accentLooks(ctx, { page, box: line.box });
  if (!seen) return null;
  const plain = plainAgreed(readers, seen.looks);
  if (!plain) return null;
  const lookWords = seen.looks.flatMap(wordsOf);
  const [lstmWords, paddleWords] = [line.lstm, line.paddle].map((text) => text.trim().split(/\s+/u));
  const spelt: string[] = [];
  for (const [i, word] of plain.split(/\s+/u).entries()) {
    if (word === lstmWords![i] && word === paddleWords![i]) {
      spelt.push(word);
      continue;
    }
    const [bare] = wordsOf(word);
    if (!bare) return null;
    const spellings = new Set(lookWords.filter((w) => ACCENTED.test(w) && w.length === bare.length && canonicalName(w) === canonicalName(bare)));
    if (spellings.size !== 1) return null;
    spelt.push(word.replace(bare, [...spellings][0]!));
  }
  return {
    text: spelt.join(' '),
    why: `On the line Tesseract read "${line.lstm}" and PaddleOCR "${line.paddle}", second looks with French, German and Spanish letters read "${spelt.join(' ')}": one reader misprinted its accented letter, the other wrote it plain.`,
  };
}

/** A line a slip apart, settled by a third engine's look or PaddleOCR's second reading. */
async function lookedAgain(ctx: ReadContext, page: number, line: LineReadings): Promise<Settled | null> {
  const [a, b] = [nameLetters(line.lstm), nameLetters(line.paddle)];
  const apart = lettersApart(a, b);
  if (apart > MAX_LETTERS_APART || Math.min(a.length, b.length) < 3 || atAnEdge(line.lstm, line.paddle) || lookalikesApart(line.lstm, line.paddle)) return null;
  const region: Region = { page, box: line.box };
  // Each look is read as the extractor reads the address's lines (a ß read as B written as ß).
  const fromLine = ctx.doctype?.fields.find((f) => f.key === 'merchant_address')?.fromLine ?? ((text: string) => text);
  // Without the legacy classifier (turned off), PaddleOCR's second readings may still settle a line.
  const engine = (await ctx.deps.readers.legacy?.()) ?? null;
  const seen = engine ? await looksAt(ctx, engine, region, fromLine) : [];
  if (engine && seen.length > 0) noteEngine(ctx, engine.engine);
  // A look that marks where Tesseract read a glyph PaddleOCR lost saw it too.
  const marked = (l: FieldCandidate) => marksTheLstmGlyph(String(l.value), line.lstm, line.paddle);
  const withPaddle = seen.filter((l) => nameLetters(String(l.value)) === b && !marked(l));
  const withLstm = seen.filter((l) => nameLetters(String(l.value)) === a || marked(l));
  const lost = strokesLost(a, b);
  if (withPaddle.length > 0 && withLstm.length === 0 && !lost) {
    return {
      text: spacedAs(withPaddle, line.paddle),
      why: `On the line Tesseract read "${line.lstm}" and PaddleOCR "${line.paddle}", Tesseract's legacy classifier read the line's crop as PaddleOCR did and never as Tesseract did.`,
    };
  }
  // A look that read PaddleOCR's line leaves no second reading to settle it, unless what the
  // look shared with PaddleOCR was a lost stroke.
  if (withPaddle.length > 0 && !lost) return null;
  // PaddleOCR's second reading gives Tesseract's line, a round glyph read against its word aside
  // ("SINGAP0RE 238839", "430O0 KAJANG"): the glyph its first reading lost it now reads.
  const readsLstm = (text: string): boolean => nameLetters(text) === a || (roundAsOne(text) === roundAsOne(line.lstm) && !roundMisplaced(line.lstm));
  const again = await paddleAgain(ctx, region, fromLine);
  if (again && readsLstm(String(again.value))) {
    return {
      text: line.lstm,
      why: `On the line Tesseract read "${line.lstm}" and PaddleOCR "${line.paddle}", PaddleOCR, reading the line again through its text detector, read "${again.raw}".`,
    };
  }
  // Small print PaddleOCR misreads at the page's scale it may read enlarged and contrast
  // stretched; its reading of that crop giving Tesseract's page reading is two engines' looks at
  // two images agreeing (Tesseract never read the prepared crop here).
  const prepared = await preparedReading(ctx, region);
  if (prepared === null || !readsLstm(fromLine(prepared))) return null;
  return {
    text: line.lstm,
    why: `On the line Tesseract read "${line.lstm}" and PaddleOCR "${line.paddle}", PaddleOCR, reading the line's crop enlarged and contrast stretched, read "${prepared}".`,
  };
}

/** PaddleOCR's reading of the line's prepared crop, or null where it cannot read it: a reading
 * that fails leaves the dispute as it was, for a person. */
async function preparedReading(ctx: ReadContext, region: Region): Promise<string | null> {
  try {
    return await paddleCropText(ctx, region);
  } catch (err) {
    ctx.signal?.throwIfAborted();
    ctx.raw.address_lines_error = err instanceof Error ? err.message : String(err);
    return null;
  }
}

/** PaddleOCR's line with the word breaks a look that spells its letters gives it: PaddleOCR drops
 * spaces between words set close. */
function spacedAs(looks: FieldCandidate[], paddle: string): string {
  const spaced = looks.map((l) => String(l.value)).find((t) => t.trim().split(/\s+/).length > paddle.trim().split(/\s+/).length);
  return spaced?.trim() ?? paddle;
}
