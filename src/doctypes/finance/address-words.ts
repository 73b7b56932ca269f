import { canonicalName } from '../../domain/normalise.js';
import { oneGlyphConfused } from './trade-words.js';

/** Words of four letters or more that addresses print in the receipt languages: a street's, a
 * floor's or a unit's, an estate's. As canonicalName writes them. Shorter ones ("RUE", "VIA") are
 * a glyph from too many words. */
const ADDRESS_WORDS = new Set(
  [
    // English, Malay
    'ROAD STREET AVENUE LANE DRIVE BOULEVARD FLOOR LEVEL UNIT BLOCK SUITE',
    'JALAN LORONG PERSIARAN LEBUH LEBUHRAYA TAMAN KAWASAN PERINDUSTRIAN BANDAR TINGKAT BLOK',
    // French, Spanish, Italian, Portuguese
    'PLACE QUAI CHEMIN ALLEE ROUTE ETAGE',
    'CALLE AVENIDA AVDA PLAZA PASEO CARRER BAJO PISO PLANTA LOCAL',
    'PIAZZA VIALE CORSO LARGO TRAVESSA ANDAR',
    // German, Dutch
    'STRASSE PLATZ GASSE STOCK STRAAT PLEIN LAAN',
  ]
    .join(' ')
    .split(' '),
);

/** A word of an address line that is an address's word with one glyph the readers confuse read
 * for another ("baio" for "bajo", the j's tail lost in a blur), and no such word itself: two
 * engines may misread the glyph alike, and their agreement would publish the misreading (seed
 * 26387). The word as read and the word it would spell, or null. */
export function misreadAddressWord(line: string): { read: string; spelt: string } | null {
  for (const read of canonicalName(line).split(' ')) {
    if (read.length < 4 || ADDRESS_WORDS.has(read)) continue;
    const spelt = [...ADDRESS_WORDS].find((w) => oneGlyphConfused(read, w));
    if (spelt) return { read, spelt };
  }
  return null;
}
