/** An EN 16931 invoice as carried in a file's own structured data (Factur-X / ZUGFeRD / XRechnung
 * CII, or UBL): the subset the invoice fields publish. Plain data, so it crosses the intake
 * sandbox's structured-clone boundary. Amounts are numbers as written in the XML. */

/** `ZUGFeRD 1.0`: the CII of before EN 16931 (CrossIndustryDocument), mapped to the same model. */
export type EInvoiceSyntax = 'CII' | 'UBL' | 'ZUGFeRD 1.0';

export interface EInvoiceParty {
  name: string | null;
  /** Street lines, postcode and city, country code: one line, as the invoice fields show it. */
  address: string | null;
  vatId: string | null;
}

export interface EInvoiceLine {
  description: string;
  quantity: number | null;
  /** Net price of one unit (the XML's price divided by its base quantity). */
  unitPrice: number | null;
  /** Net line amount. */
  amount: number;
}

/** A document-level allowance (negative amount) or charge (positive), between the lines' sum and
 * the tax basis. */
export interface EInvoiceAdjustment {
  reason: string;
  amount: number;
}

export interface EInvoice {
  syntax: EInvoiceSyntax;
  /** The profile or customization the XML declares (e.g. urn:cen.eu:en16931:2017#…#urn:factur-x.eu:1p0:basic). */
  profile: string | null;
  number: string | null;
  /** UNTDID 1001: 380 invoice, 381 credit note, 751 invoice information for accounting… */
  typeCode: string | null;
  issueDate: string | null;
  dueDate: string | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  currency: string | null;
  iban: string | null;
  paymentTerms: string | null;
  lineTotal: number | null;
  taxBasis: number | null;
  taxTotal: number | null;
  /** The single VAT rate when every tax breakdown has the same one; null with several. */
  taxRate: number | null;
  grandTotal: number | null;
  prepaid: number | null;
  duePayable: number | null;
  lines: EInvoiceLine[];
  adjustments: EInvoiceAdjustment[];
}

/** What intake found in a PDF's attachments: the parsed invoice, or why its XML was set aside. */
export type EmbeddedInvoice = { attachment: string; invoice: EInvoice } | { attachment: string; error: string };
