import { canonicalName } from '../../domain/normalise.js';
import { openImage } from '../../imaging/open.js';
import { doubted, readByRule, type FieldCandidate, type FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';
import { preparedCrop } from './re-read.js';

const ACCENTED = /[^\u0000-\u007f]/u;

/** The name's crop at half its size: a name is set large, and its letters at the page's scale are
 * about twice the height Tesseract reads best (30–40 px). Read at both sizes, the marks are seen
 * at two scales; a mark misjudged at one ("Sôren" for "Sören", agreed by both engines) or missed at
 * one (all read "Soren") mostly reads otherwise at the other, and the name is left in doubt. */
async function reduced(png: Buffer): Promise<Buffer> {
  const { width, height } = await openImage(png).metadata();
  return openImage(png)
    .resize(Math.max(1, Math.round(width! / 2)), Math.max(1, Math.round(height! / 2)), { kernel: 'lanczos3' })
    .png()
    .toBuffer();
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

/** A photographed name's accents in doubt: the value is withheld and both readings shown. */
function accentsInDoubt(field: FieldReading, name: string, proposed: string, looks: string[]): FieldReading {
  return doubted(
    field,
    secondLook(field, proposed, looks),
    `The page readers read "${name}" without accents, which neither of them can write on every letter; a second look with French, German and Spanish letters read "${proposed}". A person decides which is printed.`,
  );
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
    const at = ctx.fields.findIndex((f) => f.key === 'full_name');
    const field = ctx.fields[at];
    if (ctx.documentType !== 'cv' || !field || field.status !== 'read' || typeof field.value !== 'string' || !field.region) return undefined;
    if (field.evidence.some((e) => e === 'text_layer' || e === 'mrz_checksum')) return undefined;
    const engines = (await ctx.deps.readers.accents?.()) ?? [];
    const page = engines.length ? await uprightPage(ctx, field.region.page) : null;
    const crop = page ? await preparedCrop(page, field.region.box) : null;
    if (!crop) return undefined;
    const looks: string[] = [];
    for (const png of [crop.png, await reduced(crop.png)])
      for (const engine of engines) {
        const read = await engine.readRegion(png, { psm: 6, ...(ctx.signal ? { signal: ctx.signal } : {}) });
        looks.push(read.lines.map((l) => l.text).join(' '));
      }
    const accents = accentedWords(field.value, looks);
    ctx.raw.name_accents = { name: field.value, second_looks: looks };
    if (accents.size === 0) return undefined;
    const proposed = withAccents(field.value, accents);
    // Every word as every look wrote it: a look that misread another letter leaves the name in doubt.
    const alike = looksAgree(looks) && looks[0]!.includes(proposed);
    ctx.fields[at] = alike ? accentsSeenAlike(field, field.value, proposed, looks) : accentsInDoubt(field, field.value, proposed, looks);
    return undefined;
  },
};
