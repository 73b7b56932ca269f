import { findDates } from './dates.js';
import { LABELS, upper, type LabelName } from './labels.js';
import { findAmounts } from './money.js';

/** Whether a piece of text can be a company's or a person's name, and the name in it. */

const TITLE_WORD =
  /\s*\b(?:(?:TAX|PRO[-\s]?FORMA|COPY|KOPIE|COPIE|DUPLICATE|DUPLICATA|ORIGINAL|PAYMENT|CASH|SALES?|RETAIL|COMMERCIAL)\s+)?(?:INVOICES?|FACTURES?|RECHNUNG|FACTUUR|FACTURA|FATTURA|RECEIPT|QUOTE|STATEMENT|CREDIT\s+NOTE)(?:\s+(?:COPY|KOPIE|COPIE|DUPLICATE|DUPLICATA|ORIGINAL))?\b[.:]?\s*/gi;
export const LEGAL_FORM =
  /\b(?:GMBH|AG|KG|SE|OHG|UG|GBR|E\.\s?[KV]|B\.?V\.?|N\.?V\.?|V\.?O\.?F|LTD|LTDA|LDA|LIMITED|LLC|INC|CORP|PLC|SARL|SASU|SAS|EURL|SNC|SA|S\.?A\.?|S\.?R\.?L\.?|S\.?L\.?(?:U\.?)?|SPA|AS|AB|OY|PVT|PTY|PTE|SDN\.?\s*BHD|SDN|BHD|S\/B|CO|ENTERPRISE|TRADING)\b\.?/i;
/** Every legal form in a text, and a text that is one legal form and nothing else, compiled once. */
const LEGAL_FORMS = new RegExp(LEGAL_FORM.source, 'gi');
export const ONLY_LEGAL_FORM = new RegExp(`^(?:${LEGAL_FORM.source})$`, 'i');
/** A phone, fax, e-mail or web address. A T or F before digits is a phone's or a fax's short label,
 * but not the last letter of a dotted abbreviation (Malaysia's "LOT P.T. 2811", a plot's title).
 * "TEL" with a speck read as a letter after it ("TELS: 03-3275 4090") before its colon and number
 * is the phone's label still. An "@" counts after a letter or digit, as in an address, or before
 * two, as in a handle: alone or before one letter it is a logo's mark read as one ("@ cer", "@D")
 * or an item's "2 @ 5.00". */
