import type { EInvoice, EInvoiceAdjustment, EInvoiceLine, EInvoiceParty } from './types.js';
import { all, amount, attr, decimal, first, isoDate, joinAddress, text, type XmlNode } from './xml-tree.js';

/** UN/CEFACT Cross Industry Invoice (Factur-X, ZUGFeRD 2.x, XRechnung CII) mapped to the invoice
 * model. Element names per EN 16931-3-3; namespaces are already removed. ZUGFeRD 1.0's
 * CrossIndustryDocument (2014–2019, still sent by older German software) is the same model under
 * the older CII names, mapped through its own vocabulary. */

/** The element names that differ between the two generations of CII. */
interface CiiNames {
  context: string;
  document: string;
  transaction: string;
  agreement: string;
  settlement: string;
  summation: string;
  rate: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  lineSummation: string;
}

const CII_D16B: CiiNames = {
  context: 'ExchangedDocumentContext',
  document: 'ExchangedDocument',
  transaction: 'SupplyChainTradeTransaction',
  agreement: 'ApplicableHeaderTradeAgreement',
  settlement: 'ApplicableHeaderTradeSettlement',
  summation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  rate: 'RateApplicablePercent',
  lineAgreement: 'SpecifiedLineTradeAgreement',
  lineDelivery: 'SpecifiedLineTradeDelivery',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementLineMonetarySummation',
};

/** ZUGFeRD 1.0 (urn:ferd:CrossIndustryDocument:invoice:1p0). */
const ZUGFERD_1: CiiNames = {
  context: 'SpecifiedExchangedDocumentContext',
  document: 'HeaderExchangedDocument',
  transaction: 'SpecifiedSupplyChainTradeTransaction',
  agreement: 'ApplicableSupplyChainTradeAgreement',
  settlement: 'ApplicableSupplyChainTradeSettlement',
  summation: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent',
  lineAgreement: 'SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementMonetarySummation',
};

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

function line(node: unknown, names: CiiNames): EInvoiceLine | null {
  const net = amount(node, names.lineSettlement, names.lineSummation, 'LineTotalAmount');
  if (net === null) return null;
  const priceNode = first(node, names.lineAgreement, 'NetPriceProductTradePrice');
  const price = amount(priceNode, 'ChargeAmount');
  const basis = amount(priceNode, 'BasisQuantity') ?? 1;
  const quantity = amount(node, names.lineDelivery, 'BilledQuantity');
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

/** `CrossIndustryInvoice` (CII D16B: Factur-X, ZUGFeRD 2.x, XRechnung) or ZUGFeRD 1.0's `CrossIndustryDocument`. */
export function mapCii(root: XmlNode, generation: 'CII' | 'ZUGFeRD 1.0' = 'CII'): EInvoice {
  const names = generation === 'CII' ? CII_D16B : ZUGFERD_1;
  const doc = first(root, names.document);
  const tx = first(root, names.transaction);
  const agreement = first(tx, names.agreement);
  const settlement = first(tx, names.settlement);
  const summation = first(settlement, names.summation);
  const currency = text(settlement, 'InvoiceCurrencyCode');
  const rates = new Set(
    all(settlement, 'ApplicableTradeTax', names.rate)
      .map(decimal)
      .filter((r): r is number => r !== null),
  );
  const terms = all(settlement, 'SpecifiedTradePaymentTerms');
  const ibans = all(settlement, 'SpecifiedTradeSettlementPaymentMeans', 'PayeePartyCreditorFinancialAccount', 'IBANID')
    .map((n) => text(n))
    .filter(Boolean);
  return {
    syntax: generation,
    profile: text(root, names.context, 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
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
      .map((l) => line(l, names))
      .filter((l): l is EInvoiceLine => l !== null),
    adjustments: adjustments(settlement),
  };
}
