/** Words that tell a till receipt from an invoice, for both types' detectors. In GST and VAT
 * countries a shop's till slip is often headed "TAX INVOICE" or "SIMPLIFIED TAX INVOICE"; what makes
 * it a receipt is the till's own vocabulary, and the absence of what only an invoice carries: whom
 * it bills and when payment is due. */

/** Said only by an invoice: a billed party, a due date, payment terms or bank details. */
export const INVOICE_ONLY = /\bBILL(?:ED)? TO\b|\bDUE DATE\b|\bPAYMENT TERMS\b|\bIBAN\b|\bINVOICE TO\b|\bSOLD TO\b/;

/** The title of a simplified invoice, which a till prints in VAT and GST countries: a till
 * receipt's name for itself, so its word "invoice" (FACTURA, FATURA) names no invoice. Its first
 * letter may be lost at a faded or shadowed line start ("IMPLIFIED TAX INVOICE"). */
export const SIMPLIFIED_INVOICE_TITLE = /\bS?IMPLIFIED\s+TAX\s+INVOICE\b|\bFAC?TURA\s+SIMPLIFICADA\b/g;

/** A time of day, "01:34PM" included. */
export const TIME_OF_DAY = /\b(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?[AP]M)?\b/;

/** A till's own words in the languages its slips come in, by what they say: the cash tendered,
 * the change given back, the till or who worked it, the slip's own name, its closing note on
 * returns (a till's "goods sold are not returnable"). Matched on upper-cased
 * text without diacritics ("RÜCKGELD" as "RUCKGELD"). English is in TILL_SIGNS below. A word that
 * also names a bank ("Caisse d'Epargne", "Caja Rural", "Cassa di Risparmio") or says "back" or
 * "order" on an invoice is left out. */
const TILL_WORDS: Record<string, Record<'tender' | 'change' | 'till' | 'slip' | 'returns', string[]>> = {
  ms: {
    tender: ['TUNAI', 'BAYARAN TUNAI', 'KAD KREDIT', 'KAD DEBIT'],
    change: ['BAKI', 'WANG BAKI'],
    till: ['JURUWANG', 'KASYIER', 'KAUNTER'],
    slip: ['RESIT', 'NO RESIT', 'NO. RESIT', 'NO BIL', 'NO. BIL'],
    returns: ['TIDAK BOLEH DIPULANGKAN', 'TIDAK BOLEH DITUKAR'],
  },
  de: {
    tender: ['GEGEBEN', 'BAR GEGEBEN', 'BARZAHLUNG', 'KARTENZAHLUNG', 'EC-KARTE', 'EC KARTE', 'GIROCARD'],
    change: ['RUCKGELD', 'RUECKGELD', 'ZURUCK', 'ZURUECK'],
    till: ['KASSIERER', 'KASSIERERIN', 'ES BEDIENTE SIE'],
    slip: ['KASSENBON', 'BON-NR', 'BON NR', 'BONNR', 'BELEG-NR', 'BELEGNR', 'QUITTUNG'],
    returns: ['UMTAUSCH NUR MIT BON', 'UMTAUSCH NUR MIT KASSENBON', 'UMTAUSCH NUR MIT KASSENZETTEL'],
  },
  fr: {
    tender: ['ESPECES', 'CARTE BANCAIRE'],
    change: ['RENDU', 'MONNAIE RENDUE', 'RENDU MONNAIE'],
    till: ['CAISSIER', 'CAISSIERE', 'HOTESSE DE CAISSE'],
    slip: ['TICKET', 'TICKET DE CAISSE'],
    returns: ['NI REPRIS NI ECHANGE', 'NI REPRISE NI ECHANGE'],
  },
  es: {
    tender: ['EFECTIVO', 'ENTREGADO', 'TARJETA'],
    change: ['CAMBIO', 'DEVOLUCION'],
    till: ['CAJERO', 'CAJERA', 'LE ATENDIO'],
    slip: ['TICKET', 'FACTURA SIMPLIFICADA'],
    returns: ['NO SE ADMITEN DEVOLUCIONES'],
  },
  it: {
    tender: ['CONTANTI', 'CONTANTE'],
    change: ['RESTO'],
    till: ['CASSIERE'],
    slip: ['SCONTRINO', 'DOCUMENTO COMMERCIALE'],
    returns: ['CONSERVARE LO SCONTRINO'],
  },
  nl: { tender: ['CONTANT'], change: ['WISSELGELD'], till: ['KASSIER'], slip: ['KASSABON'], returns: ['RUILEN ALLEEN MET KASSABON'] },
  pt: {
    tender: ['DINHEIRO', 'NUMERARIO'],
    change: ['TROCO'],
    till: ['OPERADOR DE CAIXA'],
    slip: ['TALAO', 'FATURA SIMPLIFICADA'],
    returns: ['NAO SE ACEITAM DEVOLUCOES'],
  },
};

