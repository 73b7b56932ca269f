import { canonicalName } from '../../domain/normalise.js';
import { oneGlyphConfused } from './trade-words.js';

/** A street's word in the receipts' languages, as printed ("Avda." is how Spanish prints it). */
const STREET_NAMES = [
  ...['ROAD', 'STREET', 'AVENUE', 'LANE', 'DRIVE', 'BOULEVARD', 'JALAN', 'LORONG', 'PERSIARAN', 'LEBUH'],
  ...['RUE', 'PLACE', 'QUAI', 'CHEMIN', 'ALLEE', 'ALLÉE', 'CALLE', 'AVDA', 'AVENIDA', 'PLAZA', 'PASEO', 'CARRER'],
];
/** A street's word or its abbreviation ("RD", "JLN", "BD"). */
export const STREET_WORDS = [...STREET_NAMES, 'RD', 'AVE', 'BLVD', 'BD', 'JLN', 'LRG'];

/** Words of four letters or more that addresses print in the receipt languages: a street's (above),
 * a floor's or a unit's, an estate's. As canonicalName writes them. Shorter ones ("RUE", "VIA") are
 * a glyph from too many words. */
const ADDRESS_WORDS = [
  ...new Set(
    [
      ...STREET_NAMES,
      // English, Malay
      ...['FLOOR', 'LEVEL', 'UNIT', 'BLOCK', 'SUITE', 'LEBUHRAYA', 'TAMAN', 'KAWASAN', 'PERINDUSTRIAN', 'BANDAR', 'TINGKAT', 'BLOK'],
      // French, Spanish, Italian, Portuguese
      ...['ROUTE', 'ETAGE', 'BAJO', 'PISO', 'PLANTA', 'LOCAL', 'PIAZZA', 'VIALE', 'CORSO', 'LARGO', 'TRAVESSA', 'ANDAR'],
      // German, Dutch
      ...['STRASSE', 'PLATZ', 'GASSE', 'STOCK', 'STRAAT', 'PLEIN', 'LAAN'],
    ]
      .map(canonicalName)
      .filter((w) => w.length >= 4),
  ),
];

/** A word of an address line that is an address's word with one glyph the readers confuse read
 * for another ("baio" for "bajo", the j's tail lost in a blur), and no such word itself: two
 * engines may misread the glyph alike, and their agreement would publish the misreading (seed
 * 26387). The word as read and the word it would spell, or null. */
export function misreadAddressWord(line: string): { read: string; spelt: string } | null {
  for (const read of canonicalName(line).split(' ')) {
    if (read.length < 4 || ADDRESS_WORDS.includes(read)) continue;
    const spelt = ADDRESS_WORDS.find((w) => oneGlyphConfused(read, w));
    if (spelt) return { read, spelt };
  }
  return null;
}
