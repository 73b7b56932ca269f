import type { EInvoice, EInvoiceAdjustment, EInvoiceLine, EInvoiceParty } from './types.js';
import { all, amount, attr, decimal, first, isoDate, joinAddress, text, type XmlNode } from './xml-tree.js';

/** UN/CEFACT Cross Industry Invoice (Factur-X, ZUGFeRD 2.x, XRechnung CII) mapped to the invoice
 * model. Element names per EN 16931-3-3; namespaces are already removed. */

function party(node: unknown): EInvoiceParty {
  const addr = first(node, 'PostalTradeAddress');
  const vat = all(node, 'SpecifiedTaxRegistration', 'ID').find((id) => attr(id, 'schemeID') === 'VA');
  const postcodeCity = joinAddress([text(addr, 'PostcodeCode'), text(addr, 'CityName')])?.replace(', ', ' ') ?? null;
  return {
    name: text(node, 'Name'),
    address: joinAddress([text(addr, 'LineOne'), text(addr, 'LineTwo'), text(addr, 'LineThree'), postcodeCity, text(addr, 'CountryID')]),
    vatId: vat ? text(vat) : null,
  };
}

function line(node: unknown): EInvoiceLine | null {
  const net = amount(node, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount');
  if (net === null) return null;
  const priceNode = first(node, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
  const price = amount(priceNode, 'ChargeAmount');
  const basis = amount(priceNode, 'BasisQuantity') ?? 1;
  const quantity = amount(node, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const unitPrice = price !== null && basis > 0 ? Math.round((price / basis) * 1e6) / 1e6 : null;
  // A line with its own allowances or charges is not quantity × price: its price is left out
  // rather than shown in a relation the line does not have.
  const product = quantity !== null && unitPrice !== null ? Math.round(quantity * unitPrice * 100) : null;
  const fits = product !== null && Math.abs(product - Math.round(net * 100)) <= 1;
  return {
    description: text(node, 'SpecifiedTradeProduct', 'Name') ?? '',
    quantity: fits ? quantity : null,
    unitPrice: fits ? unitPrice : null,
    amount: net,
  };
}

/** Document-level allowances and charges, and the logistics charges ZUGFeRD EXTENDED lists apart. */
function adjustments(settlement: unknown): EInvoiceAdjustment[] {
  const allowancesAndCharges = all(settlement, 'SpecifiedTradeAllowanceCharge').flatMap((a) => {
    const value = amount(a, 'ActualAmount');
    if (value === null) return [];
    const charge = text(a, 'ChargeIndicator', 'Indicator') === 'true';
    const reason = text(a, 'Reason') ?? (charge ? 'Charge' : 'Allowance');
    return [{ reason, amount: charge ? value : -value }];
  });
  const logistics = all(settlement, 'SpecifiedLogisticsServiceCharge').flatMap((c) => {
    const value = amount(c, 'AppliedAmount');
    return value === null ? [] : [{ reason: text(c, 'Description') ?? 'Logistics charge', amount: value }];
  });
  return [...allowancesAndCharges, ...logistics];
}

/** The tax total in the invoice currency (an invoice may add one in its accounting currency). */
function taxTotal(summation: unknown, currency: string | null): number | null {
  const totals = all(summation, 'TaxTotalAmount');
  const own = totals.find((t) => !attr(t, 'currencyID') || attr(t, 'currencyID') === currency) ?? totals[0];
  return decimal(own);
}

export function mapCii(root: XmlNode): EInvoice {
  const doc = first(root, 'ExchangedDocument');
  const tx = first(root, 'SupplyChainTradeTransaction');
  const agreement = first(tx, 'ApplicableHeaderTradeAgreement');
  const settlement = first(tx, 'ApplicableHeaderTradeSettlement');
  const summation = first(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = text(settlement, 'InvoiceCurrencyCode');
  const rates = new Set(
    all(settlement, 'ApplicableTradeTax', 'RateApplicablePercent')
      .map(decimal)
      .filter((r): r is number => r !== null),
  );
  const terms = all(settlement, 'SpecifiedTradePaymentTerms');
  const ibans = all(settlement, 'SpecifiedTradeSettlementPaymentMeans', 'PayeePartyCreditorFinancialAccount', 'IBANID')
    .map((n) => text(n))
    .filter(Boolean);
  return {
    syntax: 'CII',
    profile: text(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    number: text(doc, 'ID'),
    typeCode: text(doc, 'TypeCode'),
    issueDate: isoDate(text(doc, 'IssueDateTime', 'DateTimeString')),
    dueDate: isoDate(terms.map((t) => text(t, 'DueDateDateTime', 'DateTimeString')).find(Boolean) ?? null),
    seller: party(first(agreement, 'SellerTradeParty')),
    buyer: party(first(agreement, 'BuyerTradeParty')),
    currency,
    iban: ibans[0] ?? null,
    paymentTerms: terms.map((t) => text(t, 'Description')).find(Boolean) ?? null,
    lineTotal: amount(summation, 'LineTotalAmount'),
    taxBasis: amount(summation, 'TaxBasisTotalAmount'),
    taxTotal: taxTotal(summation, currency),
    taxRate: rates.size === 1 ? [...rates][0]! : null,
    grandTotal: amount(summation, 'GrandTotalAmount'),
    prepaid: amount(summation, 'TotalPrepaidAmount'),
    duePayable: amount(summation, 'DuePayableAmount'),
    lines: all(tx, 'IncludedSupplyChainTradeLineItem')
      .map(line)
      .filter((l): l is EInvoiceLine => l !== null),
    adjustments: adjustments(settlement),
  };
}
