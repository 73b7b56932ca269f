/** Words that tell a till receipt from an invoice, for both types' detectors. In GST and VAT
 * countries a shop's till slip is often headed "TAX INVOICE" or "SIMPLIFIED TAX INVOICE"; what makes
 * it a receipt is the till's own vocabulary, and the absence of what only an invoice carries: whom
 * it bills and when payment is due. */

/** Said only by an invoice: a billed party, a due date, payment terms or bank details. */
export const INVOICE_ONLY = /\bBILL(?:ED)? TO\b|\bDUE DATE\b|\bPAYMENT TERMS\b|\bIBAN\b|\bINVOICE TO\b|\bSOLD TO\b/;

/** A time of day, "01:34PM" included. */
export const TIME_OF_DAY = /\b(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?[AP]M)?\b/;

/** Said by a till: how much was tendered and given back, who served, the slip's own title. */
const TILL_SIGNS: RegExp[] = [
  /\bCASH(?:IER)?\b/,
  /\bCHANGE(?: DUE)?\b/,
  /\bTENDER(?:ED)?\b/,
  /\bROUNDING\b/,
  /\bTHANK YOU\b/,
  /\bGOODS SOLD\b/,
  /\bSIMPLIFIED TAX INVOICE\b|\bCASH (?:BILL|SALE|RECEIPT)\b/,
  TIME_OF_DAY,
  /\bCOME AGAIN\b/,
  // A restaurant's check: its table ("Table: 25", "TABLE NO 7"), a guest check.
  /\bTABLE\s*(?:NO\.?|#)\s*:?\s*\d|\bTABLE\s*:\s*\d|\bGUEST CHECK\b/,
  // A GST till's closing summary of sales by tax code.
  /\bGST SUMMARY\b|\bTOTAL SALES\b/,
];

/** How many distinct till signs the (upper-case) text shows. */
export function tillSigns(text: string): string[] {
  return TILL_SIGNS.flatMap((re) => text.match(re)?.[0] ?? []);
}

/** At least this many till signs, with nothing only an invoice says, make a till receipt. */
const TILL_RECEIPT_SIGNS = 3;

export function looksLikeTillReceipt(text: string): boolean {
  return !INVOICE_ONLY.test(text) && tillSigns(text).length >= TILL_RECEIPT_SIGNS;
}
