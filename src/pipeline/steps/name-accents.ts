import { ACCENTED, plainPrint } from '../../doctypes/finance/accent-misprints.js';
import { lettersApart } from '../../domain/letters-apart.js';
import { canonicalName } from '../../domain/normalise.js';
import { expectedMarks, greyPixels, marksAboveWord, spellingByMarks, type Grey, type MarkKind } from '../../imaging/accent-marks.js';
import { openImage } from '../../imaging/open.js';
import type { Box } from '../../readers/types.js';
import type { RegionReading } from '../../readers/tesseract.js';
import { doubted, readByRule, type FieldCandidate, type FieldReading } from '../../domain/field.js';
import type { Region } from '../../domain/result.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { COMPANY_NAMES } from './name-dispute.js';
import { uprightPage } from './page-image.js';
import { preparedCrop } from './re-read.js';
import { readerDoubts } from './reader-doubts.js';

/** The name's crop at half its size: a name is set large, and its letters at the page's scale are
 * about twice the height Tesseract reads best (30–40 px). Read at both sizes, the marks are seen
 * at two scales; a mark misjudged at one ("Sôren" for "Sören", agreed by both engines) or missed at
 * one (all read "Soren") mostly reads otherwise at the other, and the name is left in doubt. */
async function reduced(png: Buffer, scale = 0.5): Promise<Buffer> {
  const { width, height } = await openImage(png).metadata();
  return openImage(png)
    .resize(Math.max(1, Math.round(width! * scale)), Math.max(1, Math.round(height! * scale)), { kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/** More sizes of the crop, looked at only when the first looks differ: each engine misjudges marks
 * at some sizes, so more sizes bring out more of the spellings the marks could be. */
const MORE_SCALES = [0.7, 0.35];

/** The marks above a word of the name in the crop, measured in each box the engines found for it
 * at the crop's own size; null unless every box shows the same marks. */
function marksOf(grey: Grey, word: string, fullSize: RegionReading[]): MarkKind[] | null {
  const boxes: Box[] = fullSize.flatMap((r) =>
    r.lines.flatMap((l) => l.words.filter((w) => canonicalName(w.text) === canonicalName(word) && w.text.length === word.length).map((w) => w.box)),
  );
  const seen = boxes.map((b) => marksAboveWord(grey, [b[0] * grey.width, b[1] * grey.height, b[2] * grey.width, b[3] * grey.height]));
  if (seen.length === 0 || seen.some((m) => m === null || m.join() !== seen[0]!.join())) return null;
  return seen[0]!;
}

/** The marks measured in the pixels of a word the looks gave accents are not those of its spelling. */
function marksBelie(name: string, proposed: string, grey: Grey, fullSize: RegionReading[]): boolean {
  const words = name.split(/\s+/u);
  return proposed.split(/\s+/u).some((spelt, i) => {
    if (spelt === words[i]) return false;
    const seen = marksOf(grey, words[i]!, fullSize);
    const want = expectedMarks(spelt);
    return seen !== null && want !== null && seen.join() !== want.join();
  });
}

/** The words of a look, their edge punctuation cut. */
export const wordsOf = (look: string) => look.split(/\s+/u).map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));

/** The name spelt as the marks in its pixels show, choosing for each word among the spellings the
 * looks read (the page readers' plain word among them); null when a word's marks fit no spelling
 * or more than one, or a word's spelling no look read, or they fit the plain word: a mark that
 * touches its letter is not seen apart, so no marks seen is no proof of none. The marks are a second, independent reading
 * of the accents: Tesseract's fra/deu/spa models confuse "ö", "ô" and "ó" on photos, where the
 * pixels show two dots, one hat or one stroke plainly. */
function spelledByMarks(name: string, looks: string[], grey: Grey, fullSize: RegionReading[]): string | null {
  const read = looks.flatMap(wordsOf);
  const out: string[] = [];
  for (const word of name.split(/\s+/u)) {
    const spellings = [word, ...read.filter((c) => c.length === word.length && canonicalName(c) === canonicalName(word))];
    if (spellings.every((c) => c === word)) {
      out.push(word);
      continue;
    }
    const chosen = spellingByMarks(spellings, marksOf(grey, word, fullSize));
    if (!chosen || chosen === word || !read.includes(chosen)) return null;
    out.push(chosen);
  }
  return out.join(' ');
}

/** The words of a name read plain that a second look read as the same word with accents
 * ("Soren" → "Sören"); other differences are misreadings, not accents, and count for nothing.
 * Several looks: the first that saw an accent on a word gives it. */
export function accentedWords(name: string, looks: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const candidates = looks.flatMap((look) => look.split(/\s+/u)).map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  for (const word of name.split(/\s+/u)) {
    if (ACCENTED.test(word)) continue;
    const accented = candidates.find((c) => c !== word && ACCENTED.test(c) && c.length === word.length && canonicalName(c) === canonicalName(word));
    if (accented) found.set(word, accented);
  }
  return found;
}

/** The name with the looks' accents on its words. */
function withAccents(name: string, accents: Map<string, string>): string {
  return name
    .split(/\s+/u)
    .map((w) => accents.get(w) ?? w)
    .join(' ');
}

/** Every look (at least two, of different languages first) read the whole line alike: the letters
 * rest on the page readers' agreement, the accents on two looks that each could have written the
 * letters plain or with other marks. */
const looksAgree = (looks: string[]) => looks.length >= 2 && looks.every((l) => l.trim().split(/\s+/u).join(' ') === looks[0]!.trim().split(/\s+/u).join(' '));

/** The second looks' reading of the name, as a candidate beside the page readers'. */
const secondLook = (field: FieldReading, value: string, looks: string[]): FieldCandidate => ({
  reader: 'tesseract',
  value,
  raw: looks.join(' | '),
  region: field.region,
  confidence: 0,
});

/** The accents every look saw, put on the name the page readers agreed on. */
function accentsSeenAlike(field: FieldReading, name: string, accented: string, looks: string[]): FieldReading {
  return readByRule(
    field,
    { value: accented, evidence: field.evidence, region: field.region, candidates: [...field.candidates, secondLook(field, accented, looks)] },
    `The page readers agreed on "${name}", which neither of them can write with accents; second looks with French, German and Spanish letters, at two sizes of its crop, all read "${accented}".`,
  );
}

/** The looks differed, and the marks measured in the name's pixels chose one of their spellings. */
function accentsByMarks(field: FieldReading, name: string, spelled: string, looks: string[]): FieldReading {
  return readByRule(
    field,
    { value: spelled, evidence: field.evidence, region: field.region, candidates: [...field.candidates, secondLook(field, spelled, looks)] },
    `The page readers agreed on "${name}", which neither of them can write with accents; second looks with French, German and Spanish letters read its marks differently, and of their spellings only "${spelled}" has the marks measured above its letters in the image.`,
  );
}

/** The two page readers' readings of a disputed name: Tesseract's and PaddleOCR's. */
function pageReadings(field: FieldReading): { tesseract: string; paddle: string } | null {
  const of = (reader: string) => field.candidates.find((c) => c.reader === reader && typeof c.value === 'string')?.value as string | undefined;
  const tesseract = of('tesseract');
  const paddle = of('paddle');
  return tesseract && paddle ? { tesseract, paddle } : null;
}

/** The plain name two disputing page readers both support: word for word, they agree, or one
 * reads a word as an accented spelling a second look read (same letters, accents aside) and the
 * other as that spelling with its accented letters misprinted. Null when any word is otherwise. */
export function plainAgreed(readers: { tesseract: string; paddle: string }, looks: string[]): string | null {
  const a = readers.tesseract.trim().split(/\s+/u);
  const b = readers.paddle.trim().split(/\s+/u);
  if (a.length !== b.length) return null;
  const spellings = looks.flatMap(wordsOf).filter((w) => ACCENTED.test(w));
  const out: string[] = [];
  for (let i = 0; i < a.length; i++) {
    // A word read alike but for the case of a letter ("El" / "EL") is one word: Tesseract's case.
    if (a[i] === b[i] || (!ACCENTED.test(a[i]! + b[i]!) && a[i]!.toUpperCase() === b[i]!.toUpperCase())) {
      out.push(a[i]!);
      continue;
    }
    const explained = [
      [a[i]!, b[i]!],
      [b[i]!, a[i]!],
    ].find(([agrees, other]) =>
      spellings.some(
        (s) => s.length === agrees!.length && canonicalName(s) === canonicalName(agrees!) && !ACCENTED.test(agrees!) && plainPrint(s).test(other!),
      ),
    );
    if (!explained) return null;
    out.push(explained[0]!);
  }
  return out.join(' ');
}

/** Two readings word for word alike but for words of about one length a letter or two apart, as a
 * reader that cannot write an accented letter misprints it (one other letter, an ü as "ii"). */
export function misprintApart(readers: { tesseract: string; paddle: string }): boolean {
  const [a, b] = [readers.tesseract.trim().split(/\s+/u), readers.paddle.trim().split(/\s+/u)];
  if (a.length !== b.length || a.every((w, i) => w === b[i])) return false;
  return a.every((w, i) => w === b[i] || (Math.abs(w.length - b[i]!.length) <= 1 && lettersApart(w, b[i]!) <= 2));
}

/** A name the page readers disputed only where its accented letters are, spelt as the marks in
 * its pixels show. */
function disputeByMarks(field: FieldReading, readers: { tesseract: string; paddle: string }, spelled: string, looks: string[]): FieldReading {
  return {
    ...readByRule(
      field,
      { value: spelled, evidence: ['reader_agree'], region: field.region, candidates: [...field.candidates, secondLook(field, spelled, looks)] },
      `Tesseract read "${readers.tesseract}" and PaddleOCR "${readers.paddle}": they differ only where second looks with French, German and Spanish letters read accented letters, which one of them printed as other letters; of the looks' spellings only "${spelled}" has the marks measured above its letters in the image.`,
    ),
    problems: field.problems.filter((p) => p !== 'FIELD_CONFLICT'),
  };
}

/** A photographed name's accents in doubt: the value is withheld and both readings shown. */
function accentsInDoubt(field: FieldReading, name: string, proposed: string, looks: string[]): FieldReading {
  return doubted(
    field,
    secondLook(field, proposed, looks),
    `The page readers read "${name}" without accents, which neither of them can write on every letter; a second look with French, German and Spanish letters read "${proposed}". A person decides which is printed.`,
  );
}

/** The accent engines' looks at a region's prepared crop, at its size and at half (see reduced);
 * null where no accent engine or no crop is to be had. `look` reads another image of it. */
export async function accentLooks(
  ctx: ReadContext,
  region: Region,
): Promise<{ crop: Buffer; fullSize: RegionReading[]; looks: string[]; look: (png: Buffer) => Promise<string[]> } | null> {
  const engines = (await ctx.deps.readers.accents?.()) ?? [];
  const page = engines.length ? await uprightPage(ctx, region.page) : null;
  const prepared = page ? await preparedCrop(page, region.box) : null;
  if (!prepared) return null;
  const signal = ctx.signal ? { signal: ctx.signal } : {};
  const readings = async (png: Buffer) => Promise.all(engines.map((engine) => engine.readRegion(png, { psm: 6, ...signal })));
  const text = (r: RegionReading) => r.lines.map((l) => l.text).join(' ');
  const fullSize = await readings(prepared.png);
  const looks = [...fullSize, ...(await readings(await reduced(prepared.png)))].map(text);
  return { crop: prepared.png, fullSize, looks, look: async (png) => (await readings(png)).map(text) };
}

/** A name read from pixels, where the two page readers agreeing is no proof of its accents: Tesseract's
 * English model and PaddleOCR write "Sören" as "Soren" alike. The name's line is looked at again by
 * Tesseract engines whose languages write accents (TESSERACT_ACCENT_LANGS: two, as each favours its
 * first language's letters and misses others'); where either reads a word of the name with accents
 * the readers left out, the name gets them only when every look read the whole name alike; one look
 * alone is not trusted with the accents ("Tomäs" for "Tomás", "Sôren" for "Sören" happen), so where
 * the looks differ the name is not published but sent to a person. Each engine looks at the crop
 * at two sizes (see reduced): both engines have read "Sôren" alike at one size. A name from the file's own text
 * or a checked MRZ is left alone. */
export const nameAccentsStep: Step<ReadContext> = {
  name: 'name_accents',
  async run(ctx) {
    const cv = ctx.documentType === 'cv';
    const at = ctx.fields.findIndex((f) => (cv ? f.key === 'full_name' : COMPANY_NAMES.has(f.key)));
    const field = ctx.fields[at];
    if (!field || !field.region) return undefined;
    if (field.evidence.some((e) => e === 'text_layer' || e === 'mrz_checksum')) return undefined;
    // A reader's own doubt about the name withholds it however a dispute is settled.
    const readers = field.status === 'conflict' && readerDoubts(ctx, field.key).length === 0 ? pageReadings(field) : null;
    // A company's name is looked at only where its readers dispute it as an accent's misprint may
    // ("Lindenblite" against "Lindenblute"): its plain spelling agreed is published as read.
    const disputed = readers && (cv || misprintApart(readers)) ? readers : null;
    if (!(cv && field.status === 'read' && typeof field.value === 'string') && !disputed) return undefined;
    const seen = await accentLooks(ctx, field.region);
    if (!seen) return undefined;
    const { crop, fullSize, looks, look } = seen;
    const grey = await greyPixels(crop);
    const moreLooks = async () => {
      const more: string[] = [];
      for (const scale of MORE_SCALES) more.push(...(await look(await reduced(crop, scale))));
      return more;
    };
    if (disputed) {
      const plain = plainAgreed(disputed, looks);
      ctx.raw.name_accents = { readers: disputed, second_looks: looks, plain };
      if (!plain) return undefined;
      const more = await moreLooks();
      const byMarks = spelledByMarks(plain, [...looks, ...more], grey, fullSize);
      ctx.raw.name_accents = { readers: disputed, second_looks: looks, more_looks: more, plain, by_marks: byMarks };
      if (byMarks) ctx.fields[at] = disputeByMarks(field, disputed, byMarks, [...looks, ...more]);
      return undefined;
    }
    const name = field.value as string;
    const accents = accentedWords(name, looks);
    ctx.raw.name_accents = { name, second_looks: looks };
    if (accents.size === 0) return undefined;
    const proposed = withAccents(name, accents);
    // Every word as every look wrote it: a look that misread another letter leaves the name in doubt.
    if (looksAgree(looks) && looks[0]!.includes(proposed)) {
      // unless the marks measured in the pixels are another spelling's
      const belied = marksBelie(name, proposed, grey, fullSize);
      ctx.fields[at] = belied ? accentsInDoubt(field, name, proposed, looks) : accentsSeenAlike(field, name, proposed, looks);
      return undefined;
    }
    const more = await moreLooks();
    const byMarks = spelledByMarks(name, [...looks, ...more], grey, fullSize);
    ctx.raw.name_accents = { name, second_looks: looks, more_looks: more, by_marks: byMarks };
    ctx.fields[at] = byMarks ? accentsByMarks(field, name, byMarks, [...looks, ...more]) : accentsInDoubt(field, name, proposed, looks);
    return undefined;
  },
};
