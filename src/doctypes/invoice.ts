import type { ReaderOutput } from '../readers/types.js';
import { detectCurrency } from './finance/currency.js';
import { looksLikeTillSlip, narrowAsSlip, SIMPLIFIED_INVOICE_TITLE, tillSigns } from './finance/document-kind.js';
import { findIban } from './finance/iban.js';
import { findInvoiceDates, resolvePair } from './finance/invoice-dates.js';
import { findInvoiceNumber } from './finance/invoice-number.js';
import { LABELS, upper, type LabelName } from './finance/labels.js';
import { findPairs } from './finance/pairs.js';
import { findCustomer, findVendor, type PartyPlacement } from './finance/parties.js';
import { readingRows, type Row } from './finance/rows.js';
import { financeRules } from './finance/rules.js';
import { findItemTable } from './finance/table.js';
import { findTotals } from './finance/totals.js';
import { cents } from './finance/money.js';
import { CONFIDENCE, LINE_ITEMS_FIELD, TOTALS_FIELDS, currencyValue, dateValue, itemsValue, totalsValues, valueOf } from './finance/values.js';
import type { DetectInput, Detection, Doctype, ExtractContext, ExtractedValue, FieldSpec } from './types.js';

/** Invoices: fields found by layout (labels and their values by position, the item table by its
 * header's columns, the totals block), amounts checked by arithmetic in `rules`. */

export const INVOICE_FIELDS: FieldSpec[] = [
  { key: 'invoice_number', label: 'Invoice number', kind: 'code', isKey: true, required: true },
  { key: 'invoice_date', label: 'Invoice date', kind: 'date', isKey: true, required: true },
  { key: 'due_date', label: 'Due date', kind: 'date' },
  { key: 'vendor_name', label: 'Vendor', kind: 'name', required: true },
  { key: 'vendor_address', label: 'Vendor address', kind: 'text' },
  { key: 'vendor_tax_id', label: 'Vendor tax ID', kind: 'code' },
  { key: 'customer_name', label: 'Customer', kind: 'name' },
  { key: 'customer_address', label: 'Customer address', kind: 'text' },
  /** Discounts (negative) and charges on the whole document, between the lines' sum and the net. */
  { key: 'allowances_charges', label: 'Allowances and charges', kind: 'amount' },
  ...TOTALS_FIELDS,
  { key: 'amount_due', label: 'Amount due', kind: 'amount' },
  { key: 'iban', label: 'IBAN', kind: 'code' },
  { key: 'payment_terms', label: 'Payment terms', kind: 'text' },
  LINE_ITEMS_FIELD,
];

/** What says "invoice", in any of the languages of finance/label-words.ts, with its weight. */
const DETECT_TERMS: Array<{ name: string; labels: LabelName[]; re?: RegExp; weight: number }> = [
  { name: 'title', labels: ['invoice_title'], weight: 0.45 },
  { name: 'references', labels: ['invoice_date', 'due_date'], re: /\bBILL(?:ED)?\s*TO\b|\bPAYMENT\s*TERMS\b|\bZAHLUNGSBEDINGUNGEN\b/, weight: 0.2 },
  { name: 'totals', labels: ['subtotal', 'amount_due'], weight: 0.15 },
  { name: 'tax', labels: ['tax', 'vendor_tax_id'], weight: 0.1 },
  { name: 'bank', labels: [], re: /\bIBAN\b|\bSWIFT\b|\bBIC\b/, weight: 0.1 },
];

/** The words of a term found on one of the text's lines, or null. A label is read within its line:
 * a till slip's title over its date ("TAX INVOICE" / "DATE: 11-04-2025") is no "INVOICE DATE". */
function termHit(term: (typeof DETECT_TERMS)[number], lines: readonly string[]): string | null {
  const onALine = (re: RegExp) => lines.map((line) => line.match(re)).find((m) => m !== null) ?? null;
  const m = term.re ? onALine(term.re) : null;
  if (m) return m[0];
  for (const name of term.labels) {
    const found = LABELS[name]
      .filter((p) => p.strength >= 2)
      .map((p) => onALine(p.re))
      .find((x) => x);
    if (found) return found[0].trim();
  }
  return null;
}

/** Taken off when the page reads as a till slip headed "TAX INVOICE" (see finance/document-kind.ts). */
const TILL_PENALTY = 0.35;

export function detectInvoice(input: DetectInput): Detection {
  if (input.embedded?.kind === 'en16931_invoice') return { score: 1, reason: `The file embeds an EN 16931 invoice (${input.embedded.source}).` };
  const t = upper(input.text.slice(0, 50_000));
  const titled = t.replace(SIMPLIFIED_INVOICE_TITLE, ' ');
  const lines = titled.split('\n');
  const hits = DETECT_TERMS.map((term) => ({ term, words: termHit(term, lines) })).filter((h) => h.words !== null);
  const till = looksLikeTillSlip(t, input.textWidth);
  const score = Math.max(0, Math.min(1, hits.reduce((s, h) => s + h.term.weight, 0) - (till ? TILL_PENALTY : 0)));
  const found = hits.length ? `Invoice terms found: ${hits.map((h) => h.words).join(', ')}.` : 'No invoice terms found.';
  const narrow = narrowAsSlip(input.textWidth) ? `, its text as narrow as a till slip's` : '';
  return {
    score,
    reason: till ? `${found} But it reads as a till receipt (${tillSigns(t).join(', ')}${narrow}) and names no billed party or due date.` : found,
  };
}

