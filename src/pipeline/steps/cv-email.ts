import { readByRule, type FieldReading } from '../../domain/field.js';
import { stripDiacritics } from '../../domain/normalise.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** Characters one reader prints for another in an address: a digit for the letter it looks like. */
const LOOK_ALIKE = new Set(['0o', 'o0', '1l', 'l1', '1i', 'i1', '5s', 's5']);

/** The name's words as an address writes them: lower case, plain letters ("Müller" → "muller"). */
const addressWords = (name: string) =>
  stripDiacritics(name)
    .toLowerCase()
    .split(/[\s'’-]+/u)
    .filter(Boolean);

/** Two addresses the same but where one has, in the local part, a look-alike of the other's character. */
function lookAlikes(a: string, b: string): boolean {
  if (a.length !== b.length || a === b || a.split('@')[1] !== b.split('@')[1]) return false;
  return [...a].every((ch, i) => ch === b[i] || LOOK_ALIKE.has(ch + b[i]));
}

/** An address whose local part is the name's words, joined by dots, hyphens or underscores. */
const madeOfName = (email: string, words: string[]) => {
  const parts = email.split('@')[0]!.split(/[._-]/u);
  return parts.length >= 2 && parts.every((p) => words.includes(p));
};

/** The e-mail the page readers dispute only by a look-alike character ("mate0.muller" beside
 * "mateo.muller"), settled by the name read on the page: an address made of the name's words is the
 * name's. The name is a second, independent reading of those letters on the same page; where
 * neither address or both are the name's words, the dispute stays for a person. */
export const emailByNameStep: Step<ReadContext> = {
  name: 'email_by_name',
  async run(ctx) {
    if (ctx.documentType !== 'cv') return undefined;
    const at = ctx.fields.findIndex((f) => f.key === 'email');
    const email = ctx.fields[at];
    const name = ctx.fields.find((f) => f.key === 'full_name');
    if (!email || email.status !== 'conflict' || !name || name.status !== 'read' || typeof name.value !== 'string') return undefined;
    const tesseract = email.candidates.find((c) => c.reader === 'tesseract')?.value;
    const paddle = email.candidates.find((c) => c.reader === 'paddle')?.value;
    if (typeof tesseract !== 'string' || typeof paddle !== 'string' || !lookAlikes(tesseract, paddle)) return undefined;
    const words = addressWords(name.value);
    const named = [tesseract, paddle].filter((e) => madeOfName(e, words));
    if (named.length !== 1) return undefined;
    ctx.fields[at] = settledByName(email, named[0]!, tesseract, paddle, name.value);
    return undefined;
  },
};

function settledByName(field: FieldReading, value: string, tesseract: string, paddle: string, name: string): FieldReading {
  return {
    ...readByRule(
      field,
      { value, evidence: ['reader_agree'], region: field.region, candidates: field.candidates },
      `Tesseract read "${tesseract}" and PaddleOCR "${paddle}", the same but for a character that looks like another; "${value}" is made of the words of the name read on the page, "${name}".`,
    ),
    problems: field.problems.filter((p) => p !== 'FIELD_CONFLICT'),
  };
}
