import { stripDiacritics } from '../../domain/normalise.js';
import type { Language } from './label-words.js';

/** Words a shop's slogan speaks in and its name does not, per receipt language: the customer
 * addressed ("your", "Ihr", "Anda"), the shop speaking of itself ("notre", "nuestro"), and time
 * ("since", "every", "setiap"). Words a name may hold ("our", "kami", "su") are left out: a name's
 * second line taken for a slogan would publish the name cut. */
const SLOGAN_WORDS: Record<Language, string[]> = {
  en: ['you', 'your', 'every', 'since'],
  de: ['ihr', 'ihre', 'ihren', 'unser', 'unsere', 'seit', 'jeden'],
  fr: ['votre', 'vos', 'notre', 'depuis', 'chaque'],
  es: ['nuestro', 'nuestra', 'nuestros', 'desde', 'cada'],
  it: ['vostro', 'vostra', 'nostro', 'nostra', 'ogni'],
  nl: ['uw', 'onze', 'sinds', 'elke'],
  pt: ['nosso', 'nossa', 'desde'],
  ms: ['anda', 'setiap', 'sejak'],
  ar: ['منذ'],
};

const SLOGAN_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${[...new Set(Object.values(SLOGAN_WORDS).flat())].map((w) => stripDiacritics(w).toUpperCase()).join('|')})(?![\p{L}\p{N}])`,
  'u',
);

/** A line that speaks as a slogan does, in one of its words. */
export const sloganSpoken = (text: string): boolean => SLOGAN_WORD.test(stripDiacritics(text).toUpperCase());

/** A line worded as a slogan: one of its words, or words set apart by a comma ("Harga Murah,
 * Kualiti Terjamin"), which no shop's name sets. */
export const sloganWorded = (text: string): boolean => sloganSpoken(text) || /\p{L},\s*\p{L}/u.test(text);
