import type { FieldValue } from '../../../domain/result.js';
import { stripDiacritics } from '../../../domain/normalise.js';
import { cents, findAmounts, formatAmount } from '../money.js';
import type { EInvoice } from './types.js';

/** The page against the file's own data: a Factur-X PDF whose visible invoice names another total,
 * IBAN, seller or number than its XML is a known fraud pattern (the page edited, the data left, or
 * the other way round). Each value the XML states must be printed somewhere on the page; where it
 * is not, the difference is reported with both values. */

export interface EmbeddedMismatch {
  field: 'total' | 'iban' | 'vendor_name' | 'invoice_number';
  embedded: string;
  /** What the page shows for the field (the extractor's reading), or null when it shows none. */
  shown: string | null;
}

const squeeze = (s: string): string =>
  stripDiacritics(s)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** Legal forms are written many ways (GmbH / G.m.b.H.); the name is compared without them. */
const LEGAL_FORM = /\b(?:GMBH|AG|KG|SAS|SARL|SA|SRL|SPA|BV|NV|LTD|LLC|INC|PLC|EURL|UG|OHG|EK|CO)\b/g;
const nameCore = (s: string): string => squeeze(stripDiacritics(s).toUpperCase().replace(/[.&]/g, ' ').replace(LEGAL_FORM, ' '));

export interface PageView {
  /** Every line of the page as read, in reading order. */
  lines: string[];
  /** The page reader's own values for the compared fields. */
  shown: Partial<Record<EmbeddedMismatch['field'], FieldValue>>;
}

const shownText = (v: FieldValue | undefined): string | null => (v === null || v === undefined ? null : typeof v === 'number' ? formatAmount(v) : String(v));

/** An IBAN-shaped code on an IBAN line, whether or not its check digits hold (the page's may not). */
function printedIban(lines: string[]): string | null {
  for (const l of lines) {
    const m = /IBAN/i.test(l) ? l.toUpperCase().match(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/) : null;
    if (m) return m[0].replace(/ /g, '');
  }
  return null;
}

export function compareWithPage(invoice: EInvoice, page: PageView): EmbeddedMismatch[] {
  const joined = squeeze(page.lines.join(' '));
  const printedCents = new Set(page.lines.flatMap((l) => findAmounts(l).map((a) => Math.abs(cents(a.value)))));
  const out: EmbeddedMismatch[] = [];
  const miss = (field: EmbeddedMismatch['field'], embedded: string): void => {
    out.push({ field, embedded, shown: shownText(page.shown[field]) ?? (field === 'iban' ? printedIban(page.lines) : null) });
  };
  if (invoice.grandTotal !== null && !printedCents.has(Math.abs(cents(invoice.grandTotal)))) miss('total', formatAmount(invoice.grandTotal));
  if (invoice.number && squeeze(invoice.number) && !joined.includes(squeeze(invoice.number))) miss('invoice_number', invoice.number);
  if (invoice.iban && squeeze(invoice.iban).length >= 15 && !joined.includes(squeeze(invoice.iban))) miss('iban', invoice.iban);
  const core = invoice.seller.name ? nameCore(invoice.seller.name) : '';
  if (invoice.seller.name && core.length >= 3 && !nameCore(page.lines.join(' ')).includes(core)) miss('vendor_name', invoice.seller.name);
  return out;
}

export function describeMismatch(m: EmbeddedMismatch): string {
  const label = { total: 'total', iban: 'IBAN', vendor_name: 'seller', invoice_number: 'invoice number' }[m.field];
  return `The embedded XML states the ${label} ${m.embedded}, which the page does not show${m.shown ? ` (the page shows ${m.shown})` : ''}.`;
}
