import { canonicalName } from '../../domain/normalise.js';

/** Words of shops' and companies' names, common on receipts in the receipts' languages (as
 * canonicalName writes them: capitals, no accents): the trade, the kind of business. A closed
 * list, as legal forms are: where two readers dispute a letter of one of these, the list says
 * which reading spells it. A shop's own name (a family's, a place's) is on no list. */
const TRADE_WORDS = new Set(
  [
    // English
    'ENTERPRISE ENTERPRISES TRADING HARDWARE STATIONERY RESTAURANT BAKERY PHARMACY SUPERMARKET MINIMARKET',
    'MARKET BOOKSTORE BOOKSHOP BOOKS STORE COFFEE KITCHEN FOODS ELECTRICAL ELECTRONICS MACHINERY HOLDINGS',
    'INDUSTRIES INTERNATIONAL CORPORATION COMPANY SERVICES MOTOR PETROL STATION GROCERY FURNITURE OPTICAL',
    'CLINIC HOTEL TRAVEL GARDEN TRADERS SUPPLY SUPPLIES MEDICAL BEAUTY FASHION TEXTILE PRINTING',
    'ENGINEERING CONSTRUCTION MANAGEMENT MARKETING DISTRIBUTOR DISTRIBUTORS WHOLESALE RETAIL BISTRO',
    'EATERY NURSERY',
    // Malay
    'KEDAI RUNCIT RESTORAN KOPI MAKANAN PERNIAGAAN PASAR BUKU NIAGA PERUSAHAAN PERABOT FARMASI KLINIK',
    'BENGKEL SYARIKAT RUMAH MINUMAN CAWANGAN',
    // German
    'BACKEREI BUCHHANDLUNG APOTHEKE GETRANKEMARKT METZGEREI FEINKOST DROGERIE MARKT SUPERMARKT KONDITOREI',
    'GASTSTATTE BLUMEN HANDEL LEBENSMITTEL',
    // French
    'BOULANGERIE PATISSERIE PHARMACIE EPICERIE LIBRAIRIE FROMAGERIE BOUCHERIE BRASSERIE PRESSE TABAC',
    'SUPERMARCHE MARCHE TRAITEUR PAPETERIE',
    // Spanish, Portuguese, Italian
    'FARMACIA PANADERIA CAFETERIA PAPELERIA FRUTERIA CARNICERIA LIBRERIA RESTAURANTE SUPERMERCADO TIENDA',
    'FERRETERIA PASTELERIA MERCADO PADARIA RISTORANTE PANIFICIO MACELLERIA TABACCHERIA',
  ]
    .join(' ')
    .split(' '),
);

/** Printed glyphs the readers take for each other, as canonicalName writes them. */
const CONFUSED = ['EF', 'EB8', 'OD0Q', 'IL1TJ', 'S5', 'G6C', 'UV', 'MNH', 'Z2', 'RP', 'A4'];
export const confused = (a: string, b: string): boolean => a !== b && CONFUSED.some((set) => set.includes(a) && set.includes(b));
/** Two words of one length that differ in one glyph only, one the readers confuse. */
export const oneGlyphConfused = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  const unlike = [...a].flatMap((c, k) => (c === b[k] ? [] : [[c, b[k]!] as const]));
  return unlike.length === 1 && confused(...unlike[0]!);
};

/** Words this long or longer: a short word is one letter away from too many others. */
const MIN_LETTERS = 5;

/** Which of two readings of a company's name spells a trade word, when that is all they differ in:
 * the same words but one, and in it one letter, a glyph the readers confuse, where one reading
 * spells a word of the list and the other no word of it ("HOME MASTER HARDWARE ENTERPRISF" /
 * "… ENTERPRISE"). The two engines agree on every other glyph, and the list settles the one they
 * dispute. Null when anything else differs, or both spell a word of the list. */
export function spelledTradeWord(a: string, b: string): 'a' | 'b' | null {
  const [wa, wb] = [canonicalName(a).split(' '), canonicalName(b).split(' ')];
  if (wa.length !== wb.length || wa.length < 2) return null;
  const differ = wa.flatMap((w, i) => (w === wb[i] ? [] : [i]));
  if (differ.length !== 1) return null;
  const [x, y] = [wa[differ[0]!]!, wb[differ[0]!]!];
  if (x.length < MIN_LETTERS || !oneGlyphConfused(x, y)) return null;
  if (TRADE_WORDS.has(x) === TRADE_WORDS.has(y)) return null;
  return TRADE_WORDS.has(x) ? 'a' : 'b';
}

/** A word of a name that is a trade word with one glyph misread ("FARMACTA" for FARMACIA: I and T
 * confused) and no word of the list itself: the trade word it would spell, or null. Asked of a name
 * both readers read alike, where the two engines misread one glyph alike; the list names the word,
 * it does not prove which glyph was printed. */
export function misreadTradeWord(name: string): { read: string; spelt: string } | null {
  for (const word of canonicalName(name).split(' ')) {
    if (word.length < MIN_LETTERS || TRADE_WORDS.has(word)) continue;
    for (const trade of TRADE_WORDS) if (oneGlyphConfused(word, trade)) return { read: word, spelt: trade };
  }
  return null;
}
