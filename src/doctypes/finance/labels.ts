import { lettersApart } from '../../domain/letters-apart.js';
import { stripDiacritics } from '../../domain/normalise.js';
import { LABEL_WORDS, LANGUAGES, WORDED_LABELS, type WordedLabel } from './label-words.js';

/** The words invoices and receipts print before their values. The wording per language lives in
 * label-words.ts (en, de, fr, es, it, nl, pt, ar) and is compiled here; the patterns below add
 * what a word list cannot say (OCR's misreadings, words that must start a line, exclusions).
 * Patterns run on upper-cased text without diacritics. A stronger label wins over a weaker one. */

export interface LabelPattern {
  re: RegExp;
  strength: number;
}

const L = (re: RegExp, strength = 2): LabelPattern => ({ re, strength });

export const upper = (s: string): string => stripDiacritics(s).toUpperCase();

/** Strength of a listed phrase, and of a weaker one (marked `!`). */
const WORDED_STRENGTH: Record<WordedLabel, [number, number]> = {
  invoice_title: [2, 2],
  invoice_number: [3, 1],
  invoice_date: [3, 1],
  due_date: [3, 2],
  subtotal: [3, 2],
  tax: [2, 2],
  total: [3, 2],
  amount_due: [3, 3],
  vendor: [2, 2],
  customer: [2, 2],
  vendor_tax_id: [2, 2],
  credit_note: [3, 3],
  total_qualifier: [2, 2],
  prepayment: [2, 2],
  number_date: [3, 3],
  rounding: [2, 2],
  referenced_invoice: [3, 3],
  registry: [2, 2],
  tax_summary: [2, 2],
  addressee: [2, 2],
  item_count: [2, 2],
  party_name: [2, 2],
  allowance: [2, 2],
  charge: [2, 2],
  service_charge: [3, 3],
  branch: [2, 2],
  tax_included: [2, 2],
};
/** Labels that name a block or a field only at the start of a line ("From:" yes, "Transfer from"
 * no; "Name:" yes, "Good Name Ltd" no). */
const LINE_START = new Set<WordedLabel>(['vendor', 'party_name', 'branch']);

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word long enough that a text layer's stray space inside it ("Br uttosumme", "Zahlbetr ag":
 * glyphs placed one by one) leaves it unmistakable; shorter words must be whole. */
const LONG_WORD = /^[A-Z]{8,}$/;
/** PaddleOCR splits TOTAL itself too ("TOT AL DUE RM291.95"). */
const splittable = (word: string): boolean => LONG_WORD.test(word) || word === 'TOTAL';
/** Only amount labels: a name can contain a label's word split the same way ("Liefer ant GmbH" is
 * a company, not the label Lieferant before "GmbH"). */
const SPLIT_TOLERANT = new Set<WordedLabel>(['subtotal', 'tax', 'total', 'amount_due']);

/** A phrase as a pattern: spaces, dots and hyphens optional (a space beside a hyphen too, or
 * before a dot: "NO .BIL"), a stray space inside a long word allowed, never inside a longer word. */
function phrasePattern(label: WordedLabel, phrase: string): LabelPattern {
  const weak = phrase.startsWith('!');
  const compound = phrase.startsWith('*');
  const body = upper(weak || compound ? phrase.slice(1) : phrase)
    .split(' ')
    .map((word) =>
      SPLIT_TOLERANT.has(label) && splittable(word) ? [...word].join(' ?') : escapeRe(word).replace(/\\\./g, '(?: ?\\.)?').replace(/-/g, '\\s*-?\\s*'),
    )
    // A reader may set a space beside a hyphen ("SOUS- TOTAL"), or print one between words.
    .join('\\s*-?\\s*');
  const start = LINE_START.has(label) ? '^\\s*' : compound ? '' : '(?<![\\p{L}\\p{N}-])';
  return L(new RegExp(`${start}${body}(?![\\p{L}\\p{N}])`, 'u'), WORDED_STRENGTH[label][weak ? 1 : 0]);
}