/** One pattern per kind of till word, across the languages. */
const tillWords = (kind: keyof (typeof TILL_WORDS)[string]): RegExp => {
  const words = Object.values(TILL_WORDS).flatMap((l) => l[kind]);
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, String.raw`\s*`));
  return new RegExp(String.raw`\b(?:${escaped.join('|')})\b`);
};
export const TILL_TENDER = tillWords('tender');
export const TILL_CHANGE = tillWords('change');
export const TILL_SLIP = tillWords('slip');
export const TILL_RETURNS = tillWords('returns');
const TILL_OPERATOR = tillWords('till');

/** A cash rounding of the total, and the till's "goods sold are not returnable": a till's own lines. */
export const TILL_ROUNDING = /\bROUNDING\b/;
export const GOODS_SOLD = /\bGOODS SOLD\b/;

/** Said by a till: how much was tendered and given back, who served, the slip's own title. */
const TILL_SIGNS: RegExp[] = [
  /\bCASH(?:IER)?\b/,
  /\bCHANGE(?: DUE)?\b/,
  /\bTENDER(?:ED)?\b/,
  TILL_ROUNDING,
  /\bTHANK YOU\b/,
  GOODS_SOLD,
  TILL_RETURNS,
  /\bSIMPLIFIED TAX INVOICE\b|\bCASH (?:BILL|SALE|RECEIPT)\b/,
  TIME_OF_DAY,
  /\bCOME AGAIN\b/,
  // A restaurant's check: its table ("Table: 25", "TABLE NO 7"), a guest check.
  /\bTABLE\s*(?:NO\.?|#)\s*:?\s*\d|\bTABLE\s*:\s*\d|\bGUEST CHECK\b/,
  // A GST till's closing summary of sales by tax code.
  /\bGST SUMMARY\b|\bTOTAL SALES\b/,
  TILL_TENDER,
  TILL_CHANGE,
  TILL_OPERATOR,
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

/** The widest a till slip's text runs, in letter heights: 58 and 80 mm paper hold 32–48 characters,
 * 15–30 letter heights; a page of an A4 or letter document runs to 40 and beyond (measured on the
 * scanned receipts and invoice images at hand: 14–31 against 54–71). */
const SLIP_WIDTH_LETTERS = 36;

/** Text no wider than a till slip's paper, on an image. */
export const narrowAsSlip = (textWidth: number | null | undefined): boolean => typeof textWidth === 'number' && textWidth <= SLIP_WIDTH_LETTERS;

/** A till receipt by its till signs, or by fewer of them on text as narrow as a till slip's: a
 * scanned slip headed "TAX INVOICE" whose tender lines the reader lost is still a slip. */
export function looksLikeTillSlip(text: string, textWidth: number | null | undefined): boolean {
  return looksLikeTillReceipt(text) || (narrowAsSlip(textWidth) && !INVOICE_ONLY.test(text) && tillSigns(text).length >= 1);
}