export const CONTACT =
  /(?<=[\p{L}\p{N}._-])@|@(?=[\p{L}\p{N}]{2})|\bWWW\.|\bHTTPS?:|\b(?:TEL|PHONE|FAX|EMAIL|E-MAIL|MOBILE)\b|\bTEL[A-Z]\s*[:.]\s*\+?[\d(]|(?<!\.)\b(?:T|F|PH|HP)\s*[:.]\s*\+?\d/iu;
/** E-mail and web addresses, which a reader may run into a name printed beside them. */
const CONTACT_TOKEN = /\s*(?:\S+@\S+\.\S+|\b(?:WWW\.|HTTPS?:\/\/)\S+)\s*/gi;

/** Labels whose text is never a party's name. */
const NOT_PARTY: LabelName[] = [
  'invoice_number',
  'document_reference',
  'invoice_date',
  'due_date',
  'total',
  'subtotal',
  'vendor_tax_id',
  'payment_terms',
  'payment_method',
  'customer',
  'vendor',
  'payee',
  'party_name',
];

/** Column headings that stand where a name would ("Shipping Address", "Ship To:", "Afleveradres"). */
const HEADING = /:\s*$|^\(|(?:ADDRESS|ADRESSE|ADRES|ANSCHRIFT)\b|\b(?:SHIP(?:PING)?\s*TO|DELIVER(?:Y)?\s*TO|DETAILS)\b/i;

const SENDER_SEPARATOR = /\s+[-–|·•●∙⋅▪]\s+/;

/** Words that label a value and never are a party's name alone. */
const LABEL_WORD =
  /^(?:IBAN|BIC|SWIFT|BANK|KONTO|ACCOUNT|NUMMER|NUMBER|NUMERO|NO|NR|NUM|REF|REFERENCE|REFERENZ|ID|GLN|GTIN|POS|QTY|MENGE|PREIS|PRICE|BETRAG|AMOUNT|EINHEIT|UNIT)$/;
/** A column heading or a code ("Art-Nr-Lief.", "Ref.-Nr."): an abbreviated number heading. */
const NUMBER_HEADING = /(?:^|[-.\s])(?:NR|NO|NUM)(?:[-.\s]|$)/;
/** "Nummer : 549910", "Kontoname : Global Supplies": a label and its value, not a name. */
const LABEL_AND_VALUE = /^[^\d:]{2,30}\s:\s|^[^\d:]{2,30}:\s*\S/;

export function isPartyText(text: string): boolean {
  if (!/\p{L}{2}/u.test(text) || HEADING.test(text)) return false;
  const bare = upper(text)
    .replace(/[^A-Z0-9\s.-]/g, ' ')
    .trim();
  // A legal form alone ("GmbH", "SARL", "Ltd") names no one.
  if (!/\p{L}{2}/u.test(upper(text).replace(LEGAL_FORMS, ' '))) return false;
  // A value's tail (": DE20 1242 …"), a long number or a reference code ("INV-2025-35142") is no name.
  if (/^[A-Z0-9][A-Z0-9\-/_.]*\d[A-Z0-9\-/_.]*$/.test(text.trim())) return false;
  if (/^[:;,.\-–/]|\p{L}-$/u.test(text.trim()) || /\d{8,}|(?:\d{4}\s){3}/.test(text)) return false;
  if (LABEL_WORD.test(bare.replace(/[.\s]+$/, '')) || NUMBER_HEADING.test(bare) || LABEL_AND_VALUE.test(text)) return false;
  if (findDates(text).length || findAmounts(text).length) return false;
  return !NOT_PARTY.some((l) => LABELS[l].some((p) => p.strength >= 2 && labelIn(p.re, text)));
}

/** Whether a label stands in a text as a label: a label's word followed by a legal form alone
 * ("Lieferant GmbH", "Supplier Ltd") is a company's name, for a label is followed by its value. */
function labelIn(re: RegExp, text: string): boolean {
  const t = upper(text);
  const m = t.match(re);
  if (!m || m.index === undefined) return false;
  const rest = `${t.slice(0, m.index)} ${t.slice(m.index + m[0].length)}`.trim();
  return !(rest && endsInLegalForm(text) && ONLY_LEGAL_FORM.test(rest));
}

/** A slogan or a sentence ("Dat betaal ik zelf wel.", "Thank you for your order"): most of its
 * words begin in lower case, where a name's words are capitalised. */
export function looksLikeSentence(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return words.length >= 3 && words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length;
}

/** A company's name ends in its legal form, written as one ("GmbH", "SARL", "B.V."). */
export const endsInLegalForm = (text: string): boolean => {
  const last = text.trim().split(/\s+/).at(-1) ?? '';
  return /^\p{Lu}/u.test(last) && ONLY_LEGAL_FORM.test(last);
};

/** A name and the address printed after it on one line: "Firm AG - Street 4 - 12345 Town" or
 * "Firm GmbH, Street 4, 12345 Town". After commas, the name runs to its legal form; a name without
 * one is taken only when `unformed` (under a party's label, where the line must name a party) and
 * only as the one part before the address. Commas alone never split an address line ("Portland,
 * OR 97205") from its town. */
function senderParts(text: string, unformed: boolean): [string, ...string[]] {
  const parts = text.split(SENDER_SEPARATOR) as [string, ...string[]];
  if (parts.length > 1) return parts;
  const commas = text.split(/\s*,\s+/);
  const firstAddress = commas.findIndex((p) => /\d/.test(p));
  if (firstAddress <= 0) return [text];
  const formed = commas.slice(0, firstAddress).findLastIndex(endsInLegalForm);
  if (formed >= 0) return [commas.slice(0, formed + 1).join(', '), ...commas.slice(formed + 1)];
  return unformed && firstAddress === 1 ? (commas as [string, ...string[]]) : [text];
}

/** A sender line keeps its first part as the name. */
export function nameOf(text: string, opts: { unformed?: boolean } = {}): string {
  const stripped = text.replace(CONTACT_TOKEN, ' ').replace(TITLE_WORD, ' ').replace(/\s+/g, ' ').trim();
  return senderParts(stripped, opts.unformed ?? false)[0]
    .replace(/[\s,;:|]+$/, '')
    .trim();
}

/** The address carried on a sender line after the name, when it has one. */
export function inlineAddress(text: string, opts: { unformed?: boolean } = {}): string | null {
  const parts = senderParts(text, opts.unformed ?? false).slice(1);
  return parts.length && parts.some((p) => /\d/.test(p)) ? parts.join(', ') : null;
}

/** A company name ending in its legal form at the start of a text ("Free SAS au capital de …",
 * "Regd. office: Firm Private Limited, 5 Road"), after a short label. The form must be written
 * as one ("SA", "Sarl"), not as a lower-case word ("as", "co"). */
export function formedName(text: string): string | null {
  const body = text.replace(/^[^:\d]{1,30}:\s*/, (label) => (label.trim().split(/\s+/).length <= 3 ? '' : label));
  for (const m of body.matchAll(LEGAL_FORMS)) {
    if (!/^\p{Lu}/u.test(m[0])) continue;
    const name = body.slice(0, m.index + m[0].length).trim();
    const before = body.slice(0, m.index).trim();
    if (!/\p{L}{2}/u.test(before) || /\d/.test(before) || before.split(/\s+/).length > 6 || looksLikeSentence(before)) return null;
    return CONTACT.test(name) || !isPartyText(name) ? null : name.replace(/[,;]+$/, '');
  }
  return null;
}
