import type { EInvoice, EInvoiceAdjustment, EInvoiceLine, EInvoiceParty } from './types.js';
import { all, amount, attr, decimal, first, isoDate, joinAddress, text, type XmlNode } from './xml-tree.js';

/** OASIS UBL 2.1 Invoice and CreditNote (Peppol BIS, XRechnung UBL) mapped to the invoice model.
 * Element names per EN 16931-3-2; namespaces are already removed. */

function party(node: unknown): EInvoiceParty {
  const p = first(node, 'Party');
  const addr = first(p, 'PostalAddress');
  const vat = all(p, 'PartyTaxScheme').find((s) => (text(s, 'TaxScheme', 'ID') ?? 'VAT') === 'VAT');
  const postcodeCity = joinAddress([text(addr, 'PostalZone'), text(addr, 'CityName')])?.replace(', ', ' ') ?? null;
  return {
    name: text(p, 'PartyLegalEntity', 'RegistrationName') ?? text(p, 'PartyName', 'Name'),
    address: joinAddress([text(addr, 'StreetName'), text(addr, 'AdditionalStreetName'), postcodeCity, text(addr, 'Country', 'IdentificationCode')]),
    vatId: vat ? text(vat, 'CompanyID') : null,
  };
}

function line(node: unknown, quantityName: string): EInvoiceLine | null {
  const net = amount(node, 'LineExtensionAmount');
  if (net === null) return null;
  const priceNode = first(node, 'Price');
  const price = amount(priceNode, 'PriceAmount');
  const basis = amount(priceNode, 'BaseQuantity') ?? 1;
  const quantity = amount(node, quantityName);
  const unitPrice = price !== null && basis > 0 ? Math.round((price / basis) * 1e6) / 1e6 : null;
  const product = quantity !== null && unitPrice !== null ? Math.round(quantity * unitPrice * 100) : null;
  const fits = product !== null && Math.abs(product - Math.round(net * 100)) <= 1;
  return { description: text(node, 'Item', 'Name') ?? '', quantity: fits ? quantity : null, unitPrice: fits ? unitPrice : null, amount: net };
}

function adjustments(root: unknown): EInvoiceAdjustment[] {
  return all(root, 'AllowanceCharge').flatMap((a) => {
    const value = amount(a, 'Amount');
    if (value === null) return [];
    const charge = text(a, 'ChargeIndicator') === 'true';
    return [{ reason: text(a, 'AllowanceChargeReason') ?? (charge ? 'Charge' : 'Allowance'), amount: charge ? value : -value }];
  });
}

export function mapUbl(root: XmlNode, rootName: 'Invoice' | 'CreditNote'): EInvoice {
  const currency = text(root, 'DocumentCurrencyCode');
  const totals = first(root, 'LegalMonetaryTotal');
  const taxTotals = all(root, 'TaxTotal');
  const ownTax = taxTotals.find((t) => attr(first(t, 'TaxAmount'), 'currencyID') === currency) ?? taxTotals[0];
  const rates = new Set(
    all(ownTax, 'TaxSubtotal', 'TaxCategory', 'Percent')
      .map(decimal)
      .filter((r): r is number => r !== null),
  );
  const lineName = rootName === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = rootName === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const dueDate =
    text(root, 'DueDate') ??
    all(root, 'PaymentMeans', 'PaymentDueDate')
      .map((n) => text(n))
      .find(Boolean) ??
    null;
  return {
    syntax: 'UBL',
    profile: text(root, 'CustomizationID'),
    number: text(root, 'ID'),
    typeCode: text(root, rootName === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode') ?? (rootName === 'Invoice' ? '380' : '381'),
    issueDate: isoDate(text(root, 'IssueDate')),
    dueDate: isoDate(dueDate),
    seller: party(first(root, 'AccountingSupplierParty')),
    buyer: party(first(root, 'AccountingCustomerParty')),
    currency,
    iban:
      all(root, 'PaymentMeans', 'PayeeFinancialAccount', 'ID')
        .map((n) => text(n))
        .find(Boolean) ?? null,
    paymentTerms: text(root, 'PaymentTerms', 'Note'),
    lineTotal: amount(totals, 'LineExtensionAmount'),
    taxBasis: amount(totals, 'TaxExclusiveAmount'),
    taxTotal: ownTax ? amount(ownTax, 'TaxAmount') : null,
    taxRate: rates.size === 1 ? [...rates][0]! : null,
    grandTotal: amount(totals, 'TaxInclusiveAmount'),
    prepaid: amount(totals, 'PrepaidAmount'),
    duePayable: amount(totals, 'PayableAmount'),
    lines: all(root, lineName)
      .map((l) => line(l, quantityName))
      .filter((l): l is EInvoiceLine => l !== null),
    adjustments: adjustments(root),
  };
}