const WORDED: Record<WordedLabel, LabelPattern[]> = Object.fromEntries(
  WORDED_LABELS.map((label) => [label, LANGUAGES.flatMap((lang) => LABEL_WORDS[lang][label].map((p) => phrasePattern(label, p)))]),
) as Record<WordedLabel, LabelPattern[]>;
/** The totals block's labels in the languages other than English, where English has no such
 * phrase: every country writing them writes numeric dates day first ("JUMLAH KESELURUHAN",
 * "Zwischensumme", "TOTAL TTC", "IMPORTE TOTAL"). */
const TOTALS_BLOCK: readonly WordedLabel[] = ['total', 'subtotal', 'tax', 'amount_due', 'rounding'];
const plainPhrase = (phrase: string): string => upper(phrase.replace(/^[!*]/, ''));
const ENGLISH_PHRASES = new Set(TOTALS_BLOCK.flatMap((label) => LABEL_WORDS.en[label].map(plainPhrase)));
const DAY_FIRST_LANGUAGE_WORDS: LabelPattern[] = LANGUAGES.filter((lang) => lang !== 'en').flatMap((lang) =>
  TOTALS_BLOCK.flatMap((label) => LABEL_WORDS[lang][label].filter((p) => !ENGLISH_PHRASES.has(plainPhrase(p))).map((p) => phrasePattern(label, p))),
);
/** The line labels an amount in a language whose countries write numeric dates day first. */
export const labelledDayFirst = (text: string): boolean => {
  const t = upper(text);
  return DAY_FIRST_LANGUAGE_WORDS.some((p) => p.re.test(t));
};

/** A tax's name written with a dot after each letter ("I.V.A. 10%", "M.W.St.", "G.S.T."); a reader
 * may take the I of I.V.A. for an L, a 1 or a bar ("L.V.A."), as it does in INVOICE. */
export const DOTTED_TAX = String.raw`(?<![\p{L}\p{N}])(?:V\.\s?A\.\s?T|T\.\s?V\.\s?A|B\.\s?T\.\s?W|M\.\s?W\.\s?S\.?\s?T|U\.\s?S\.\s?T|G\.\s?S\.\s?T|[IL1|]\.\s?V\.\s?A|S\.\s?S\.\s?T)(?![\p{L}\p{N}])\.?`;
/** What names a tax number rather than a tax's amount, after the tax's name. */
const TAX_NUMBER_WORDS = String.raw`\s*(?:INVOICE|ID|NO|NR|NUMBER|REG(?:ISTRATION)?(?:\s*NO)?|CODE)\b`;

