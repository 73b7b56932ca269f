import { DOCTYPES } from '../../src/doctypes/registry.js';
import { canonical } from '../../src/domain/normalise.js';

/** How the evaluation decides that a value the service published is the labelled one. */

export const alnum = (s: unknown): string =>
  String(s ?? '')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();

/** Legal forms a label may carry and a published name may leave out, or the other way round. The
 * evaluation keeps its own list: judging with the service's list would hide the service's mistakes. */
const LEGAL_FORMS = /\b(?:SDN\.?\s*BHD|S\/B|BHD|GMBH|AG|KG|CO\.?\s*KG|LTD|LIMITED|LLC|INC|CORP|PLC|SARL|SAS|SA|SRL|SPA|B\.?V|N\.?V|PVT|PTY|CO)\b\.?/giu;

/** A company name's letters and digits, its legal form left out. */
const bareName = (s: unknown) =>
  alnum(
    String(s ?? '')
      .toUpperCase()
      .replace(LEGAL_FORMS, ' '),
  );

/** Company names count as the same when they spell the same after case, punctuation, spacing and
 * legal form. A published name that merely contains the label ("Firm GmbH, Street 7, Town") or is
 * part of it ("rthwind Analytics GmbH") is a different value: it would be wrong on a form. */
export function sameName(ours: unknown, expected: unknown): boolean {
  const [a, b] = [bareName(ours), bareName(expected)];
  return a.length >= 3 && a === b;
}

/** A company name's words, its legal form left out, each word's letters and digits (punctuation
 * inside a word is dropped, not a break: "D.I.Y." is one word). */
const nameWords = (s: unknown): string[] =>
  String(s ?? '')
    .toUpperCase()
    .replace(LEGAL_FORMS, ' ')
    .split(/\s+/u)
    .map(alnum)
    .filter(Boolean);

/** sameName, and word breaks where the label has them: a published "Liefer ant GmbH" spells the
 * label "Lieferant GmbH" but would be a wrong value on a form. For labels made from the document's
 * own data (an e-invoice's XML, a generator's truth); receipts' labels are transcribed with their
 * own spacing and keep sameName. */
export function sameNameWords(ours: unknown, expected: unknown): boolean {
  if (!sameName(ours, expected)) return false;
  const [a, b] = [nameWords(ours), nameWords(expected)];
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/** How a wrong published name differs from the label, for counts that say what kind of mistake the
 * service made without naming the document: it holds the label and more ("longer", with where the
 * extra letters or digits stand and how many: "longer: 1–2 letters after" is a mark such as "(M)"
 * the label leaves out, "longer: 3+ letters before" a word run in ahead of the name), part of it
 * ("shorter"), or other letters ("spelling"). Legal forms, case and punctuation aside. */
export function nameDifference(ours: unknown, expected: unknown): string {
  const [a, b] = [bareName(ours), bareName(expected)];
  if (a === b) return 'word breaks';
  if (!a.includes(b)) return b.includes(a) ? 'shorter' : 'spelling';
  const at = a.indexOf(b);
  const [before, after] = [a.slice(0, at), a.slice(at + b.length)];
  const extra = before + after;
  const what = /^\p{N}+$/u.test(extra) ? 'digits' : /^\p{L}+$/u.test(extra) ? 'letters' : 'letters and digits';
  const where = before && after ? 'around' : before ? 'before' : 'after';
  const words = extraWords(ours, expected);
  return `longer: ${extra.length <= 2 ? '1–2' : '3+'} ${what} ${where}${words ? ` (${words})` : ''}`;
}

/** Words a shop's name is often printed with and a label may leave out; named in the counts because
 * they are a class, not a document's own words. */
const BUSINESS_WORDS = new Set(
  'ENTERPRISE ENTERPRISES TRADING TRADE RESTAURANT RESTORAN CAFE KEDAI STORE SHOP MART MARKET SUPERMARKET HYPERMARKET BAKERY FOOD FOODS STATIONERY HARDWARE PHARMACY MARKETING SERVICES SERVICE HOLDINGS GROUP INDUSTRIES CORPORATION COMPANY'.split(
    ' ',
  ),
);
/** Words within one letter of a legal form: a misread form ("SON BHD", "SDN 8HD") is no name. */
const NEAR_FORMS = ['SDN', 'BHD', 'LTD', 'GMBH', 'SARL'];
const oneApart = (a: string, b: string): boolean => a.length === b.length && a !== b && [...a].filter((c, i) => c !== b[i]).length === 1;

/** The extra words of a longer name, by word count and class: "1 word: a business word", "2 words:
 * other", "1 word: a near legal form". Empty when the extra is not whole words. */
function extraWords(ours: unknown, expected: unknown): string {
  const tokens = (s: unknown) =>
    String(s ?? '')
      .toUpperCase()
      .replace(LEGAL_FORMS, ' ')
      .split(/\s+/)
      .map(alnum)
      .filter(Boolean);
  const want = new Set(tokens(expected));
  const extra = tokens(ours).filter((w) => !want.has(w));
  if (extra.length === 0) return '';
  const kind = (w: string) => (BUSINESS_WORDS.has(w) ? 'a business word' : NEAR_FORMS.some((f) => oneApart(w, f)) ? 'a near legal form' : 'other');
  const kinds = [...new Set(extra.map(kind))].sort().join(' + ');
  return `${extra.length} word${extra.length > 1 ? 's' : ''}: ${kinds}`;
}

export const NAME_FIELDS = new Set(['vendor_name', 'merchant_name']);
const KIND_BY_KEY = new Map(DOCTYPES.flatMap((d) => d.fields.map((f) => [f.key, f.kind] as const)));

interface ItemLike {
  description?: unknown;
  quantity?: unknown;
  unit_price?: unknown;
  amount?: unknown;
}
const sameNumber = (a: unknown, b: unknown): boolean =>
  a === null || a === undefined ? b === null || b === undefined : typeof b === 'number' && Math.abs(Number(a) - b) < 0.005;

/** Line items as the label lists them: the same rows in the same order, each with the same words
 * (case and spacing aside) and the same numbers; a number the label leaves empty must be empty. */
function sameItems(expected: unknown, got: unknown): boolean {
  if (!Array.isArray(expected) || !Array.isArray(got) || expected.length !== got.length) return false;
  const words = (s: unknown) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase();
  return (expected as ItemLike[]).every((want, i) => {
    const item = got[i] as ItemLike;
    return (
      words(item.description) === words(want.description) &&
      sameNumber(want.quantity, item.quantity) &&
      sameNumber(want.unit_price, item.unit_price) &&
      sameNumber(want.amount, item.amount)
    );
  });
}

/** Whether a published value is the labelled one: company names as names (`words`: with the
 * label's word breaks, sameNameWords), line items row by row, anything else after the field kind's
 * canonical form. */
export function sameFieldValue(key: string, expected: unknown, got: unknown, names: 'letters' | 'words' = 'letters'): boolean {
  if (got === undefined || got === null) return false;
  if (NAME_FIELDS.has(key)) return names === 'words' ? sameNameWords(got, expected) : sameName(got, expected);
  const kind = KIND_BY_KEY.get(key) ?? 'text';
  if (kind === 'items') return sameItems(expected, got);
  // invoice2data's number labels keep the printed number sign ("Invoice No : # BLR_…"): it marks
  // the number and is not part of it.
  const want = kind === 'code' && typeof expected === 'string' ? expected.replace(/^#\s*/, '') : expected;
  return canonical(kind, want as string | number) === canonical(kind, got as string | number);
}
