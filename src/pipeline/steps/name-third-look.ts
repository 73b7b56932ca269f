import { settled, type FieldCandidate, type FieldReading } from '../../domain/field.js';
import { canonicalName } from '../../domain/normalise.js';
import type { TesseractReader } from '../../readers/tesseract.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { noteEngine } from './read.js';
import { doubtsAgainst } from './reader-doubts.js';
import { reReadLinesWith } from './re-read.js';

/** The names a third engine may settle: a shop's or a company's, printed once in the header. A
 * person's name is read against a check digit or a second zone, never by a vote. */
const SETTLED_NAMES = new Set(['merchant_name', 'vendor_name']);
/** Readings this many letters apart are one reader's slip on a faint or touching glyph ("SDN 3HD",
 * "UNIHAKIKA", "TED HENG"); further apart, the readers saw different things (another line, a cut
 * edge), and a third reading would only pick a side. */
const MAX_LETTERS_APART = 2;
/** Letter heights (px) the crop is enlarged towards for the classifier's looks: it matches glyph
 * shapes, and a faint thermal glyph reads as itself at one size and as a neighbour at another. */
const LETTER_HEIGHTS = [28, 40, 64];

/** Letters one reading needs changed to become the other (insertions, deletions, substitutions). */
export function lettersApart(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** A name the two readers read a letter or two apart is read a third time, from its prepared crop
 * at three sizes, by Tesseract's legacy character classifier: a recogniser of another kind than Tesseract's LSTM
 * (it matches each glyph's features against trained shapes, with no sequence model) and than
 * PaddleOCR. When it reads the name exactly as PaddleOCR did at one size, and as the LSTM did at
 * none, two engines that share no model agree, as for any value: the name is published with that
 * evidence and the dissenting LSTM reading stays among the candidates. Agreement with the LSTM settles nothing: both are
 * Tesseract, binarise the crop alike, and would lose the same faint stroke. Any other third
 * reading leaves the dispute for a person, as does a reader's own doubt about the name line. */
export const nameThirdLookStep: Step<ReadContext> = {
  name: 'name_third_look',
  async run(ctx) {
    const disputed = ctx.fields.flatMap((field) => {
      const pair = SETTLED_NAMES.has(field.key) ? nearMiss(field) : null;
      // Only PaddleOCR's reading can be settled on, so the doubts that stand against it decide.
      return pair && doubtsAgainst(ctx, field.key, pair.paddle, pair.lstm).length === 0 ? [{ field, pair }] : [];
    });
    if (disputed.length === 0) return undefined;
    const engine = (await ctx.deps.readers.legacy?.()) ?? null;
    if (!engine) return undefined;
    const looks: Record<string, string[]> = {};
    for (const { field, pair } of disputed) {
      const seen: FieldCandidate[] = [];
      for (const px of LETTER_HEIGHTS) {
        const look = await thirdLook(ctx, engine, pair.lstm, px);
        if (look) seen.push(look);
      }
      if (seen.length === 0) continue;
      looks[field.key] = seen.map((l) => l.raw);
      noteEngine(ctx, engine.engine);
      const as = (c: FieldCandidate) => seen.filter((l) => canonicalName(l.raw) === canonicalName(c.raw));
      const withPaddle = as(pair.paddle);
      // A look that read the LSTM's letters at any size leaves the glyph in doubt.
      if (withPaddle.length === 0 || as(pair.lstm).length > 0) continue;
      const at = ctx.fields.indexOf(field);
      const why = `Tesseract read "${pair.lstm.raw}" and PaddleOCR "${pair.paddle.raw}"; a third engine, Tesseract's legacy classifier, read the name's crop as PaddleOCR did and never as Tesseract did.`;
      ctx.fields[at] = {
        ...settled(field, pair.paddle.value, 'reader_agree', why),
        region: pair.paddle.region ?? field.region,
        candidates: [...field.candidates, withPaddle[0]!],
      };
    }
    ctx.raw.name_third_look = looks;
    return undefined;
  },
};

/** The two readings of a disputed name, when they are all there is and a letter or two apart. */
function nearMiss(field: FieldReading): { lstm: FieldCandidate; paddle: FieldCandidate } | null {
  if (field.status !== 'conflict' || field.candidates.length !== 2) return null;
  const lstm = field.candidates.find((c) => c.reader === 'tesseract');
  const paddle = field.candidates.find((c) => c.reader === 'paddle');
  if (!lstm?.region || !paddle || typeof lstm.value !== 'string' || typeof paddle.value !== 'string') return null;
  const [a, b] = [canonicalName(lstm.value), canonicalName(paddle.value)];
  const apart = lettersApart(a, b);
  return apart > 0 && apart <= MAX_LETTERS_APART && Math.min(a.length, b.length) >= 3 ? { lstm, paddle } : null;
}

/** The legacy classifier's reading of the name's crop (every line of it, joined), or null. */
async function thirdLook(ctx: ReadContext, engine: TesseractReader, lstm: FieldCandidate, px: number): Promise<FieldCandidate | null> {
  try {
    const lines = await reReadLinesWith(ctx, engine, lstm.region!, px);
    const raw = lines
      ?.map((l) => l.text)
      .join(' ')
      .trim();
    const words = lines?.flatMap((l) => l.words) ?? [];
    const confidence = words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0;
    return raw ? { reader: 'tesseract_legacy', value: raw, raw, region: lstm.region, confidence } : null;
  } catch (err) {
    // An engine that cannot start or read leaves the dispute as it was, for a person.
    ctx.signal?.throwIfAborted();
    ctx.raw.name_third_look_error = err instanceof Error ? err.message : String(err);
    return null;
  }
}
