import { DOCTYPES } from '../../src/doctypes/registry.js';
import { canonical } from '../../src/domain/normalise.js';

/** How the evaluation decides that a value the service published is the labelled one. */

export const alnum = (s: unknown): string =>
  String(s ?? '')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();

/** Company names in labels differ from the printed ones in legal form and punctuation, and the
 * invoice2data labels carry their template's issuer name ("Sammy Maystone - For Lines testing" for
 * an invoice headed "Sammy Maystone"): one name containing the other counts as the same. */
export function sameName(ours: unknown, expected: unknown): boolean {
  const [a, b] = [alnum(ours), alnum(expected)];
  return a.length >= 3 && b.length >= 3 && (a.includes(b) || b.includes(a));
}

const NAME_FIELDS = new Set(['vendor_name', 'merchant_name']);
const KIND_BY_KEY = new Map(DOCTYPES.flatMap((d) => d.fields.map((f) => [f.key, f.kind] as const)));

/** Whether a published value is the labelled one: company names as names, line items not
 * compared here, anything else after the field kind's canonical form. */
export function sameFieldValue(key: string, expected: unknown, got: unknown): boolean {
  if (got === undefined || got === null) return false;
  if (NAME_FIELDS.has(key)) return sameName(got, expected);
  const kind = KIND_BY_KEY.get(key) ?? 'text';
  if (kind === 'items') return true;
  // invoice2data's number labels keep the printed number sign ("Invoice No : # BLR_…"): it marks
  // the number and is not part of it.
  const want = kind === 'code' && typeof expected === 'string' ? expected.replace(/^#\s*/, '') : expected;
  return canonical(kind, want as string | number) === canonical(kind, got as string | number);
}
