import type { DocumentFactsRepository } from '../adapters/db/repositories/document-facts.js';
import type { RuleLookups } from '../doctypes/types.js';
import type { Result } from '../domain/result.js';
import { normaliseInvoiceNumber, normaliseVendor } from '../doctypes/finance/vendor.js';
import { canonicalCode, canonicalName } from '../domain/normalise.js';

/** Facts kept from a document's current reading so later documents can be compared with it. */
export const INVOICE_FACT = 'invoice';

export function invoiceFactKey(vendor: string, invoiceNumber: string): string {
  return `${canonicalName(vendor)}|${canonicalCode(invoiceNumber)}`;
}

export function factsFromResult(result: Result): Array<{ kind: string; fact_key: string; amount: number | null }> {
  // The values as read, published or not: a lookup key that can only raise a suspicion.
  const v = Object.fromEntries(Object.entries(result.fields).map(([k, f]) => [k, f.value]));
  if (typeof v.vendor_name === 'string' && typeof v.invoice_number === 'string') {
    // Stored in the same normal form the duplicate rule asks with (legal forms dropped).
    return [
      {
        kind: INVOICE_FACT,
        fact_key: invoiceFactKey(normaliseVendor(v.vendor_name), normaliseInvoiceNumber(v.invoice_number)),
        amount: typeof v.total === 'number' ? v.total : null,
      },
    ];
  }
  return [];
}

/** The questions a reading of one document may ask about its organisation's other documents. */
export function ruleLookups(facts: DocumentFactsRepository, orgId: string, documentId: string): RuleLookups {
  return {
    findInvoiceDuplicate: ({ vendor, invoiceNumber, total }) => facts.findOther(orgId, documentId, INVOICE_FACT, invoiceFactKey(vendor, invoiceNumber), total),
  };
}