export const LABELS = {
  // OCR reads the I of INVOICE as L or 1 and the O of NO as a zero.
  invoice_number: [
    ...WORDED.invoice_number,
    L(
      /\b(?:[IL1]NVOICE|INV|TAX [IL1]NVOICE|BILL|RECEIPT|DOCUMENT)\s*(?:N[O0]|NUMBER|NUM|NBR|NR|ID|REF(?:ERENCE)?)\b\.?|\b(?:[IL1]NVOICE|INV|BILL|RECEIPT)\s*(?:#|N[°º])/,
      3,
    ),
    L(/\bFACTURE\s*(?:N\s*[O0°º]?|NUMERO|NO)\b\.?|\bFACTURE\s*N[°º]/, 3),
    L(/\bRECHNUNGS?\s*-?\s*(?:NR|NUMMER|NO)\b\.?|\bBELEG\s*-?\s*(?:NR|NUMMER)\b\.?/, 3),
    L(/\bFACTUUR\s*(?:NR|NUMMER)\b\.?|\bFACTUURNUMMER\b/, 3),
    L(/\b(?:NUMERO|N[°º]|NO)\s*(?:DE\s*)?(?:FACTURA|FATTURA)\b|\b(?:FACTURA|FATTURA)\s*(?:N|NR|NUMERO|NO)\b\.?|\b(?:FACTURA|FATTURA)\s*N[°º]/, 3),
    L(/\bNO(?: ?\.)?\s*(?:INVOIS|BIL|RESIT)\b/, 3),
    L(/^(?:INVOICE|FACTURE|RECHNUNG|FACTUUR|FACTURA|FATTURA)\b/, 1),
    L(/^#/, 1),
    // A German till's own number: "BON 26247", "Bon: 460481".
    L(/^BON\s*:?\s*(?=\d)/, 1),
  ],
  /** What a booking or reservation is known by: the document's reference when nothing names an
   * invoice number (a hotel's or a travel agent's payment receipt). Order numbers are not: an
   * invoice usually prints its order's number beside its own. */
  document_reference: [
    L(
      /\b(?:BOOKING|RESERVATION|BUCHUNGS?)\s*-?\s*(?:ID|NO|NR|NUMBER|NUMMER|REF(?:ERENCE)?|CODE)\b\.?|\bCONFIRMATION\s*(?:NO|NUMBER|CODE)\b\.?|\bFOLIO\s*(?:NO|NUMBER)\b\.?/,
      2,
    ),
  ],
  invoice_date: [
    ...WORDED.invoice_date,
    L(/\b(?:INVOICE|BILL|ISSUE|TAX POINT)\s*DATE\b|\bDATE\s*(?:OF\s*)?(?:INVOICE|ISSUE)\b/, 3),
    L(/\bRECHNUNGSDATUM\b|\bFACTUURDATUM\b|\bDATE\s*(?:DE\s*)?(?:LA\s*)?FACTURE\b|\bFECHA\s*(?:DE\s*)?FACTURA\b|\bDATA\s*(?:DELLA\s*)?FATTURA\b/, 3),
    L(/^(?:DATE|DATUM|FECHA|DATA|TARIKH)\b/, 1),
  ],
  due_date: [
    ...WORDED.due_date,
    L(
      /\bDUE\s*DATE\b|\bDATE\s*DUE\b|\bPAYMENT\s*DUE\b|\bPAY\s*BY\b|\bFALLIG(?:KEITSDATUM|\s*AM)?\b|\bZAHLUNGSZIEL\b|\bVERVALDATUM\b|\bECHEANCE\b|\bDATE\s*LIMITE\b|\bVENCIMIENTO\b|\bSCADENZA\b/,
      3,
    ),
  ],
  /** Dates that are not the invoice's own (orders, deliveries, periods). */
  other_date: [
    L(/\b(?:ORDER|DELIVERY|SHIP(?:PING)?|PERIOD|SERVICE|BESTELL|LIEFER|COMMANDE|LIVRAISON|ORDER)\w*\s*(?:DATE|DATUM)?\b|\bORDERDATUM\b|\bPRELEVEMENT\b/, 2),
  ],
  total: [
    ...WORDED.total,
    L(
      /\bGRAND\s*TOTAL\b|\bTOTAL\s*(?:AMOUNT\s*)?(?:DUE|PAYABLE|TO\s*PAY)\b|\b(?:AMOUNT|BALANCE)\s*DUE\b|\bTOTAL\s*TTC\b|\bMONTANT\s*TTC\b|\b(?:SOMME|NET)\s*A\s*PAYER\b|\bGESAMT(?:BETRAG|SUMME)\b|\b(?:RECHNUNGS|END)BETRAG\b|\bTE\s*BETALEN\b|\bTOTAL\s*(?:FOR\s*THIS\s*|DE\s*LA\s*)?(?:INVOICE|FACTURE)\b|\bINVOICE\s*TOTAL\b|\bIMPORTE\s*TOTAL\b|\bROUNDED\s*TOTAL\b|\bTOTAL\s*(?:ROUNDED|ROUNDING)\b|\bNETT?\s*TOTAL\b|\bTOTAL\s*\(?INCL|\bTOTAL\s*AMOUNT\b|\bTOTAL\s*SALES?\s*\(?INCL/,
      3,
    ),
    L(/\bTOTAAL\b|\bTOTALE?\b|\bGESAMT\b|\bSUMME\b/, 2),
  ],
  subtotal: [
    ...WORDED.subtotal,
    // Tesseract reads the B of a thermal slip's SUB as S, 8 or E ("SUS TOTAL", "SU8 TOTAL", "SUETOTAL").
    L(
      /\bSU[BS8E]\s*-?\s*TOTAL\b|\bSUBTOTAAL\b|\bTOTAL\s*H\.?T\.?\b|\bMONTANT\s*(?:EUR\s*)?H\.?T\.?\b|\bTOTAL\s*(?:EXCL|EX|NET|BEFORE\s*TAX|EXCLUDING)\b|\bNET\s*AMOUNT\b|\bZWISCHENSUMME\b|\bNETTO(?:BETRAG|SUMME)?\b|\bEXCLUSIEF\s*BTW\b|\bTOTAL\s*SALES?\s*\(?EXCL|\bAMOUNT\s*EXCL|\bIMPONIBILE\b|\bBASE\s*IMPONIBLE\b/,
      3,
    ),
  ],
  tax: [...WORDED.tax, L(/\b(?:VAT|TAX|TVA|BTW|MWST|UST|GST|IVA|SST|SALES\s*TAX|TOTAL\s*TAX)\b/, 2), L(new RegExp(DOTTED_TAX, 'u'), 2)],
  invoice_title: WORDED.invoice_title,
  amount_due: WORDED.amount_due,
  credit_note: WORDED.credit_note,
  total_qualifier: WORDED.total_qualifier,
  prepayment: WORDED.prepayment,
  number_date: WORDED.number_date,
  rounding: WORDED.rounding,
  tax_summary: WORDED.tax_summary,
  referenced_invoice: WORDED.referenced_invoice,
  /** Rows that carry a tax word but not a tax amount. */
  not_tax: [
    L(
      /\b(?:TAX|VAT|GST|TVA|BTW)\s*(?:INVOICE|ID|NO|NR|NUMBER|REG|REGISTRATION|CODE|\/\s*TIN)\b|\bUST-?\s*ID|\bUSTID|\bEXC(?:L|LUDING)?\.?\s*(?:GST|VAT|TAX)\b/,
      2,
    ),
    L(new RegExp(DOTTED_TAX + TAX_NUMBER_WORDS, 'u'), 2),
    // A tax already in the total ("INCL. GST", "TERMASUK CUKAI", "dont TVA") adds nothing to the net.
    ...WORDED.tax_included,
  ],
  /** Rows in the totals area that are neither the total nor its parts. */
  not_total: [
    L(
      /\bTOTAL\s*(?:QTY|QUANTITY|ITEMS?|DISCOUNT|SAVINGS?|WEIGHT|POINTS|UNITS)\b|\bNO\.?\s*OF\s*ITEMS\b|\bCHANGE\b|\bCASH\b|\bTENDERED\b|\bPAID\b|\bCREDITS?\b/,
      2,
    ),
  ],
  vendor_tax_id: [
    ...WORDED.vendor_tax_id,
    L(
      /\b(?:VAT|TAX|GST|TVA|BTW|IVA)\s*(?:ID|NO|NR|NUMBER|REG(?:ISTRATION)?(?:\s*NO)?|\/\s*TIN)\b\.?|\bUST-?\s*ID(?:NR)?\b\.?|\bUSTID\b|\bTIN\b|\bABN\b|\bSIRET\b|\bSTEUER-?\s*NR\b\.?|\bN[°º]?\s*TVA\b|\bBTW\b|\bCIF\b|\bP\.?\s*IVA\b/,
      2,
    ),
    L(new RegExp(DOTTED_TAX + TAX_NUMBER_WORDS, 'u'), 2),
    // Spain's CIF and NIF before a number, the I read as T, 1, l or a bar ("CTF: B88055538").
    L(/\b[CN][T1L|]F\b(?=\s*:?\s*[A-Z]?-?\d)/, 2),
  ],
  customer: [
    ...WORDED.customer,
    L(
      /\bBILL(?:ED)?\s*TO\b|\b(?:BILLING|INVOICE)\s*ADDRESS\b|\bSOLD\s*TO\b|\bCUSTOMER\b(?!\s*(?:NO|NUMBER|ID|CARE|REF))|\bCLIENT\b|(?<!-)\bKUNDE\b(?!N)|\bRECHNUNGSEMPFANGER\b|\bRECHNUNGSADRESSE\b|\bFACTURE\s*A\b|\bADRESSE\s*DE\s*FACTURATION\b|\bFACTUUR\s*AAN\b|\bFACTUURADRES\b|\bDIRECCION\s*DE\s*FACTURACION\b|\bINVOICE\s*TO\b|\bATTN\b|^TO\s*:/,
      2,
    ),
    // Where the goods go is the customer's too, though a weaker sign than the billing block.
    L(
      /\bSHIP(?:PED)?\s*TO\b|\bDELIVER(?:ED)?\s*TO\b|\b(?:SHIPPING|DELIVERY)\s*ADDRESS\b|\bLIEFERADRESSE\b|\bADRESSE\s*DE\s*LIVRAISON\b|\bAFLEVERADRES\b|\bDIRECCION\s*DE\s*ENVIO\b/,
      1,
    ),
  ],
  vendor: [...WORDED.vendor, L(/^(?:SOLD\s*BY|FROM|SUPPLIER|VENDOR|SELLER|ISSUED\s*BY|SERVICE\s*PROVIDER|LIEFERANT|FOURNISSEUR|LEVERANCIER)\b/, 2)],
  /** Whom the payment goes to: the issuer, named on its bank line. */
  payee: [
    L(
      /\b(?:ACCOUNT\s*(?:HOLDER|NAME)|BENEFICIARY(?!\s*BANK)(?:\s*NAME)?|PAYEE|TITULAIRE(?:\s*DU\s*COMPTE)?|KONTOINHABER(?:IN)?|BEGUNSTIGDE|TEN\s*NAAM\s*VAN|IN\s*FAVOU?R\s*OF|PAYABLE\s*TO)\b\s*:?/,
      2,
    ),
  ],
  /** A company's registration as the law asks it printed, in the issuer's own footer. */
  registry: [
    ...WORDED.registry,
    L(
      /\bAU\s*CAPITAL\b|\bSHARE\s*CAPITAL\b|\bSTAMMKAPITAL\b|\bRCS\b|\bSIRE[NT]\b|\bHRB\b|\bREGISTERGERICHT\b|\bHANDELSREGISTER\b|\bAMTSGERICHT\b|\bSITZ\b|\bGESCHAFTSFUHRER\b|\bKVK\b|\bKAMER\s*VAN\s*KOOPHANDEL\b|\bCHAMBER\s*OF\s*COMMERCE\b|\bCIN\b|\bREGD\.?\s*OFFICE\b|\bREGISTERED\s*(?:OFFICE|IN|NO|NUMBER|ADDRESS)\b|\bSIEGE\s*SOCIAL\b|\bCOMPANY\s*(?:REG(?:ISTRATION)?\.?\s*)?(?:NO|NUMBER)\b|\bREGISTRO\s*MERCANTIL\b/,
      2,
    ),
  ],
  payment_terms: [
    L(
      /\bPAYMENT\s*TERMS?\b|\bTERMS\b|\bDUE\s*WITHIN\b|\bNET\s*\d{1,3}\b|\bZAHLUNGSBEDINGUNGEN\b|\bCONDITIONS\s*DE\s*(?:PAIEMENT|REGLEMENT)\b|\bBETALINGSVOORWAARDEN\b|\bTAGE\s*NETTO\b/,
      2,
    ),
  ],
  addressee: WORDED.addressee,
  // A till that counts its lines and its pieces on one row ("Item(s) : 5 Qty(s) : 13"): the
  // pieces' word is its own ("Qty(s)"), the lines' may be misread.
  item_count: [...WORDED.item_count, L(/\bITEM\s*\(S\)|\bQTY\s*\(S\)/, 2)],
  party_name: WORDED.party_name,
  allowance: WORDED.allowance,
  charge: WORDED.charge,
  // The service word alone names a waiter ("Bedienung: Anna") or a line item ("Servicio técnico");
  // with its percentage it is the charge ("Bedienung 10%", "Servicio 10%", "Servizio 12%").
  service_charge: [
    ...WORDED.service_charge,
    L(/\b(?:SERVICE|SERVICIO|SERVIZIO|SERVICO|BEDIENUNG|BEDIENING)\s*\(?\d{1,2}(?:[.,]\d{1,2})?\s*%/, 3),
    // Malay "CAJ" with its J read as a bracket or a bar ("CA) PERKHIDMATAN 12.43").
    L(/(?<![\p{L}\p{N}])CA[)\]|]\s*(?:PERKHIDMATAN|SERVIS)\b/u, 3),
  ],
  branch: WORDED.branch,
  tax_included: WORDED.tax_included,
  payment_method: [L(/\bPAID\s*BY\b|\bPAYMENT\s*(?:METHOD|MODE|TYPE)\b|\bPAYMENT\b\s*:|\bTENDER\b|\bMODE\s*DE\s*(?:PAIEMENT|REGLEMENT)\b/, 2)],
} satisfies Record<string, LabelPattern[]>;

export type LabelName = keyof typeof LABELS;

export interface LabelMatch {
  strength: number;
  /** Offsets of the label in the searched text. */
  start: number;
  end: number;
}

/** A word of letters with a zero among them ("NETT0", "T0TAL") holds the letter O a reader took
 * for a zero; an amount ("RM0.50") or a code with other digits keeps its zero. Same length, so
 * offsets into the text stay right. */
const lettersForZeros = (t: string): string =>
  t.replace(/[\p{L}\d]+(?:[.,]\d+)?/gu, (word) =>
    /^[\p{L}0]+$/u.test(word) && word.includes('0') && (word.match(/\p{L}/gu)?.length ?? 0) >= 2 ? word.replace(/0/g, 'O') : word,
  );

/** The strongest match of a label in a piece of text, or null. */
export function matchLabel(name: LabelName, text: string): LabelMatch | null {
  const t = lettersForZeros(upper(text));
  let best: LabelMatch | null = null;
  for (const p of LABELS[name]) {
    const m = t.match(p.re);
    if (m && m.index !== undefined && (!best || p.strength > best.strength)) best = { strength: p.strength, start: m.index, end: m.index + m[0].length };
  }
  return best;
}

export const hasLabel = (name: LabelName, text: string): boolean => matchLabel(name, text) !== null;

/** The subtotal's phrases of two words or more, in every language, as words of letters. */
const SUBTOTAL_PHRASES: string[][] = [
  ...new Set(
    LANGUAGES.flatMap((lang) => LABEL_WORDS[lang].subtotal)
      .filter((p) => !/^[!*]/.test(p))
      .map((p) => (upper(p).match(/[A-Z]+/g) ?? []).join(' ')),
  ),
]
  .map((p) => p.split(' '))
  .filter((words) => words.length >= 2);
/** Letters a word may have before a reader's slip in it is told from another word. */
const SLIP_WORD_LETTERS = 5;

/** A subtotal's phrase of two words or more read with one letter wrong in one word of five letters
 * or more ("JUMLAH KECTIL" for JUMLAH KECIL, "TOTAL AVAMT"): its first word alone names the total
 * ("JUMLAH", "TOTAL"), so the garbled line would be taken for the total. Shorter words must be
 * whole: "NETT TOTAL" is no "TOTAL NET". */
export function nearSubtotal(text: string): boolean {
  let near = nearSeen.get(text);
  if (near === undefined) {
    near = phraseSlipped(text);
    // Bounded: the totals block asks of the same few labels many times over a document.
    if (nearSeen.size >= NEAR_SEEN_MAX) nearSeen.delete(nearSeen.keys().next().value!);
    nearSeen.set(text, near);
  }
  return near;
}
const nearSeen = new Map<string, boolean>();
const NEAR_SEEN_MAX = 4096;

function phraseSlipped(text: string): boolean {
  const words = upper(text).match(/[A-Z]+/g) ?? [];
  const present = new Set(words);
  // One slip in a phrase of two words or more leaves one of its words whole.
  return SUBTOTAL_PHRASES.some(
    (phrase) =>
      phrase.some((word) => present.has(word)) &&
      words.some((_, start) => {
        if (start + phrase.length > words.length) return false;
        let slips = 0;
        for (const [k, word] of phrase.entries()) {
          const read = words[start + k]!;
          if (read === word) continue;
          if (word.length < SLIP_WORD_LETTERS || Math.abs(read.length - word.length) > 1 || lettersApart(read, word) > 1) return false;
          slips++;
        }
        return slips === 1;
      }),
  );
}
