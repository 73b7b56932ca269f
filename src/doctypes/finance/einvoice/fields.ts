import type { ExtractedValue } from '../../types.js';
import { findIban } from '../iban.js';
import type { EInvoice } from './types.js';

/** The invoice fields an embedded EN 16931 XML states. Its values are the file's own data, not a
 * placement on a page: they carry `text_layer` evidence (the file's own content), and the reason
 * says where they come from. The page is compared with them separately (compare.ts). */

export const EMBEDDED_CONFIDENCE = 1;

/** Every invoice field the XML model can state. */
export const EMBEDDED_FIELD_KEYS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'vendor_name',
  'vendor_address',
  'vendor_tax_id',
  'customer_name',
  'customer_address',
  'currency',
  'subtotal',
  'tax_rate',
  'tax_amount',
  'total',
  'amount_due',
  'iban',
  'payment_terms',
  'line_items',
] as const;

export function embeddedSource(invoice: EInvoice, attachment: string): string {
  // ZUGFeRD 1.0 came before EN 16931, and its reason does not claim the standard.
  const standard = invoice.syntax === 'ZUGFeRD 1.0' ? 'invoice XML' : 'EN 16931 XML';
  return `Read from the file's embedded ${standard} (${invoice.syntax}, ${attachment}).`;
}

const code = (s: string | null): string | null => (s ? s.replace(/[\s.\-/]/g, '').toUpperCase() || null : null);

export function embeddedInvoiceValues(invoice: EInvoice, attachment: string): ExtractedValue[] {
  const reason = embeddedSource(invoice, attachment);
  const out: ExtractedValue[] = [];
  const put = (key: string, value: ExtractedValue['value'], raw: string | number | null): void => {
    if (value === null || value === '') return;
    out.push({ key, value, raw: String(raw ?? value), region: null, confidence: EMBEDDED_CONFIDENCE, evidence: ['text_layer'], reason });
  };
  put('invoice_number', invoice.number, invoice.number);
  put('invoice_date', invoice.issueDate, invoice.issueDate);
  put('due_date', invoice.dueDate, invoice.dueDate);
  put('vendor_name', invoice.seller.name, invoice.seller.name);
  put('vendor_address', invoice.seller.address, invoice.seller.address);
  put('vendor_tax_id', code(invoice.seller.vatId), invoice.seller.vatId);
  put('customer_name', invoice.buyer.name, invoice.buyer.name);
  put('customer_address', invoice.buyer.address, invoice.buyer.address);
  put('currency', invoice.currency?.toUpperCase() ?? null, invoice.currency);
  put('subtotal', invoice.taxBasis, invoice.taxBasis);
  put('tax_rate', invoice.taxRate, invoice.taxRate);
  put('tax_amount', invoice.taxTotal, invoice.taxTotal);
  put('total', invoice.grandTotal, invoice.grandTotal);
  put('amount_due', invoice.duePayable, invoice.duePayable);
  const iban = invoice.iban ? findIban(invoice.iban) : null;
  if (iban) put('iban', iban.value, invoice.iban);
  put('payment_terms', invoice.paymentTerms, invoice.paymentTerms);
  if (invoice.lines.length) {
    // Document-level allowances and charges stand between the lines' sum and the tax basis: they
    // are listed as lines of their own so that the items add up to the subtotal as the XML does.
    const items = [
      ...invoice.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unitPrice, amount: l.amount })),
      ...invoice.adjustments.map((a) => ({ description: a.reason, quantity: null, unit_price: null, amount: a.amount })),
    ];
    put('line_items', items, items.map((i) => `${i.description} | ${i.quantity ?? ''} | ${i.unit_price ?? ''} | ${i.amount}`).join('\n'));
  }
  return out;
}