const taxId = (text: string): { value: string; raw: string } | null => {
  const m = text.trim().match(/^[:#\s]*([A-Z]{0,3}[\s-]?[0-9][0-9A-Z .\-/]{5,20}[0-9A-Z])/i);
  if (!m) return null;
  const value = m[1]!.replace(/[\s.\-/]/g, '').toUpperCase();
  return value.length >= 7 ? { value, raw: m[1]! } : null;
};

function payment(rows: Row[]): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  const ibanRow = rows.find((r) => findIban(r.text));
  const iban = ibanRow ? findIban(ibanRow.text) : null;
  if (iban && ibanRow) out.push(valueOf('iban', iban.value, iban.raw, ibanRow.page, [ibanRow.box], CONFIDENCE.labelled));
  const termsRow = rows.find((r) => LABELS.payment_terms.some((p) => p.re.test(upper(r.text))));
  if (termsRow) {
    const text = termsRow.cells
      .map((c) => c.text)
      .join(' ')
      .replace(/^(?:PAYMENT\s*TERMS?|TERMS|ZAHLUNGSBEDINGUNGEN)\s*:?\s*/i, '')
      .trim();
    if (text.length >= 3 && text.length <= 120) out.push(valueOf('payment_terms', text, termsRow.text, termsRow.page, [termsRow.box], CONFIDENCE.layout));
  }
  return out;
}

/** A party's name under its own label, at the letterhead and named again by the bank line or the
 * legal footer, or heading its own address in the legal footer, is placed as surely as a labelled
 * value. One sign alone stays a layout guess:
 * a letterhead may be a logo's strapline, and a payee may be a factoring company. */
const PLACEMENT_CONFIDENCE: Record<PartyPlacement, number> = {
  labelled: CONFIDENCE.labelled,
  confirmed: CONFIDENCE.labelled,
  letterhead: CONFIDENCE.layout,
  payee: CONFIDENCE.layout,
  legal_footer: CONFIDENCE.layout,
  legal_block: CONFIDENCE.labelled,
};

export function extractInvoice(reading: ReaderOutput, ctx: ExtractContext): ExtractedValue[] {
  const rows = readingRows(reading);
  if (!rows.length) return [];
  const out: ExtractedValue[] = [];
  const number = findInvoiceNumber(rows);
  if (number)
    out.push(valueOf('invoice_number', number.value, number.raw, number.page, number.boxes, number.score >= 30 ? CONFIDENCE.labelled : CONFIDENCE.layout));

  const dates = findInvoiceDates(rows, ctx.now);
  for (const [key, pair] of [
    ['invoice_date', dates.invoice],
    ['due_date', dates.due],
  ] as const) {
    const resolved = pair ? resolvePair(pair, dates.order) : null;
    if (!pair || !resolved) continue;
    const value = dateValue(key, resolved, pair.page, pair.boxes, pair.score >= 30 ? CONFIDENCE.labelled : CONFIDENCE.layout);
    const rival = key === 'due_date' ? dates.dueRivals.map((r) => resolvePair(r, dates.order)).find((r) => r && r.iso !== resolved.iso) : undefined;
    if (rival)
      Object.assign(value, {
        problems: ['DATE_NEEDS_REVIEW'],
        reason: `The page names two due dates, ${resolved.raw} and ${rival.raw}.`,
      } satisfies Partial<ExtractedValue>);
    out.push(value);
  }

  const customer = findCustomer(rows);
  const vendor = findVendor(rows);
  for (const [prefix, party] of [
    ['vendor', vendor],
    ['customer', customer],
  ] as const) {
    if (!party) continue;
    out.push(valueOf(`${prefix}_name`, party.name, party.name, party.page, party.nameBoxes, PLACEMENT_CONFIDENCE[party.placedBy]));
    // Where an address block ends is a guess however its name was placed (a postcode line can
    // stop it early), so an address stays a layout reading.
    if (party.address) out.push(valueOf(`${prefix}_address`, party.address, party.address, party.page, party.addressBoxes, CONFIDENCE.layout));
  }
  // "Your VAT number" (Uw BTW nummer, Ihre USt-IdNr.) is the customer's, not the issuer's.
  const tax = findPairs(rows, 'vendor_tax_id', taxId, { maxRowsBelow: 1, unless: 'addressee' })[0];
  if (tax) out.push(valueOf('vendor_tax_id', tax.value, tax.raw, tax.page, tax.boxes, CONFIDENCE.labelled));

  const currency = detectCurrency(rows.map((r) => r.text));
  if (currency) out.push(currencyValue(rows, currency, currency.sole ? CONFIDENCE.labelled : CONFIDENCE.layout));

  const totals = findTotals(rows);
  out.push(...totalsValues(totals));
  if (totals.adjustments.length) {
    const adj = totals.adjustments;
    const sum = adj.reduce((s, a) => s + cents(a.value), 0) / 100;
    out.push(
      valueOf(
        'allowances_charges',
        sum,
        adj.map((a) => `${a.label} ${a.raw}`).join('; '),
        adj[0]!.page,
        adj.flatMap((a) => a.boxes),
        CONFIDENCE.below,
      ),
    );
  }
  const due = totals.due;
  if (due) out.push(valueOf('amount_due', due.value, due.raw, due.page, due.boxes, CONFIDENCE.labelled));

  const items = itemsValue(findItemTable(rows));
  if (items) out.push(items);
  out.push(...payment(rows));
  return out;
}

export const invoice: Doctype = {
  type: 'invoice',
  fields: INVOICE_FIELDS,
  detect: detectInvoice,
  extract: extractInvoice,
  rules: (ctx) => financeRules(ctx, { vendor: 'vendor_name', number: 'invoice_number', date: 'invoice_date', laterDates: ['due_date'] }),
};
