import { upper } from './labels.js';

/** How a till slip or an invoice says it was paid, per language: the one place to add a wording.
 * Matched on upper-cased text without diacritics, as whole words. A payment method is only ever
 * one of these words as printed: what a tender line holds besides them ("Tendered", "Received",
 * "RM", a terminal's name) is not the method, and a label's next word ("Payment Amount") is none. */
const METHOD_WORDS: Record<string, string[]> = {
  brands: [
    'VISA',
    'VISA DEBIT',
    'MASTERCARD',
    'MASTER CARD',
    'MASTER',
    'MAESTRO',
    'AMEX',
    'AMERICAN EXPRESS',
    'DINERS',
    'DINERS CLUB',
    'JCB',
    'UNIONPAY',
    'UNION PAY',
    'BANCONTACT',
    'GIROCARD',
    'EC-KARTE',
    'EC KARTE',
    'PAYPAL',
    'APPLE PAY',
    'GOOGLE PAY',
    'ALIPAY',
    'WECHAT PAY',
    'GRABPAY',
    'GRAB PAY',
    'BOOST',
    'TOUCH N GO',
    "TOUCH 'N GO",
    'TNG',
    'E-WALLET',
    'EWALLET',
  ],
  en: ['CASH', 'CARD', 'CREDIT CARD', 'DEBIT CARD', 'CREDIT', 'DEBIT', 'CONTACTLESS', 'CHEQUE', 'BANK TRANSFER', 'VOUCHER', 'GIFT CARD'],
  ms: ['TUNAI', 'KAD', 'KAD KREDIT', 'KAD DEBIT'],
  de: ['BAR', 'BARGELD', 'KARTE', 'KARTENZAHLUNG', 'KREDITKARTE', 'UBERWEISUNG', 'UEBERWEISUNG', 'LASTSCHRIFT', 'GUTSCHEIN'],
  fr: ['ESPECES', 'CARTE', 'CARTE BANCAIRE', 'CARTE BLEUE', 'CB', 'CHEQUE', 'VIREMENT', 'TITRE RESTAURANT'],
  es: ['EFECTIVO', 'TARJETA', 'TARJETA CREDITO', 'TARJETA DE CREDITO', 'TARJETA DEBITO', 'TARJETA DE DEBITO', 'TRANSFERENCIA', 'BIZUM'],
  it: ['CONTANTI', 'CONTANTE', 'CARTA', 'CARTA DI CREDITO', 'BANCOMAT', 'BONIFICO', 'BUONO PASTO'],
  nl: ['CONTANT', 'PIN', 'PINNEN', 'PINBETALING', 'CREDITCARD', 'OVERSCHRIJVING'],
  pt: ['DINHEIRO', 'NUMERARIO', 'CARTAO', 'CARTAO DE CREDITO', 'CARTAO DE DEBITO', 'MULTIBANCO', 'MB WAY', 'TRANSFERENCIA'],
  ar: ['نقدا', 'نقدي', 'نقداً', 'بطاقة', 'بطاقة ائتمان', 'مدى'],
};

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, String.raw`\s+`);
/** Longest wordings first, so "CREDIT CARD" is taken whole rather than "CREDIT". */
const WORDS = [...new Set(Object.values(METHOD_WORDS).flat())].sort((a, b) => b.length - a.length);
// Letters of any script bound a word: \b knows only Latin ones.
const METHOD = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${WORDS.map(escape).join('|')})(?![\p{L}\p{N}])`, 'u');

/** The payment method a text names, as printed (its first method wording), or null when it names none. */
export function paymentMethodIn(text: string): string | null {
  // Folded a character at a time, so a match's place maps back to the printed text.
  let folded = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const f = upper(text[i]!);
    folded += f;
    for (let k = 0; k < f.length; k++) at.push(i);
  }
  const m = METHOD.exec(folded);
  if (!m) return null;
  const end = m.index + m[0].length;
  return text.slice(at[m.index], end < at.length ? at[end] : text.length).trim();
}
