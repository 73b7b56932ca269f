import { touchesSide } from '../../readers/support/geometry.js';
import type { Box } from '../../readers/types.js';
import { lettersApart } from '../../domain/letters-apart.js';
import { canonicalName } from '../../domain/normalise.js';
import { misreadAddressWord, STREET_WORDS } from './address-words.js';
import { findDates } from './dates.js';
import { TIME_OF_DAY } from './document-kind.js';
import { matchLabel, type LabelName } from './labels.js';
import { findAmounts, quantityMakes } from './money.js';
import { CONTACT, LEGAL_FORM, ONLY_LEGAL_FORM } from './party-names.js';
import type { Row } from './rows.js';
import { SHARP_S_AS_B, sharpSWritten } from './sharp-s.js';
import { sloganSpoken, sloganWorded } from './slogan-words.js';

/** A till receipt's header: the shop's name in the first lines (a legal form, large type), its
 * address on the lines under it until the registration, phone or date lines begin. */

export interface MerchantReading {
  name: string;
  nameBoxes: Box[];
  /** Why the name may not be whole, when the header leaves it open; such a name is not published. */
  doubt: string | null;
  address: string | null;
  addressBoxes: Box[];
  /** The address's lines, in the order of `addressBoxes`. */
  addressLines: string[];
  /** Why the address may begin or end elsewhere; such an address is not published. */
  addressDoubt: string | null;
  page: number;
}

const HEADER_ROWS = 6;
const MAX_ADDRESS_LINES = 5;
const TITLE =
  /^\W*(?:TAX\s+INVOICE|INVOICE|RECEIPT|CASH\s+(?:SALE|BILL|RECEIPT)|SALES?\s+RECEIPT|WELCOME|BILL|SIMPLIFIED\s+TAX\s+INVOICE|COPY|OFFICIAL\s+RECEIPT)\W*$/i;
/** Strong labels that end a header; a tax number or the slip's own number ends it whatever its
 * label's strength (ADDRESS_ENDS). */
const STOP_LABELS: LabelName[] = ['invoice_date', 'total', 'subtotal', 'payment_method'];
/** A company registration number, on its own line ("(742016-W)", "CO-REG: 860671-D", a space read
 * before its hyphen: "(0184547 -T", seed 26034; in brackets its check letter perhaps read as a
 * digit: "(392563-1)", seed 25811) or after the name ("99 SPEED MART S/B (519537-X)"). */
const REGISTRATION =
  /^\W*\(?[0-9]{4,}\s?[-\s]?[A-Z]?\)?\W*$|^\W*\(\s*[0-9]{5,}\s*-\s*[0-9]\s*\)\W*$|\bCO(?:MPANY)?\.?\s*-?\s*(?:REG(?:ISTRATION)?|NO)\b|\bREG(?:ISTRATION)?\.?\s*NO\b|^\W*(?:ROC|ROB|BRN|SSM)\s*[:.]?\s*[A-Z]{0,3}[0-9][0-9A-Z\s-]{4,}\W*$/i;
/** Words that introduce a company's registration number ("CO. REG NO", "ROC", "BRN"), an O perhaps
 * read as a zero ("R0C", "C0 N0"). */
const REGISTRATION_WORDS = String.raw`(?:C[O0](?:MPANY)?\.?\s*(?:REG(?:ISTRATION)?|N[O0])\.?\s*(?:N[O0]\.?)?|REG(?:ISTRATION)?\.?\s*N[O0]\.?|R\s?[O0][CB]|BRN|SSM)\s*[:.]?\s*`;
/** The registration number itself: digits, a few letters before them in a sole proprietor's
 * number ("JM0548765-T"), the check letter after, its hyphen perhaps read as a dash, a middle
 * dot or a full stop, or a speck read as a stop beside it ("519537·X", "3237391.-x"). */
const REGISTRATION_NUMBER = String.raw`[A-Z]{0,3}[0-9][0-9A-Z\s\-–·.]{4,}`;
/** The registration after the name, in brackets a reader may turn into braces or drop
 * ("(519537-X)", "{519537-X", "[1125830-V]", "(CO.REG :704427-T )", "(ROC 12345-X)"), its number
 * perhaps misread past recognition after its words in brackets ("(Co NO maser,"), its words
 * misread before a number of five digits or more in brackets ("(CC NO 4058615941995)", a speck
 * read as a stroke: "(CO. /.EG 678462319094,"), after its
 * words without brackets ("CO NO 1234567-X"), or bare in its digits-dash-letter form ("002570632-X"). */
const TRAILING_REGISTRATION = new RegExp(
  String.raw`\s*(?:[({[]\s*(?:${REGISTRATION_WORDS})?${REGISTRATION_NUMBER}[)}\]]?|[({[]\s*${REGISTRATION_WORDS}.*|[({[]\s*(?:[A-Z/][A-Z/.]{0,3}\.?\s*){1,3}[0-9]{5}[0-9A-Z\s\-–·]*[)}\]]?|\b${REGISTRATION_WORDS}${REGISTRATION_NUMBER}|\b[A-Z]{0,3}[0-9]{5,}-[A-Z])\W*$`,
  'i',
);
/** A row's text without the registration printed after the name. */
const ownText = (text: string): string => text.replace(TRAILING_REGISTRATION, '').trim();
/** A reader's line that is `name` followed by its registration ("PHARMACIECENTRALESAS(C0N00603311318"
 * for "PHARMACIE CENTRALE SAS"), spaces aside: the print after the name on its line is that. */
export const nameThenRegistration = (line: string, name: string): boolean => {
  const own = ownText(line);
  return own !== line.trim() && own.replace(/\s+/g, '').toUpperCase() === name.replace(/\s+/g, '').toUpperCase();
};
/** A registration line, not a name followed by its registration ("KEDAI ABC (REG NO 12345-X)"). */
const registrationRow = (row: Row): boolean => REGISTRATION.test(row.text) && (REGISTRATION.test(ownText(row.text)) || letters(ownText(row.text)) < 3);

const letters = (s: string): number => (s.match(/\p{L}/gu) ?? []).length;

const LEGAL_FORMS = new RegExp(LEGAL_FORM.source, 'gi');
/** Where a company is registered, in brackets: Malaysia's "(M)", part of "AEON CO. (M) BHD". */
const REGISTERED_PLACE = /\(\s*\p{L}{1,2}\s*\)/gu;
/** A legal form and where it is registered ("CO. (M) SDN BHD") name no one by themselves. */
const withoutLegalForm = (text: string): string => text.replace(LEGAL_FORMS, ' ').replace(REGISTERED_PLACE, ' ');

/** A line that is nothing but a legal form and where it is registered finishes the name above it
 * ("POPULAR BOOK" / "CO. (M) SDN BHD"); "MR. D.I.Y. SDN BHD" is a name. A form's O read as a zero
 * ("& C0. KG") is the form's, as on the name's own line. */
const legalFormOnly = (row: Row): boolean => {
  const text = lettersNotZeros(row.text);
  return LEGAL_FORM.test(text) && !/\p{L}/u.test(withoutLegalForm(ownText(text)));
};
/** A name holds a word of three letters or more; a logo read as text seldom does ("he Co RR re",
 * "3 1§orolr"), and a legal form found in such a garble ("Co") names nothing. */
const WORD = /^\p{L}{3,}[.,&]?$/u;
/** A line that says only when the shop is open ("24h", "OPEN 24 HOURS", "24/7", "BUKA 24 JAM",
 * "OUVERT 24H/24 7J/7"), in any of the receipts' languages: a tag over or under a name, never a part of it. */
const OPENING_HOURS =
  /^\W*(?:(?:OPEN|BUKA|OUVERT|ABIERTO|GE(?:Ö|OE)FFNET)\s+)?24\s*(?:(?:H|HRS?|HOURS?|JAM|STUNDEN|HEURES|HORAS)(?:\s*\/\s*24)?|\/\s*7)(?:\s+7\s*(?:J|D|DAYS|JOURS|D[IÍ]AS|TAGE|HARI)?\s*\/\s*7)?(?:\s+(?:OPEN|GE(?:Ö|OE)FFNET|DAILY))?\W*$/iu;
/** A line that opens with a lone "@", or one before a single letter, is a logo read as text ("@
 * cer", "@D", seed 25320); a name may hold one ("CAFE @ KLCC"). */
const MARK_FIRST = /^\s*@(?![\p{L}\p{N}]{2})/u;
const named = (row: Row): boolean =>
  !legalFormOnly(row) &&
  !framed(row.text) &&
  !OPENING_HOURS.test(row.text.trim()) &&
  !MARK_FIRST.test(row.text) &&
  // A registration run into the name's last word ("…PARCSARL(574525-X)") is no part of a word.
  ownText(row.text)
    .split(/\s+/)
    .some((w) => WORD.test(w));

/** An ornament: two or more stars or the like, which Tesseract often reads as "kk", "kok",
 * "x%k", "xxx" or "3k". */
const ORNAMENT = /^(?:[*¥%#~=+•·]+[*kKx%¥#~=+•·]*|[kx]*[*¥%#~=+•·][*kKx%¥#~=+•·]*|k{2,}|[kx]{3,}|kok|3k+)$/u;
/** A line framed by ornaments at both ends ("*** ECO ***", read "kkk ECO kok", or "~ FRESH ~"):
 * a banner, not a shop's name. One sign a side frames only as a sign: a lone "k" or "x" is as
 * likely a letter. */
function framed(text: string): boolean {
  const line = text.trim();
  const t = line.split(/\s+/);
  const glued = /^[*¥%#~=+•·]{2,}\S/u.test(line) && /\S[*¥%#~=+•·]{2,}$/u.test(line);
  // A star of three read as a letter leaves two ("*H*").
  const frame = (w: string): boolean =>
    (ORNAMENT.test(w) && (w.length >= 2 || /^[*~•·]$/u.test(w))) || (w.length <= 4 && (w.match(/[*¥%#~=+•·]/gu) ?? []).length >= 2);
  return glued || (t.length >= 3 && frame(t[0]!) && frame(t.at(-1)!));
}
/** A line no shop's name begins or goes on over: a banner framed by ornaments, the slip's title or
 * the shop's opening hours ("*** ECO ***", "TAX INVOICE", "24h"). */
export const bannerOrTitle = (text: string): boolean => framed(text) || TITLE.test(text.trim()) || OPENING_HOURS.test(text.trim());

/** A logo or a graphic read as text ("alin a i DE", "ees (7A23HD", "PER Z 1 30100T er —"): the reader
 * was unsure of its words (mean confidence under 0.45; on the tuning slips such lines read
 * 0.13–0.43), and most of its letters make no word of three letters or more. A stylised name the
 * reader was as unsure of still spells its words ("POPULAR BOOK.", 0.34), and stays a name. */
const MIN_PRINTED_CONFIDENCE = 0.45;
function logoText(row: Row): boolean {
  const words = row.cells.flatMap((c) => c.words);
  const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / Math.max(1, words.length);
  if (confidence >= MIN_PRINTED_CONFIDENCE) return false;
  const inWords = words.filter((w) => WORD.test(w.text)).reduce((sum, w) => sum + letters(w.text), 0);
  return inWords < 0.6 * letters(row.text);
}
/** A line that names a registered company by its legal form. A form of two letters ("AS", "KG",
 * "SA") counts only after two words or more, or written with its dots ("Miguel S.A."): bare after
 * one word it is as likely an item's misread size or unit ("Notizblock A5" read "Notizblock AS",
 * "MANZANAS KG"). */
function registeredName(text: string): boolean {
  return [...text.matchAll(LEGAL_FORMS)].some(
    (m) =>
      m[0].replace(/[\s.]/g, '').length > 2 ||
      /\p{L}\.\s?\p{L}/u.test(m[0]) ||
      text
        .slice(0, m.index)
        .trim()
        .split(/\s+/)
        .filter((w) => /\p{L}{2}/u.test(w)).length >= 2,
  );
}

/** A graphic logo's letters read as text ("KBIY", "GLE", "EBA 4": a shop's initials or its first
 * word, set large and slanted in a disc) over a line that names a registered company, by a legal
 * form or a registration: short marks, no word of five letters or more, are no shop's whole name
 * where its company is named under them, however large they stand. */
function markOverCompany(row: Row, below: Row[]): boolean {
  if (row.text.split(/\s+/).some((w) => /\p{L}{5,}/u.test(w))) return false;
  return below.some((r) => named(r) && !registrationRow(r) && (registeredName(ownText(r.text)) || ownText(r.text) !== r.text.trim()));
}

/** The line under a logo or a brand's word that it stands for, which is the shop's name: one whose
 * initials it spells, or one that begins with its words ("BAR" over "BAR LOS AMIGOS", "KEDAI" over
 * "KEDAI BUKU MAJU JAYA"; where the SROIE labels name a brand over a fuller line, they take the
 * fuller line: "TEALIVE" over "CT281 - TEALIVE SHELL KEPONG"). */
function spelledOut(mark: Row, below: Row[]): Row | undefined {
  const next = below.find(named);
  if (!next) return undefined;
  const after = below[below.indexOf(next) + 1];
  if (initialsOf(mark, next) || beginsWith(next, mark) || misreadFirstWord(mark, next) || nameUnderLogoWord(mark, next, after)) return next;
  if (!after) return undefined;
  // An emblem's word over a brand's line over the name it begins ("GREENFIELD" over "SUPER SAVE"
  // over "GREENFIELD PHARMACY", seed 25205): the shop's own word names the line it opens. So does
  // an emblem's word misread by up to two glyphs over a brand's line that is the name's first word
  // ("PrRUTAS" over "FRUTAS" over "FRUTAS HERMANOS RUIZ S.L.U.", seed 26263): the two lines under it
  // say which word it is; and one misread as misreadFirstWord allows over a banner's line over the
  // name ("sURRISE" over "SUPER SAVE" over "SUNRISE MINI MARKET TRADING", seed 26434).
  const opens =
    beginsWith(after, mark) ||
    firstWordMisread(mark, after) ||
    (beginsWith(after, next) && misreadWordOf(mark, canonicalName(rowText(next)).replace(/ /g, ''), 2));
  return opens && named(after) && !isStreetLine(rowText(after)) ? after : undefined;
}

/** A logo's word of five letters or more that is `word` with one to `most` glyphs wrong; a sign
 * read beside it from an emblem's burst ("BACKER =", seed 26243) is no letter of it. */
function misreadWordOf(mark: Row, word: string, most: number): boolean {
  const read = canonicalName(rowText(mark)).replace(/[^\p{L}\p{N}]/gu, '');
  const apart = lettersApart(read, word);
  return /^\p{L}{5,}$/u.test(read) && apart >= 1 && apart <= most;
}

/** A logo's word read with one glyph wrong ("BACKRREI", "BACKER e", "BACKER =" for an emblem's
 * "BÄCKEREI") over a registered company's line that opens with that word: the line is the name
 * the word stands for, as it is read right (beginsWith). */
function misreadFirstWord(mark: Row, next: Row): boolean {
  return registeredName(rowText(next)) && firstWordMisread(mark, next);
}

/** A logo's word that is the line's first word of five letters or more with a glyph wrong, two in a
 * word of seven or more ("FEENKPST" for FEINKOST: as unlikely another word by chance). */
function firstWordMisread(mark: Row, line: Row): boolean {
  const first = canonicalName(rowText(line)).split(' ')[0] ?? '';
  return first.length >= 5 && misreadWordOf(mark, first, first.length >= 7 ? 2 : 1);
}

/** A logo's word, one word in small letters alone ("bio", "eco"), over a line of words that is
 * no address, number, slogan or branch: that line is the shop's name, printed as a name is. Not
 * over a company's name (a legal form, or a registration under it: "tealive" over "Ottogo
 * Enterprise" over "002570632-X"), where the word may be the brand, and which is the merchant a
 * person says. */
function nameUnderLogoWord(mark: Row, next: Row, after: Row | undefined): boolean {
  const text = rowText(next);
  if (!/^\p{Ll}{2,}$/u.test(rowText(mark).trim()) || registeredName(text) || (after && REGISTRATION.test(after.text))) return false;
  return !ADDRESS_OR_NUMBER.test(text) && !/\d/.test(text) && !sloganLine(text) && !branchLine(text);
}

const beginsWith = (line: Row, mark: Row): boolean => nameBeginsWith(rowText(line), rowText(mark));

/** A brand's or a logo's word or two that a name opens with ("BAR" over "BAR LOS AMIGOS"): it
 * stands for the name, no line of it. */
export function nameBeginsWith(name: string, mark: string): boolean {
  const own = canonicalName(mark).split(' ');
  const words = canonicalName(name).split(' ');
  return own.length <= 2 && words.length > own.length && own.every((w, i) => /\p{L}{2}/u.test(w) && words[i] === w);
}

/** A logo of the shop's initials over its name ("PLE" over "PANADERÍA LA ESPIGA"): the mark spells
 * the first letters of the next line's words (or of its first three or more) up to where its name ends (an outlet after it:
 * "FHR" over "Frutas Hermanos Ruiz Tienda 0452 Valencia"), and the name is that line. One letter of
 * three or more may be a glyph the readers confuse ("EHR" for "FHR"): both read the logo alike. */
function initialsOf(mark: Row, next: Row | undefined): boolean {
  const initials = canonicalName(mark.text).replace(/ /g, '');
  if (!next || !/^\p{L}{2,4}$/u.test(initials)) return false;
  const line = rowText(next);
  const outlet = line.match(OUTLET);
  const words = canonicalName(outlet ? line.slice(0, outlet.index) : line)
    .split(' ')
    .filter((w) => /^\p{L}/u.test(w));
  // A logo may spell only the first three words' initials of a longer name ("RNK" over "RESTORAN
  // NASI KANDAR PELITA", seed 25940), each of them then read right.
  if (words.length > initials.length && initials.length >= 3) return words.slice(0, initials.length).every((w, i) => w[0] === initials[i]);
  if (words.length !== initials.length) return false;
  const unlike = words.flatMap((w, i) => (w[0] === initials[i] ? [] : [[w[0]!, initials[i]!] as const]));
  return unlike.length === 0 || (initials.length >= 3 && unlike.length === 1 && confusable(...unlike[0]!));
}

/** Capitals a reader takes for each other in a stylised mark. */
const CONFUSABLE = ['EF', 'PR', 'OD', 'OQ', 'CG', 'IL', 'IJ', 'IT', 'BE', 'UV', 'MN', 'HN', 'KX'];
const confusable = (a: string, b: string): boolean => CONFUSABLE.some((pair) => pair.includes(a) && pair.includes(b) && a !== b);

/** A line ending in "&" or "and" goes on over the next ("HOME MASTER HARDWARE &" / "ELECTRICAL"), as
 * does one ending in an article or a preposition, which no name ends in ("CAFÉ DE" / "LA GARE",
 * "BUCHHANDLUNG AM" / "MARKT"). */
const JOINED_ON =
  /(?:&|\b(?:AND|DAN|ET|UND|Y|E|OF|THE|AT|DE|DU|DES|D'|LA|LE|LES|AU|AUX|DEL|EL|LOS|LAS|VON|VOM|AM|IM|ZUM|ZUR|DER|DIE|DAS|DI|DELLA|DO|DA|DOS|DAS))\s*$/i;
const rowText = (r: Row): string =>
  r.cells
    .map((c) => c.text)
    .join(' ')
    .trim();

function stops(text: string): boolean {
  return endsHeader(text) || findAmounts(text).some((a) => a.currency);
}

/** A line no address holds, where the address taken under a shop's name stops or which it passes
 * over: its phone, a tax number's label, a title, a date, a rule, a registration, a price. A line a
 * third reading settled is asked again: the extractor only saw the first reader's reading of it. */
export const notAddressLine = (text: string): boolean => stops(text) || REGISTRATION.test(text) || holdsPrice(text);

/** A line that plainly comes after a shop's name and address: its phone or e-mail, a title, a
 * date or a time of day ("TIME 09:31", its date's line lost), a labelled number or a total, a tax
 * registration (a tax's name in any receipt language), a rule. */
function endsHeader(text: string): boolean {
  return (
    CONTACT.test(text) ||
    phoneAlone(text) ||
    TITLE.test(text) ||
    findDates(text).length > 0 ||
    TIME_OF_DAY.test(text) ||
    STOP_LABELS.some((l) => matchLabel(l, text)?.strength === 3) ||
    ADDRESS_ENDS.some((l) => matchLabel(l, text)) ||
    /\b(?:GST|SST|VAT|TVA|IVA|MWST|UST|BTW)\b/i.test(text) ||
    /^[-=*_\s]{5,}$/.test(text) ||
    // a rule's first signs read as they are, the rest as letters ("—— ET EEL Lf"): no line of a
    // header opens with two rule signs but a banner ("*** ECO ***"), which is no name either
    /^\s*[-–—=*_~]{2,}/.test(text) ||
    ruleReadAsLetters(text) ||
    TAX_ID.test(text) ||
    itemCountLine(text)
  );
}

/** A tax number without its label or with the label misread ("C.LF. A25398008", "C.X3
 * A98408017"): a Spanish CIF or NIF (a letter and eight digits, or eight digits and a letter), or
 * a European VAT number after its country's letters. No street or town is numbered so. */
const TAX_ID = /(?<![\p{L}\p{N}])(?:[A-HJ-NP-SUVW]-?\d{7}[0-9A-J]|\d{8}-?[A-Z]|(?:DE|FR|ES|IT|NL|PT|AT|BE|LU)\s?\d{9,11})(?![\p{L}\p{N}])/u;

/** The slip's count of articles opening a line with its number ("Anzahl Artikel: 1", "NB
 * ARTICLES: 8"), which a reader may set right under the address where the rule between was lost. */
const itemCountLine = (text: string): boolean => matchLabel('item_count', text)?.start === 0 && /\d/.test(text);

/** A phone number printed alone on its line, without its label or with what a reader kept of it
 * ("+603-9130 2672", "03-60571377", "L: 02-7532 4065" for TEL): nine to thirteen digits in a
 * phone's groups, and nothing else. A postcode's line holds its town, and a registration number
 * is printed whole. */
function phoneAlone(text: string): boolean {
  const t = text.trim().replace(/^\p{L}{1,3}\s*:\s*/u, '');
  const digits = t.replace(/\D/g, '').length;
  return /^\+?[\d\s().\/-]+$/.test(t) && /[\s().\/+-]/.test(t) && digits >= 9 && digits <= 13;
}

/** A rule of stars or dashes a reader turned into short letter groups ("ok K KKK oR ok ok ok ok"),
 * into groups of one letter over and over ("EE EE", "RRR RRR"), into a long run of the letters a
 * star's strokes make ("sokiokkokokdookskokkoookk", "Fefoktoktoksiokoks…", as Tesseract reads
 * close-set stars; "stokskokoretokskokoRKREoRoR…", an R, E or F too; such a run split into
 * words; eight words or more of five letters at most, "FARA AFAR AAA RAAF AAA"; a rule with a speck
 * beside it read as a glyph, "I ————"), into stars among the CJK
 * signs shaped like one ("****水***米**", as PaddleOCR does), or into rule signs with a few
 * letters among them ("cz=z=== ="): no word of a street or a town. */
function ruleReadAsLetters(text: string): boolean {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length >= 2 && tokens.every((t) => /^(\p{L})\1+$/u.test(t))) return true;
  if (tokens.some((t) => t.length >= 10 && (t.match(/[ko]/gi) ?? []).length >= 0.8 * t.length)) return true;
  if (tokens.some((t) => t.length >= 20 && (t.match(/[koistcref]/gi) ?? []).length >= 0.85 * t.length)) return true;
  const signs = tokens.join('');
  // the same run split into words, a third of its letters k ("HRkkiokkkiokkIk Rokk IRR Fok RRA"): no street's words
  if (signs.length >= 20 && (signs.match(/[koistcref]/gi) ?? []).length >= 0.85 * signs.length && (signs.match(/k/gi) ?? []).length >= 0.3 * signs.length)
    return true;
  if (signs.length >= 8 && (signs.match(/[*＊※水米]/gu) ?? []).length >= 0.8 * signs.length) return true;
  if (signs.length >= 6 && (signs.match(/[-=*_~]/g) ?? []).length >= 0.6 * signs.length) return true;
  // a rule with a speck beside it read as a glyph ("I ————")
  if (/^\S?\s*[-–—=*_~]{3,}\s*\S?$/u.test(text.trim())) return true;
  if (tokens.length >= 6 && tokens.filter((t) => t.length <= 3 && !/\d/.test(t)).length >= 0.8 * tokens.length) return true;
  // eight words or more of twenty letters or more drawn from five letters at most ("FARA AFAR AAA RAAF AAA …"): no words of a language
  const letters = signs.toUpperCase().replace(/[^\p{L}]/gu, '');
  if (tokens.length >= 8 && letters.length >= 20 && new Set(letters).size <= 5) return true;
  return starsAsShortGroups(tokens);
}

/** Tesseract reads a long rule of stars as short groups, some with a digit for a star ("sk 3 4 ok
 * ok sk 3K 3K ok ok ok …"): a street's short words and numbers ("NO 3 JLN 2 TMN 5") do not come
 * back as one group over and over. */
function starsAsShortGroups(tokens: string[]): boolean {
  if (tokens.length < 8 || tokens.some((t) => t.length > 3)) return false;
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t.toLowerCase(), (counts.get(t.toLowerCase()) ?? 0) + 1);
  return Math.max(...counts.values()) >= 0.4 * tokens.length;
}

/** A rule of stars that PaddleOCR ran into the line over it ("69002 LYON ******水****"): five
 * signs or more at the line's end, stars among the CJK signs shaped like one. */
const TRAILING_STARS = /\s+(?=[*＊※水米\s]*[*＊])[*＊※水米\s]{5,}$/u;

/** An item's price ("Yaourt nature x4 9,89"): no line of an address holds an amount without a
 * currency mark (such an amount has its cents: a whole number is one only beside its mark). The
 * address stops there, and is doubted: the line is no plain end of it. */
const holdsPrice = (text: string): boolean => findAmounts(text).some((a) => !a.currency);
/** An item's row: words, then a price with its cents at the line's end ("JAMON 100G 2,07"). An
 * address's plot ("Lot 1.23, Jalan") has words after its number, opening hours no words before. */
const itemRow = (text: string): boolean => /\p{L}{2,}/u.test(text) && ITEM_PRICE_AT_END.test(text.trim());
/** A price as an item's line prints it, with its cents ("9,89", "5 x 19.80 99.00"). */
const CENTS_PRICE = String.raw`\d{1,6}[.,]\d{2}`;
const PRICE_WITH_CENTS = new RegExp(String.raw`(?<![\d.,])${CENTS_PRICE}(?![\d.,])`);
const ITEM_PRICE_AT_END = new RegExp(String.raw`\p{L}[^\d]*\s[-–]?${CENTS_PRICE}$`, 'u');
const LONE_PRICE = new RegExp(String.raw`^[-–]?${CENTS_PRICE}$`);
/** A quantity line with nothing else on it, its quantity times its unit price making its amount
 * ("2x1,82  3,64"): an item's, whose name stands on the line over it. */
const QUANTITY_ROW = new RegExp(String.raw`^\s*(\d{1,3})\s*[xX×*]\s*(${CENTS_PRICE})\s+(${CENTS_PRICE})\s*$`);
function quantityRow(text: string): boolean {
  const m = text.match(QUANTITY_ROW);
  const [unit, amount] = m ? [findAmounts(m[2]!)[0]?.value, findAmounts(m[3]!)[0]?.value] : [];
  return unit !== undefined && amount !== undefined && quantityMakes(Number(m![1]), unit, amount);
}

/** Labels that end an address whatever their strength: a tax number ("UID:", "C.I.F."), the
 * company's registry, the slip's own number ("TICKET 448492", "Bon-Nr."). */
const ADDRESS_ENDS: LabelName[] = ['vendor_tax_id', 'registry', 'invoice_number'];

/** A year as a slogan prints it ("Desde 1964", "Qualität seit 1952"). */
const YEAR = /^(?:1[89]|20)\d\d$/;

/** A line holding no number, that names the shop's branch ("SUCCURSALE BORDEAUX CENTRE"), or
 * only a place in brackets, as an outlet is named after the shop ("(PUCHONG)", seed 26085): an
 * address sets no line in brackets. */
const branchLine = (text: string): boolean => !/\d/.test(text) && (matchLabel('branch', text) !== null || /^\s*[([]\s*\p{L}[\p{L}\s.'-]*[)\]]\s*$/u.test(text));

/** A line whose numbers, if any, are years ("Desde 1964"): no street's line. */
const onlyYears = (text: string): boolean => (text.match(/\d+/g) ?? []).every((n) => YEAR.test(n));

/** A line holding no number but a year, in a slogan's words or set as a sentence ("Calidad y
 * confianza", "Frisch aus dem Ofen": small words a name or a street capitalises). */
const sloganLine = (text: string): boolean => onlyYears(text) && (sloganSpoken(text) || sentence(text));
/** The words before a house's, a lot's, a unit's or a block's number. */
const PLOT_WORDS = 'NO|LOT|UNIT|BLOK|BLOCK';
/** A postcode: four to six digits standing alone ("53200", "04109", "1000-001"), or a British one ("SW1A 1AA"). */
const POSTCODE = /\b\d{4,6}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/;
/** A house's, a lot's or a unit's number after its word ("LOT 1851", "NO. 2811"): four digits of
 * it are no postcode. */
const PLOT_NUMBER = new RegExp(String.raw`\b(?:${PLOT_WORDS}|P\.?T)\b\.?\s*:?\s*\d+`, 'gi');
/** A line that holds a postcode, a plot's number aside. */
const holdsPostcode = (line: string): boolean => POSTCODE.test(line.replace(PLOT_NUMBER, ' '));

/** The line of an address that holds its postcode and its town, which most addresses end with
 * ("50667 KÖLN", "TAMAN BERKELEY 41150 KLANG", "Springfield 4410"); a house or lot number has a
 * comma or a street's word after it ("LOT 1851, JALAN KPB 6"). */
const POSTCODE_LINE = /(?<![\p{L}\p{N}])\d{4,6}\s+\p{L}{3,}|\p{L}{3,}\s+\d{4,6}\s*$/u;

/** A line opened by a postcode of five or six digits and its town ("33000 BORDEAUX"), which opens
 * no shop's name: its type read taller than the name's over it (a shadow's edge in its box, seed
 * 26281) made it the header's largest line. Four digits may open a name ("1901 HOT DOGS"). */
const TOWN_LINE = /^\W*\d{5,6}\s+\p{L}{3,}/u;

/** A line that names a place after a dash, as a branch's line does ("Markt 112 - Leipzig
 * Zentrum", "STORE 12 - KLCC"), where a street's line ends at its number or a town's line is the
 * town's alone: over other lines, it may be the branch's rather than the street's. */
const PLACE_AFTER_DASH = /\s[-–—]\s+\p{L}[^\d]*$/u;

/** Legal forms that are no word of anything else, by which a registered name surely ends: "BHD"
 * is Berhad, "LTD" limited. "SA", "KG" or "AG" may be a name's own word or an address's ("KG
 * BARU": a village), and a form may go on as another ("GMBH & CO. KG"). */
const SURE_FORMS = String.raw`SDN\.?\s*BHD|BHD|PTE\.?\s*LTD|LTD|LIMITED|GMBH|SARL|SASU|EURL|LLC|LLP|INC|PLC`;

/** A legal form no address holds ("LIBRAIRIE MARTIN SARL (7037288-X)" taken into the address
 * under a logo chosen for the name): a sure form (SURE_FORMS), with its stop, as a word of the line. */
const COMPANY_FORM = new RegExp(String.raw`(?<![\p{L}])(?:${SURE_FORMS})\.?(?![\p{L}])`, 'iu');
/** Labels of a slip's totals, which a header's lines never carry ("ROUNDING ADJUSTMENT" read
 * into the address where the items went unread). */
const TOTALS_LABELS: LabelName[] = ['total', 'subtotal', 'rounding', 'amount_due'];

/** A street's line opened by its house number ("NO. 3, LORONG HARMONI 2", "LOT 12", "23, RUE X"). */
const HOUSE_NUMBER = new RegExp(String.raw`^(?:${PLOT_WORDS})\b\.?\s*:?\s*\d|^\d+[A-Z]?\s*,`, 'iu');

/** A street's word in the receipts' languages. */
const STREET_WORD = `(?:${STREET_WORDS.join('|')})`;
/** A street's line: a house number and, within three words, a street's word ("88 ORCHARD ROAD
 * #01-12", "12 RUE DE LA RÉPUBLIQUE", "NO. 3, LORONG HARMONI 2"), or a German street's compound
 * and its number ("Bahnhofstr. 4a", "Marktplatz 9"), or a Spanish street's word, its name and
 * number ("Avda. del Puerto 118", "C/ Mayor, 23"). No shop is named so. */
const STREET_LINE = new RegExp(
  String.raw`^(?:(?:NO|LOT|UNIT)\b\.?\s*:?\s*)?\d+[A-Z]?\s*,?\s+(?:[\p{L}'-]+\s+){0,3}${STREET_WORD}\b|^\p{L}+(?:STRASSE|STRAẞE|STRAßE|STR\.|WEG|PLATZ|GASSE|ALLEE)\s*\d+[A-Z]?\b|^(?:(?:CALLE|AVDA\.?|AVENIDA|PLAZA|PASEO)\s+|C\/\s*)\p{L}.*\s\d+\b`,
  'iu',
);

/** A line opened by a street's word or its abbreviation, which opens no shop's name: a street's line
 * whose number went unread ("AVDA. DEL PUERTO" for "Avda. del Puerto 118" in a shadow, seed 25851). */
const STREET_OPENING = /^\W*(?:AVDA\.|C\/|JLN\b|LRG\b|JALAN|LORONG|PERSIARAN|CALLE|AVENIDA)\s*\p{L}/iu;

/** Words set apart by a comma in small letters, with no number and no street's word ("Harga
 * Murah, Kualiti Terjamin"), over the line opened by the house's number in capitals, where the
 * address begins: a slogan, set in another case than the address. A building's name over its
 * street ("GROUND FLOOR, MENARA UTAMA" over "NO 8, JALAN 7") is set as the street is. */
const sloganOverStreet = (line: string, next: string): boolean =>
  /\p{L},\s*\p{L}/u.test(line) &&
  /\p{Ll}/u.test(line) &&
  !/\p{Ll}/u.test(next) &&
  !/\d/.test(line) &&
  !STREET_WORD_ANYWHERE.test(line) &&
  opensWithHouseNumber(next);
const STREET_WORD_ANYWHERE = new RegExp(String.raw`\b${STREET_WORD}\b`, 'iu');

/** A line opened by its house number; a postcode before a comma ("53200, KUALA LUMPUR") is none. */
const opensWithHouseNumber = (line: string): boolean => HOUSE_NUMBER.test(line) && !/^\d{4,6}\s*,/.test(line);

/** A street's line, opened by its house number or set as the street's name and number. */
const isStreetLine = (line: string): boolean => opensWithHouseNumber(line) || STREET_LINE.test(line);

/** Why the lines taken for the address may not be it, or not all of it: such an address is not
 * published (the document is not held back for it). Its first line opens with "&" (the name's
 * legal form going on: "& CO. KG"), or holds no number but a year,
 * where a street's line holds its number, or is the postcode's line (the street over it unread),
 * or stands over a line opened by the house number ("SEKSYEN 7" over "NO. 3, LORONG HARMONI 2"),
 * or names a branch ("Frisch aus dem Ofen", "TIENDA 0452
 * VALENCIA CENTRO", "Markt 112 - Leipzig Zentrum" over the street); none of its lines holds a postcode (the name's own lines, when a logo above was taken
 * for the name: "CT281 - Tealive Shell Kepong", "Ottogo Enterprise"); or the address stopped at a
 * line that does not plainly end it ("£3200, KUALA LUMPUR." read as an amount, where the postcode
 * was; or the line after its most lines; an item with its price ends it plainly only right under
 * the postcode's line); or a line after its postcode's line holds a number
 * (a till's "BON 26247" under "50667 KÖLN", where the rule between them went unread). */
function addressDoubt(parts: string[], after: Row | undefined, afterRightUnder: boolean): string | null {
  if (parts.length === 0) return null;
  const lines = linesDoubt(parts);
  if (lines) return lines;
  // An item with its price right under the postcode's line, which ends most addresses: the header
  // ended there unlabelled, as on a slip that prints no phone.
  const itemAfterPostcode = after !== undefined && afterRightUnder && PRICE_WITH_CENTS.test(after.text) && POSTCODE_LINE.test(parts.at(-1)!);
  if (after && !endsHeader(after.text) && !itemAfterPostcode)
    return `The address may go on over the next line, "${after.text}"; a person must say where it ends.`;
  return postcodeDoubt(parts);
}

/** What addressDoubt says of an address's lines themselves, without the line it stopped at: the
 * doubts a disputed address settled line by line (address_lines) is held to as well. */
export const addressLinesDoubt = (parts: string[]): string | null => linesDoubt(parts) ?? postcodeDoubt(parts);

/** A line whose label says it is no address's: a company's legal form, a totals label or a
 * branch's word. Asked of a second reader's spelling of a settled address's lines: its garbles
 * raise no doubt here, only the words it read. */
export const labelledNotAddress = (line: string): boolean =>
  COMPANY_FORM.test(line) || TOTALS_LABELS.some((l) => matchLabel(l, line)) || matchLabel('branch', line) !== null;

const postcodeDoubt = (parts: string[]): string | null =>
  parts.length && !parts.some(holdsPostcode)
    ? `The lines taken for the address hold no postcode; they may be the shop's name or branch rather than its address.`
    : null;

function linesDoubt(parts: string[]): string | null {
  const first = parts[0];
  if (!first) return null;
  const company = parts.find((p) => COMPANY_FORM.test(p));
  if (company) return `The line "${company}" holds a company's legal form: it is a name's line, not an address's; a person must say where the address begins.`;
  const totals = parts.find((p) => TOTALS_LABELS.some((l) => matchLabel(l, p)));
  if (totals) return `The line "${totals}" reads as a line of the slip's totals, no part of an address; a person must say where the address ends.`;
  if (/^\s*[&+]/.test(first)) return `The line "${first}" opens with "&", going on from the name above it; a person must say where the address begins.`;
  if (onlyYears(first))
    return `The line "${first}" under the shop's name holds ${/\d/.test(first) ? 'no number but a year' : 'no number'}, where a street's line holds its number; it may be a slogan rather than the address.`;
  if (/^\d{4,6}\s+\p{L}|^\p{L}[\p{L}\s.'-]*\s\d{4,6}$/u.test(first.trim()))
    return `The address begins at its postcode's line, "${first}", where a street's line stands over it; the street may be unread.`;
  if (parts[1] && HOUSE_NUMBER.test(parts[1]) && !HOUSE_NUMBER.test(first))
    return `The line "${first}" stands over "${parts[1]}", which opens an address with its house number; it may name the branch or the building rather than be part of the address.`;
  // A street's line further down ("Hauptstraße 112", "C/ Mayor, 23") under a first line that is
  // none: that line is a branch's or a building's whose words were misread ("RANCH NO. 12
  // CHERAS", "TIENDA0452 VALENCIA CENTRO"), as a street's line opens the address.
  const street = isStreetLine(first) ? -1 : parts.findIndex((p, i) => i > 0 && isStreetLine(p));
  if (street > 0)
    return `The line "${first}" stands over the street's line "${parts[street]}"; it may name the branch or the building rather than be part of the address.`;
  const branch = parts.find((p) => matchLabel('branch', p)) ?? (parts.length > 1 && PLACE_AFTER_DASH.test(first) ? first : undefined);
  if (branch) return `The line "${branch}" names the shop's branch; a person must say where the address begins.`;
  const sharpS = parts.find((p) => SHARP_S_AS_B.test(p));
  if (sharpS)
    return `The line "${sharpS}" holds a capital B among small letters, where German print has ß; both readers may have read ß as B, so a person must say how the address is spelt.`;
  const misread = parts.map(misreadAddressWord).find((m) => m !== null);
  if (misread)
    return `The address reads "${misread.read}", one glyph from the address's word "${misread.spelt}"; both readers may have misread it alike, so a person must say how the address is spelt.`;
  const postcodeLine = parts.findIndex((p) => POSTCODE_LINE.test(p));
  const numberAfter = postcodeLine >= 0 ? parts.slice(postcodeLine + 1).find((p) => /\d/.test(p)) : undefined;
  if (numberAfter)
    return `The line "${numberAfter}" comes after the postcode's line and holds a number, as the slip's own number, a phone or an outlet's code does; a person must say whether it is part of the address.`;
  return null;
}

export function findMerchant(rows: Row[]): MerchantReading | null {
  const page = rows[0]?.page;
  const firstRows = rows.filter((r) => r.page === page).slice(0, HEADER_ROWS);
  // The shop's phone or e-mail closes its header: a line under it is an item's or the till's
  // ("MANZANAS KG" under "TEL: …" on a short header), never the name.
  const contact = firstRows.findIndex((r) => CONTACT.test(r.text));
  // So do the goods: where a reader lost the header's lines to glare, the first rows it read are
  // an item's ("MANZANAS KG 13,35"), which both readers spell alike. An item's price set lower
  // than its words is a row of its own, under the words' row.
  const priced = firstRows.findIndex((r) => itemRow(r.text) || LONE_PRICE.test(r.text.trim()));
  const item = priced >= 0 && LONE_PRICE.test(firstRows[priced]!.text.trim()) ? priced - 1 : priced;
  // And the slip's date: its name and address stand over it. Where the page read lost the header
  // to a shadow, the first words under the date are an item's ("APFEL LOSE", seed 25556), which
  // both readers spell alike.
  const dated = firstRows.findIndex((r) => findDates(r.text).length > 0);
  const ends = [contact, item, dated].filter((i) => i >= 0);
  const head = ends.length ? firstRows.slice(0, Math.min(...ends)) : firstRows;
  // Type size is told against the header's text lines; a stray mark (".") is no measure. A
  // line's descenders are no type size: "Miguel SL" stands no larger than "Farmacia San" over it.
  const typical = Math.min(...head.filter(named).map(typeHeight));
  let best: { row: Row; score: number } | null = null;
  // A logo or a brand's word is no name where it stands for the line under it, which is.
  const standsFor = head.map((row, i) => spelledOut(row, head.slice(i + 1)));
  const spelled = new Set(standsFor);
  const candidate = (row: Row, i: number): boolean =>
    named(row) &&
    !logoText(row) &&
    !stops(row.text) &&
    !registrationRow(row) &&
    !TOWN_LINE.test(row.text) &&
    !standsFor[i] &&
    !markOverCompany(row, head.slice(i + 1));
  head.forEach((row, i) => {
    if (!candidate(row, i)) return;
    // A street's line (its house number and street's word) under a line that may be the name is
    // none, however tall a shadow made its type read ("NO. 3, LORONG HARMONI 2" under "RESTORAN
    // NASI KANDAR PELITA CAWANGAN AMPANG", seed 26577); on top, the name's own line went unread.
    if (isStreetLine(rowText(row)) && head.slice(0, i).some(candidate)) return;
    // A registered company name is what accounts want, more than a logo or a brand line above it.
    const score = (registeredName(row.text) || spelled.has(row) ? 3 : 0) + typeHeight(row) / typical - i * 0.3;
    if (!best || score > best.score) best = { row, score };
  });
  if (!best) return null;
  const pageRows = rows.filter((x) => x.page === page);
  const nameRows: Row[] = [(best as { row: Row }).row];
  const after = (r: Row): Row | undefined => pageRows.find((x) => x.index > r.index);
  // A name printed over more than one line is taken whole, from a first line that the line with
  // the legal form goes on from ("BUCHHANDLUNG AM" / "MARKT GMBH").
  // So is the line over a company's name cut to one word before its legal form ("KEDAI BUKU
  // MAJU" / "JAYA SDN BHD"), printed alike.
  for (let prev = pageRows.findLast((x) => x.index < nameRows[0]!.index); prev && nameRows.length < 3; ) {
    const wrapped = nameRows.length === 1 && oneWordBeforeForm(nameRows[0]!) && printedAlike(prev, nameRows[0]!);
    // A logo's word that stands for the name is no line of it, whatever it ends in ("BACKER e").
    const standing = spelledOut(prev, [nameRows[0]!]) !== undefined;
    if (!(JOINED_ON.test(prev.text) || wrapped) || standing || !named(prev) || logoText(prev) || /\d/.test(prev.text) || stops(prev.text)) break;
    nameRows.unshift(prev);
    const first = prev;
    prev = pageRows.findLast((x) => x.index < first.index);
  }
  for (let next = after(nameRows.at(-1)!); next && nameRows.length < 3; next = after(next)) {
    if (stops(next.text) || REGISTRATION.test(next.text)) break;
    const continued = JOINED_ON.test(nameRows.at(-1)!.text) && named(next) && !/\d/.test(next.text);
    if (!legalFormOnly(next) && !continued) break;
    nameRows.push(next);
  }
  // A street's line taken for the name: the name's own line went unread (a reader ran it into a
  // logo over it). The line opens the address, and the name is left to a person.
  const top = rowText(nameRows[0]!);
  const streetNamed = nameRows.length === 1 && (STREET_LINE.test(top.trim()) || STREET_OPENING.test(top));
  const second = nameRows.length === 1 && !streetNamed ? setAsName(nameRows[0]!, pageRows) : undefined;
  if (second) nameRows.push(second);
  const last = nameRows.at(-1)!;
  const rest = pageRows.filter((x) => x.index > last.index || (streetNamed && x === last));
  const parts: string[] = [];
  const boxes: Box[] = [];
  let addressEnd: Row | undefined;
  const partRows: Row[] = [];
  for (const [i, r] of rest.slice(0, 8).entries()) {
    // Registration lines and a repeat of the company's name sit among the address lines.
    if (REGISTRATION.test(r.text) || (parts.length === 0 && LEGAL_FORM.test(r.text) && !/\d/.test(r.text))) continue;
    if (stops(r.text) || letters(r.text) < 2 || holdsPrice(r.text)) {
      addressEnd = r;
      break;
    }
    // The ß a reader read as B written as ß, as the second reader's crop of the line is (receipt.ts).
    parts.push(
      sharpSWritten(
        rowText(r)
          .replace(TRAILING_STARS, '')
          .replace(/[,\s]+$/, ''),
      ),
    );
    boxes.push(r.box);
    partRows.push(r);
    if (parts.length >= MAX_ADDRESS_LINES) {
      addressEnd = rest[i + 1];
      break;
    }
  }
  // An item's name on a line of its own over its quantity line ("Barra de pan" over "2x1,82  3,64",
  // seed 25938): no line of the address, though no phone or date ended the header over it. The
  // address ends at the item, as at an item priced on its own row.
  const itemName = partRows.at(-1);
  const itemOwnLine =
    parts.length >= 2 && itemName !== undefined && addressEnd?.index === itemName.index + 1 && quantityRow(addressEnd.text) && !/\d/.test(itemName.text);
  if (itemOwnLine) {
    parts.pop();
    boxes.pop();
    partRows.pop();
  }
  // The row the address ended at stands right under its last line, or the item's name does.
  const under = partRows.at(-1)?.index ?? -2;
  const endRightUnder = addressEnd !== undefined && addressEnd.index === under + (itemOwnLine ? 2 : 1);
  // A slogan or a branch's name under the name, over the street's line, is no part of the address
  // ("Ihr Partner für Genuss", "Desde 1964", "Calidad y confianza", "CAWANGAN AMPANG"): only one
  // that speaks as a slogan does, is set as a sentence or names the branch with a branch's word,
  // since a building's or an estate's name may open an address with no number either, and words
  // set apart by a comma are an address's way too.
  if (
    parts.length > 1 &&
    (((sloganLine(parts[0]!) || branchLine(parts[0]!)) && /\d/.test(parts[1]!)) ||
      outletOverStreet(parts[0]!, parts[1]!) ||
      sloganOverStreet(parts[0]!, parts[1]!))
  ) {
    parts.shift();
    boxes.shift();
  }
  const name = nameFromLine(nameRows.map(rowText).join(' '));
  return {
    name,
    nameBoxes: nameRows.map((r) => r.box),
    doubt:
      (streetNamed ? `The line taken for the shop's name, "${name}", reads as a street's line; the name's own line may be unread.` : null) ??
      cutAtSide(name, nameRows) ??
      heldMore(name, nameRows) ??
      brandAbove(
        name,
        pageRows.filter((x) => x.index < nameRows[0]!.index),
      ) ??
      beginsAbove(
        name,
        nameRows[0]!,
        pageRows.findLast((x) => x.index < nameRows[0]!.index),
      ) ??
      openName(name, last, rest),
    address: parts.length ? parts.join(', ') : null,
    addressBoxes: boxes,
    addressLines: parts,
    addressDoubt: addressDoubt(parts, addressEnd, endRightUnder),
    page: last.page,
  };
}

/** Legal forms that end a company's name, in the receipts' languages. */
const FORM_WORDS = String.raw`SDN\.?\s*BHD|BHD|S\/B|LTD|LTDA|LDA|LIMITED|GMBH|LLC|LLP|INC|PLC|PTE|SARL|SASU|EURL|SAS|SNC|S\.?A\.?[SU]|S\.?L\.?U|S\.?A|S\.?L|S\.?R\.?L|S\.?P\.?A|OHG|E\.?\s?[KV]|UG|GBR|AG|KG|B\.?V|N\.?V|V\.?O\.?F`;
/** A legal form standing as a word: what follows the last one on its line is no part of the name
 * ("BAR LOS AMIGOS SL SUCURSAL GRAN VIA"). */
const CLOSING_FORM = new RegExp(String.raw`\b(?:${FORM_WORDS})\b\.?`, 'gi');

/** A slip's title or greeting, in the receipts' languages, that a reader ran into the name's line
 * ("WELCOME TO KEDAI ABC", "KEDAI ABC TAX INVOICE"): no shop is named so. */
const TITLE_WORDS =
  /\b(?:TAX\s+INVOICE|INVOICE|INVOIS|RECEIPT|RESIT|CASH\s+(?:SALE|BILL)|WELCOME|SELAMAT\s+DATANG|RECHNUNG|KASSENBON|QUITTUNG|FACTURE|FACTURA|RECIBO|TICKET\s+DE\s+CAISSE|BIENVENUE|WILLKOMMEN|BIENVENIDOS?)\b/i;

/** A word's pattern with a space allowed between its letters, as PaddleOCR sets spaces inside the
 * words of wide-set print ("ZW EIGSTELLE", seed 26119; "GMB H & C O.KG"). */
const spacedWord = (word: string): string => (word.match(/\[[^\]]+\]|./g) ?? []).join(String.raw`\s?`);

/** A branch word in any of the receipts' languages, and a store's number after its word. The
 * long words are told even run into the next word; "CAW." only as a word of its own. Of them, the
 * words that mean "branch" and nothing else: BRANCH and OUTLET are words of shops' own names too
 * ("OLIVE BRANCH CAFE", "SPORTS OUTLET"). Their I may be read as T, 1 or l ("FILTALE", seed 26023),
 * and a space set inside them. */
const ONLY_BRANCH_WORD = `(?:${['CAWANGAN', 'FIL[IT1l]ALE', 'ZWE[IT1l]GSTELLE', 'SUCCURSALE', 'SUCURSAL'].map(spacedWord).join('|')})`;
const LONG_BRANCH_WORD = String.raw`(?:BRANCH|OUTLET|${ONLY_BRANCH_WORD})`;
const BRANCH_WORD = String.raw`(?:${LONG_BRANCH_WORD}|CAW)`;
/** A store's word, in the receipts' languages; "MARKT" names a store too, but also ends a name ("… am Markt"). */
const STORE_WORD = String.raw`(?:STORE|SHOP|MAGASIN|TIENDA|LOCAL|POINT\s+DE\s+VENTE)`;
const STORE_NUMBER = String.raw`(?:${STORE_WORD}|MARKT)\s+(?:N[°O]\.?\s*)?\d`;
/** A legal form that a reader ran into the branch word after it ("CAFEDE LA GARESASMAGASIN N° 214",
 * "RUIZSLTIENDA 0452", "MARKETSDNBHDBRANCH", "DUBOIS EURLPOINT DEVENTE"), as PaddleOCR does with words set close: no name
 * runs its legal form into a branch word, and the name ends there. A long branch word may run on
 * into the outlet's name too ("KGZWEIGSTELLEALTSTADT", "SARLPOINTDEVENTEO3INANTES"); a short one
 * must stand as a word. */
const FORM_RUN_INTO_BRANCH = new RegExp(
  String.raw`(?:${FORM_WORDS})\.?(?=(?:${BRANCH_WORD}|MAGASIN|TIENDA|POINT)(?!\p{L})|(?:${LONG_BRANCH_WORD}|MAGASIN|POINT\s*DE\s*VENTE))|SDN\.?\s*BHD\.?(?=\p{L}{3})`,
  'iu',
);
/** What a name line may go on with after the legal form that ends the name: its branch, by a
 * branch word ("… E.K. FILIALE 0427 HAMBURG", "… SDN BHD CAWANGAN KOTA BHARU", "… SL SUCURSAL
 * GRAN VIA", "… SDN. BHD. (KLCC OUTLET)"), a store's number, a dash or a place's name in brackets
 * closing the line ("… SDN BHD (PUCHONG)"), or the slip's title ("… SDN BHD TAX INVOICE"); a
 * comma a reader read after the form is no word between ("… S.L.U, TIENDA 0452"). */
const BRANCH_AFTER_FORM = new RegExp(
  String.raw`^\s*,?\s*(?:[-–—]|\(?\s*${BRANCH_WORD}\b|\([^)]*\b${BRANCH_WORD}\b|${STORE_NUMBER}|\(\s*\p{L}{3,}[\p{L}\s.'&-]*\)\s*$)|^[^\p{L}\p{N}]*${TITLE_WORDS.source}`,
  'iu',
);

/** A registered business name's ending (Malaysia's "… TRADING", "… ENTERPRISE") with a branch word
 * right after it ("PASAR MINI SERI INDAH TRADING CAWANGAN AMPANG") or in the brackets after it
 * ("GOLDEN LEAF CAFE TRADING (KLCC OUTLET)"), or a long one run into it as PaddleOCR runs words
 * set close ("HOMEMASTERHARDWARETRADINGBRANCHNO.12"): the branch word says the rest is the
 * outlet, and the ending is where the business name stops, as a legal form is. Not a legal form
 * elsewhere: "SAM SAM TRADING CO" goes on after it. */
const BUSINESS_ENDING = String.raw`(?:TRADING|ENTERPRISES?|TRADERS)`;
const BUSINESS_BEFORE_BRANCH = new RegExp(
  String.raw`(.*(?:\b${BUSINESS_ENDING}(?=\s+\(?\s*${BRANCH_WORD}\b|\s*\([^)]*\b${BRANCH_WORD}\b)|${BUSINESS_ENDING}(?=\(?${LONG_BRANCH_WORD})))`,
  'iu',
);

/** A store's number as a chain prints it after its name: a store's word and three digits or more
 * ("Tienda 0452", "Store 0231", "Magasin n° 214", "Point de vente 031"); a shop's own name may end
 * in a short number ("FLOWER SHOP 2", "KEDAI 88"). Tesseract may read the small raised ° as "*". */
const STORE_CODE = String.raw`${STORE_WORD}\s*(?:N[°ºO*]\.?\s*|#\s*)?\d{3,}\b`;

/** What opens an outlet's name: a word that means "branch" and nothing else with the outlet's name
 * after it, BRANCH or OUTLET as a label with its colon or its number, or a store's number
 * (STORE_CODE). The outlet may open with a 0 Tesseract read as "©" ("Filiale ©427 Hamburg"). */
const OUTLET_OPENING = String.raw`(?:${ONLY_BRANCH_WORD}\b\s*[:.]?\s*[\p{L}\p{N}©]|(?:BRANCH|OUTLET)\s*(?::\s*[\p{L}\p{N}]|N[O0]\.?\s*\d)|${STORE_CODE})`;

/** A line that names the outlet by a word meaning "branch" and nothing else, BRANCH or OUTLET as a
 * label ("OUTLET: SEKSYEN 7", "BRANCH NO. 12 CHERAS"), a store's code ("TIENDA 0452 VALENCIA
 * CENTRO", "FILIALE 0427 HAMBURG") or a bracketed outlet ("(KLCC OUTLET)"), over a street's line
 * opened by its house number: the outlet's name, no line of its address, whatever numbers it
 * holds. A shop's unit in a mall ("LOCAL 12 - C.C. NERVION", "SHOP 5") is a line of the address. */
const OUTLET_LINE = new RegExp(String.raw`^\s*(?:${OUTLET_OPENING}|\([^)]*\b${LONG_BRANCH_WORD}\s*\)?\s*$)`, 'iu');
const outletOverStreet = (line: string, next: string): boolean => OUTLET_LINE.test(line) && isStreetLine(next);

/** An outlet after a name with no legal form: a word that means "branch" and nothing else
 * (ONLY_BRANCH_WORD) with the outlet's name after it ("PAPELERÍA CENTRAL SUCURSAL GRAN VÍA",
 * "RESTORAN NASI KANDAR PELITA CAWANGAN AMPANG"), BRANCH or OUTLET as a label, its colon after it
 * ("PASAR MINI SERI INDAH OUTLET: SEKSYEN 7": a name's own word takes no colon) or its number
 * ("GOLDEN LEAF CAFE BRANCH NO. 12 CHERAS": nor a "No." and digits), or a store's
 * number (STORE_CODE), as OUTLET_OPENING says: the name ends before it, as it does at a legal
 * form. No legal form after it: the name would go on there. */
const NAME_BEFORE_OUTLET = new RegExp(String.raw`^(.*\p{L}{3,}.*?)\s+[-–—(]?\s*${OUTLET_OPENING}`, 'iu');
/** The same read with no spaces, as PaddleOCR runs words set close ("CAFEDELAGAREPOINTDEVENTEO3INANTES",
 * "PHARMACIECENTRALEPOINTDEVENTE O3I NANTES", "Buchhandlung amMarktZweigstelle Altstadt"): a word
 * that means "branch" or "point of sale" and nothing else, run into the name's last word. */
const NAME_RUN_INTO_OUTLET = new RegExp(String.raw`^(.*?\p{L}{3,}?)(?:${ONLY_BRANCH_WORD}|POINTDEVENTE)\s?[\p{L}\p{N}©]`, 'iu');

/** A shop's name as its line prints it: the registration after it and an outlet after its legal
 * form or its branch word taken off. */
export const nameFromLine = (text: string): string =>
  withoutBranch(
    lettersNotZeros(text)
      .replace(TRAILING_REGISTRATION, '')
      .replace(STOP_AFTER_SPACE, '. ')
      .replace(SPACE_BEFORE_STOP, '$1')
      .replace(TRAILING_COLON, '')
      .replace(LEADING_COLON, '')
      .trim(),
  );

/** A colon a reader set after the name's last letter ("RUIZ SA:"), a speck beside it: a name ends
 * with no colon. */
const TRAILING_COLON = /(?<=\p{L}\.?)\s*[:;]+\s*$/u;

/** A colon a reader set before the name, apart from its first letter (seed 24232: ": Librairie
 * Martin SA", a speck on the slip): a name begins with no colon. */
const LEADING_COLON = /^\s*[:;]+\s+(?=\p{L})/u;

/** A space a reader set between a word and its full stop or comma, or a stop it read twice ("SDN .
 * BHD.", "SDN .. BHD."): a name sets neither. */
const SPACE_BEFORE_STOP = /(?<=\p{L})\s*([.,])[.,]*(?=\s|$)/gu;
/** A word's full stop a reader set after the space instead ("SDN .BHD.", seed 26053). */
const STOP_AFTER_SPACE = /(?<=\p{L}{2})\s+\.(?=\p{L}{2})/gu;

/** A zero among a word's letters is an O a reader took for a digit ("K0PI", "B00KST0RE", "0HG"): no
 * shop's word mixes them. A word of one letter too when it spells a legal form ("& C0. KG"). */
const lettersNotZeros = (text: string): string =>
  text.replace(/(?<![\p{L}\p{N}])[\p{L}0]+(?![\p{L}\p{N}])/gu, (word) => {
    if (!word.includes('0')) return word;
    const letters = word.replace(/0/g, /\p{Ll}/u.test(word) ? 'o' : 'O');
    return (word.match(/\p{L}/gu) ?? []).length >= 2 || ONLY_LEGAL_FORM.test(letters) ? letters : word;
  });

/** A name's closing words that are a sure form (SURE_FORMS), or "S/B", Sdn Bhd as a till shortens it. */
const SURE_CLOSING_FORM = new RegExp(String.raw`^(?:${SURE_FORMS}|S\/B)\.?$`, 'i');
/** What a compound legal form goes on with ("GMBH & CO. KG", "LTD AND CO"). */
const FORM_GOES_ON = /^\s*(?:&|\+|AND\b|UND\b|ET\b|Y\b|CO\b)/i;
/** REGISTERED_PLACE opening what follows a legal form, its closing bracket perhaps dropped at the
 * line's end: part of the name before its legal form ("AEON CO. (M) BHD"), after it a label may or
 * may not keep it. Letters that go on ("(CO. Ri‘ 0194…)", a registration's misread label) are none. */
const REGISTERED_WHERE = /^\s*\(\s*\p{L}{1,2}\s*(?:\)|$)/u;

/** A registered company's name, without what is printed after its legal form on the same line:
 * the legal form ends a registered name, and the SROIE labels end a company's name there. After
 * a form that is surely one (SURE_CLOSING_FORM), whatever follows is cut (an outlet's place:
 * "… SDN. BHD. SEKSYEN 7", a registration, the street) but another legal form, which belongs to
 * something else ("… SDN BHD" over "TRADING"); after another form, only a branch or title is
 * (BRANCH_AFTER_FORM): other words (a place alone: "… SA NANTES") may still be the name's, and
 * stay for heldMore to doubt. */
function withoutBranch(name: string): string {
  const runInto = FORM_RUN_INTO_BRANCH.exec(name);
  if (runInto) return name.slice(0, runInto.index + runInto[0].length).trim();
  const business = BUSINESS_BEFORE_BRANCH.exec(name);
  if (business) return name.slice(0, business.index + business[1]!.length).trim();
  const closing = [...name.matchAll(CLOSING_FORM)].at(-1);
  const beforeOutlet = closing ? null : (NAME_BEFORE_OUTLET.exec(name) ?? NAME_RUN_INTO_OUTLET.exec(name));
  if (beforeOutlet) return beforeOutlet[1]!.trim();
  if (!closing) return name;
  const end = closing.index! + closing[0].length;
  const rest = name.slice(end);
  const sure =
    SURE_CLOSING_FORM.test(closing[0].trim()) &&
    /\p{L}{2,}/u.test(name.slice(0, closing.index)) &&
    !FORM_GOES_ON.test(rest) &&
    !REGISTERED_WHERE.test(rest) &&
    !ONLY_LEGAL_FORM.test(rest.trim());
  return sure || BRANCH_AFTER_FORM.test(rest) ? name.slice(0, end).trim() : name;
}

/** An address ("NO 8, JALAN 7", "LOT 1851", a street's name, an industrial estate's: "KAWASAN
 * PERINDUSTRIAN BALAKONG", the first line of a photo whose header was cut off), a long number (a
 * registration, a phone number), or a number in brackets or after "#" (an outlet's code: "(SS15)",
 * "#188"). */
const ADDRESS_OR_NUMBER =
  /\d{4,}|\b(?:NO|LOT|JALAN|JLN|LORONG|LRG|BLOK|BLOCK|UNIT|LEVEL|TINGKAT|KM|BATU)\b\.?\s*:?\s*\d|\d+[A-Z]?\s*,\s*\p{L}|\b(?:JALAN|JLN|LORONG|PERSIARAN)\b|[({[][^)}\]]*\d|#\s*\d|\bKAWASAN\s+PERINDUSTRIAN\b|\bINDUSTRIAL\s+(?:AREA|ESTATE|PARK)\b|\bZONE\s+INDUSTRIELLE\b|\bGEWERBEGEBIET\b|\bPOL[IÍ]GONO\s+INDUSTRIAL\b|\bZONA\s+INDUSTRIALE?\b/iu;

/** An outlet named after the shop: after a dash ("SUSHI KING - MID VALLEY"), a branch word in any
 * of the receipts' languages ("KEDAI ABC CAWANGAN AMPANG", "CAW. TAMAN MELAWATI", "Bäckerei X
 * Filiale Köln", "Sucursal Gran Vía"), a store's number ("Point de vente 031 Nantes"), a place in
 * brackets at the line's end ("KEDAI ABC (PUCHONG)", the closing one perhaps dropped) or an
 * outlet's number as the last word ("KEDAI ABC 12", "MINI MARKET SS2"). Where a company is
 * registered, in brackets before its legal form ("AEON CO. (M) BHD"), is part of its name; after
 * the name a label may leave the same mark out, so it is doubted there. */
const OUTLET = new RegExp(String.raw`\s[-–—]\s|\b${BRANCH_WORD}\b|\b${STORE_NUMBER}|\s[({[][^)}\]]*[)}\]]?\W*$|\s\S*\d\S*$`, 'iu');

/** A name whose words run to the image's side may be cut there: both readers read only what the
 * photo holds, so their agreement says nothing of what lies beyond it. The name's own words are
 * measured, not its row's: a reader may run the row on into marks at the photo's edge, past a
 * registration after the name ("BOULANGERIE DU PARC SA (310814-P)" and a speck at the side). */
function cutAtSide(name: string, nameRows: Row[]): string | null {
  const own = new Set(canonicalName(name).split(' '));
  const words = nameRows.flatMap((r) => r.cells.flatMap((c) => c.words)).filter((w) => own.has(canonicalName(w.text)));
  const boxes = words.length ? words.map((w) => w.box) : nameRows.map((r) => r.box);
  return boxes.some(touchesSide)
    ? `The name line "${name}" runs to the edge of the image and may be cut off; a person must say what the shop's name is.`
    : null;
}

/** A name line that holds more than the name: text after the legal form that ends it ("… SDN BHD
 * TAX INVOICE", "… SDN BHD (12345-X) KEPONG"), an address or a number no registration pattern
 * took off ("… SDN BHD NO 8 JALAN", "ABC MART (12345-X) SDN BHD"), or a title or a date printed apart on
 * the same row ("KEDAI ABC      TAX INVOICE"), a lone character at either end (a logo's mark), or an
 * outlet after the name.
 * Both readers read the same line, so their agreement would publish the name with the rest. */
function heldMore(name: string, nameRows: Row[]): string | null {
  const words = name.split(/\s+/);
  // Each line's own ends count: a mark read as "E" or "Y" at a line's end would otherwise join the
  // next line on as a conjunction. Two lower-case letters at the name's end are a mark as well
  // ("ii KEDAI ABC"), where the name itself has capitals.
  // A row's end cut off with its outlet ("… SDN. BHD. OUTLET: SEKSYEN 7") is not the name's.
  const rowEnds = nameRows.flatMap((r) => {
    const own = rowText(r).split(/\s+/);
    return own.length > 1 ? [own[0]!, own.at(-1)!].filter((w) => words.includes(w)) : [];
  });
  const lone =
    rowEnds.find((w) => /^[\p{L}\p{N}]$/u.test(w)) ?? (/\p{Lu}/u.test(name) ? [words[0]!, words.at(-1)!].find((w) => /^\p{Ll}{1,2}$/u.test(w)) : undefined);
  // Cells of the registration the line ends with ("(ROC" / "452676339441)") are the registration's.
  const apart = nameRows.flatMap((r) => {
    if (r.cells.length < 2) return [];
    const registration = rowText(r).match(TRAILING_REGISTRATION)?.[0] ?? '';
    return r.cells.filter((c) => stops(c.text) && !registration.includes(c.text.trim()));
  })[0];
  return (
    wordsHeldMore(name) ??
    (words.length > 1 && lone
      ? `The name line "${name}" begins or ends with a lone "${lone}", a mark both readers may have read as a letter; a person must say where the shop's name ends.`
      : null) ??
    outletHeld(name) ??
    (apart ? `The name line "${name}" holds "${apart.text}", printed apart from the name; a person must say where the shop's name ends.` : null) ??
    titleHeld(name)
  );
}

/** What a shop's name, as one reading gives it, holds besides the name by its words alone: the
 * doubts of heldMore that need no rows. A name two readers dispute is settled on one reading
 * (name-dispute, third look) only where that reading raises none of them: a line reader's crop
 * has no extraction of its own to doubt it ("… INDAH OUTLET:SEKSYEN7"). */
export function nameWordsHeldMore(name: string): string | null {
  return wordsHeldMore(name) ?? outletHeld(name) ?? titleHeld(name);
}

function wordsHeldMore(name: string): string | null {
  const closing = [...name.matchAll(CLOSING_FORM)].at(-1);
  const after = closing ? name.slice(closing.index! + closing[0].length).replace(REGISTERED_PLACE, '') : '';
  if (/[\p{L}\p{N}]/u.test(after))
    return `The name line "${name}" goes on after its legal form with "${after.trim()}"; a person must say where the shop's name ends.`;
  if (ADDRESS_OR_NUMBER.test(name)) return `The name line "${name}" holds an address or a number; a person must say where the shop's name ends.`;
  // A name of one word in small letters alone ("bio", "eco") is set as a logo sets its word: the
  // shop's name, printed as a name is, may lie under it, misread.
  if (/^\p{Ll}+$/u.test(name)) return `The shop's name "${name}" is one word in small letters, as a logo prints it; a person must say what the shop's name is.`;
  return null;
}

function outletHeld(name: string): string | null {
  const outlet = name.match(OUTLET);
  return outlet ? `The name line "${name}" may name an outlet after "${outlet[0].trim()}"; a person must say where the shop's name ends.` : null;
}

function titleHeld(name: string): string | null {
  const title = name.match(TITLE_WORDS);
  return title ? `The name line "${name}" holds "${title[0]}", a slip's title or greeting, not a name; a person must say where the shop's name is.` : null;
}

/** A brand printed over a shop's name that holds it ("TEALIVE" over "CT281 - TEALIVE SHELL
 * KEPONG"): the merchant may be either, and only a person can say which. Under a registered
 * company's name ("OCEAN" over "OCEAN PEARL RESTAURANT SDN BHD") it is the company, as accounts want
 * it and as the SROIE labels name it where a brand or logo line stands over the company; under a
 * name that begins with it ("MYDIN" over "MYDIN MART SRI MUDA") it is the name it begins (see
 * spelledOut). */
function brandAbove(name: string, above: Row[]): string | null {
  if (registeredName(name)) return null;
  const own = ` ${canonicalName(name)} `;
  const brand = above.find((r) => {
    const word = ` ${canonicalName(rowText(r))} `;
    return named(r) && !stops(r.text) && own.includes(word) && !own.startsWith(word);
  });
  return brand ? `"${name}" may be the company behind the brand "${rowText(brand)}" printed over it; a person must say which is the merchant.` : null;
}

/** Small letters shaped as their capitals, which a reader tells from them only by size. */
const CAPITAL_SHAPED_LETTERS = 'cosuvwxz';
const CAPITAL_SHAPED = new RegExp(`[${CAPITAL_SHAPED_LETTERS}]`, 'u');
const SMALL_NOT_CAPITAL_SHAPED = new RegExp(`[^\\P{Ll}${CAPITAL_SHAPED_LETTERS}]`, 'gu');

/** Set in capitals: a small letter a reader made of one capital ("KEDAI BUKU MAjU") does not
 * make a line set in small letters, nor do small letters shaped as their capitals are, which a
 * reader tells only by their size ("KEDAI BUKU MAjuU"). */
const allCaps = (text: string): boolean =>
  (text.match(SMALL_NOT_CAPITAL_SHAPED) ?? []).length <= Math.max(1, letters(text) / 10) && letters(text) > 2 && /\p{Lu}/u.test(text) && !titleWord(text);

/** A word set with its capital and then small letters, one of them not shaped as its capital
 * ("Ruiz"): a reader's slip makes one small letter among capitals, not a word of them after its
 * first, so a short line holding one ("Ruiz S.L.U.") is not set in capitals. */
const titleWord = (text: string): boolean =>
  (text.match(/(?<!\p{L})\p{Lu}\p{Ll}{2,}(?!\p{L})/gu) ?? []).some((w) => SMALL_LETTER_NOT_CAPITAL_SHAPED.test(w.slice(1)));
const SMALL_LETTER_NOT_CAPITAL_SHAPED = new RegExp(SMALL_NOT_CAPITAL_SHAPED.source, 'u');

/** A line's box reaches below the baseline when it holds a small letter with a descender: "Épicerie
 * Fine" stands about a quarter taller than "Dubois SARL" in the same type. Type sizes are compared
 * without that. In a line set in capitals such a letter is a capital misread ("KEDAI BUKU MAjJU",
 * seed 20362), and no descender. */
const DESCENDER = /[gjpqyç]/u;
/** A line in capitals is as tall as its capitals: a word's box grows taller by an accent over a
 * capital the readers wrote plain ("EPICERIE" for ÉPICERIE stood 1.3 times as tall as "FINE" beside
 * it, seed 25937), by a capital that reaches below the baseline in many types (J and Q in DejaVu
 * Sans: "MAJU JAYA" stood 1.2 times as tall as "KEDAI BUKU" over it in one type, seed 25889), or
 * by a slant, more the longer the word. So the line is measured by its lowest word without such a
 * capital, or, where each word holds one, by its height over CAPITAL_DESCENT. */
const DESCENDING_CAPITAL = /[JQ]/u;
const CAPITAL_DESCENT = 1.2;
function typeHeight(row: Row): number {
  if (!allCaps(row.text)) return row.height / (DESCENDER.test(row.text) ? 1.25 : 1);
  const words = row.cells.flatMap((c) => c.words).filter((w) => letters(w.text) >= 2);
  const level = words.filter((w) => !DESCENDING_CAPITAL.test(w.text)).map((w) => w.box[3] - w.box[1]);
  if (level.length) return Math.min(...level);
  return words.length ? row.height / CAPITAL_DESCENT : row.height;
}

/** A name whose first line may be the line just over it, printed alike (the same type size,
 * descenders aside, and case) and close above: "KEDAI KOPI" over "WAN SENG ENTERPRISE" is one name, and its second line alone
 * would be read the same by both readers. A line unlike it (smaller, another case, a number in it)
 * is a slogan, a logo's word or an owner's name. A brand's word the name begins with ("KEDAI" over
 * "KEDAI BUKU MAJU JAYA") stands for the name: no name repeats its first word. */
function beginsAbove(name: string, first: Row, above: Row | undefined): string | null {
  return above && printedAlike(above, first, 'doubt') && !spelledOut(above, [first])
    ? `The shop's name "${name}" may begin on the line over it, "${rowText(above)}"; a person must say where it begins.`
    : null;
}

/** A line of words alone (no number, legal form or registration) printed alike just over another:
 * the same type size, descenders aside, letters about as wide, the same case, and no further apart
 * than a line. Asked to `join` the two lines into one name, or to `doubt` where the name begins:
 * each with its own pitch (JOIN_PITCH, DOUBT_PITCH). */
function printedAlike(above: Row, first: Row, purpose: 'join' | 'doubt' = 'join'): boolean {
  // A number makes the line another's (a slogan's year, a logo's); a digit among a word's letters
  // is only a misread letter ("BAR 1.0S" for BAR LOS), which joins no name but leaves it in doubt,
  // as does a lone digit, a letter read so ("5 (ARIKAT PERNIAGAAN HUP" for SYARIKAT, seed 26137).
  const number =
    purpose === 'join' ? /\d/.test(above.text) : above.text.split(/\s+/).some((t) => /^\P{L}*\p{N}\P{L}*$/u.test(t) && (t.match(/\p{N}/gu) ?? []).length > 1);
  const samePitch = purpose === 'join' ? JOIN_PITCH : DOUBT_PITCH;
  if (!named(above) || number || stops(above.text) || registrationRow(above) || LEGAL_FORM.test(above.text)) return false;
  const [a, f] = [typeHeight(above), typeHeight(first)];
  const alike = Math.abs(a - f) <= 0.25 * Math.max(a, f) && pitchAlike(above, first) >= samePitch && allCaps(above.text) === allCaps(first.text);
  return alike && first.box[1] - above.box[3] <= Math.max(above.height, first.height);
}

/** How wide one line's letters are against another's, on average, for the two to be set in one
 * type: a logo's word over a name is set in larger type, which a box's height can hide (an accent
 * over a capital, "PAPELERÍA", or a slant makes the smaller line's box as tall). On generated tune
 * slips "SUPER SAVE" over a name measured 0.67–0.87 as wide a letter, mostly under 0.8; the two
 * lines of a name set over two, 0.90–1.00 ("RUIZ S.L.U." under "FRUTAS HERMANOS" 0.97). Lines are
 * joined into one name only from JOIN_PITCH up: a join taken wrongly publishes a wrong name. A line
 * over a name leaves where the name begins to a person down to DOUBT_PITCH: a doubt dropped
 * wrongly would publish half a name. */
const JOIN_PITCH = 0.85;
const DOUBT_PITCH = 0.78;
/** Marks a proportional type sets at about NARROW_WIDTH of a letter, where a fixed-pitch type
 * sets every mark a letter wide: "RUIZ S.L.U." in a serif type under "FRUTAS HERMANOS" measured
 * 0.74 as wide a letter counted by characters, a name set over two lines (seed 19975). */
const NARROW_MARKS = /[.,:;'’!|]/g;
const NARROW_WIDTH = 0.4;
/** A line's width per letter, counted as a fixed-pitch type sets it and as a proportional one does. */
function pitches(row: Row): [fixed: number, proportional: number] {
  const text = rowText(row);
  const width = row.box[2] - row.box[0];
  const narrow = text.match(NARROW_MARKS)?.length ?? 0;
  return [width / Math.max(1, text.length), width / Math.max(1, text.length - narrow * (1 - NARROW_WIDTH))];
}
/** How alike two lines' letters are in width (1: alike), in whichever way of counting their marks
 * makes them the more alike: two lines of one type are counted alike either way. */
function pitchAlike(a: Row, b: Row): number {
  const [p, q] = [pitches(a), pitches(b)];
  const ratio = (x: number, y: number) => Math.min(x, y) / Math.max(x, y);
  return Math.max(ratio(p[0], q[0]), ratio(p[1], q[1]));
}

/** The line under a one-line name that goes on with it: words alone printed alike (case, no
 * further apart than a line) in the same type size, over print clearly smaller. "FRUTAS HERMANOS"
 * over "RUIZ", both in the header's large type, over the street in the body's, is one name set
 * over two lines (their sizes on the tuning slips 0.94–1.03 of each other); a slogan, a branch or
 * a street under a name is set in the body's type, a logo's word over a name larger (the name
 * 0.74–0.80 of it: "SUPER SAVE" over "UNITED BOOKSTORE"), and a second line as large as the name
 * with nothing smaller under it is left to openName's doubt. */
const SAME_SIZE = 0.12;
/** Two lines whose letters are this alike in width are set in one type whatever their boxes' heights
 * say: an accent over a capital the readers wrote plain ("CAFÉ" read "CAFE", seed 20427) makes its
 * line's box taller. Their heights may then differ as printedAlike allows. */
const SAME_PITCH = 0.95;
const SMALLER_BELOW = 1.2;
function setAsName(name: Row, pageRows: Row[]): Row | undefined {
  const [next, after] = pageRows.filter((r) => r.index > name.index);
  if (!next || !after || !printedAlike(name, next)) return undefined;
  const [a, b] = [typeHeight(name), typeHeight(next)];
  if (Math.abs(a - b) > SAME_SIZE * Math.max(a, b) && pitchAlike(name, next) < SAME_PITCH) return undefined;
  if (REGISTRATION.test(next.text) || slogan(rowText(next)) || matchLabel('branch', rowText(next))) return undefined;
  return typeHeight(next) >= SMALLER_BELOW * typeHeight(after) ? next : undefined;
}

/** A company's name with one word before its legal form ("JAYA SDN BHD", "SENG SDN. BHD."): under
 * a line printed alike, the rest of a name set over two lines, where a whole name of one word
 * would stand under a larger brand or logo, not one set alike. */
const oneWordBeforeForm = (row: Row): boolean =>
  registeredName(row.text) &&
  withoutLegalForm(ownText(rowText(row)))
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length === 1;

/** Words set as a sentence, not as a name: a word of four letters or more in small letters ("Pan
 * recién hecho", "Calidad y confianza", "Ihr Partner für Genuss"), or two of three ("Frisch aus
 * dem Ofen"), where a name capitalises its words and leaves small only its short particles
 * ("Buchhandlung am Markt", "Café de la Gare", "Bar de los Amigos"). */
const sentence = (text: string): boolean => {
  if (/\d/.test(text)) return false;
  // A line's first letter small and shaped as its capital may be the capital misread ("cafeteria El
  // Rincén"): a sentence is told by the words after it.
  const words = text.trim().replace(/^./u, (first) => (CAPITAL_SHAPED.test(first) ? first.toUpperCase() : first));
  return /(?:^|\s)\p{Ll}\p{L}{3,}/u.test(words) || (words.match(/(?:^|\s)\p{Ll}\p{L}{2}(?=\s|$)/gu) ?? []).length >= 2;
};
/** A sentence, or a line worded as a slogan ("SEGAR SETIAP HARI", "Ihr Partner für Genuss"). */
const slogan = (text: string): boolean => sentence(text) || sloganWorded(text);

/** A name that neither a legal form nor a registration closes may go on over the next line when
 * that line is words alone: "RESTAURANT JIAWEI" over "JIAWEI HOUSE" is one name, "THREE STOOGES"
 * over "BISTRO & CAFE" is not, and only a person can tell them apart. A brand printed over the
 * company's registered name (a legal form in the next lines) leaves the same question. A sentence
 * under a name that is none is a slogan ("FARMACIA SAN MIGUEL" over "Calidad y confianza"). */
function openName(name: string, last: Row, rows: Row[]): string | null {
  if (LEGAL_FORM.test(name) || TRAILING_REGISTRATION.test(rowText(last))) return null;
  const below: Row[] = [];
  for (const r of rows.slice(0, 2)) {
    if (stops(r.text) || REGISTRATION.test(r.text)) break;
    below.push(r);
  }
  // A "©" is a digit Tesseract misread ("MARKTPLATZ ©" for Marktplatz 9): a number, not a word.
  const words = (r: Row): boolean => named(r) && !/[\d©]/.test(r.text);
  const company = below.find((r) => words(r) && LEGAL_FORM.test(r.text));
  if (company) return `"${name}" may be a brand printed over the company's name, "${rowText(company)}"; a person must say which is the merchant.`;
  // A line that names the branch ("Zweigstelle Altstadt", "CAW. TAMAN MELAWATI") is the outlet under a
  // whole name; one that names a street ("Jalan Lapangan Terbang Subang") is the address under it.
  const first = below[0];
  if (!first || !words(first)) return null;
  const next = rowText(first);
  if (!(slogan(next) && !slogan(name)) && !matchLabel('branch', next) && !ADDRESS_OR_NUMBER.test(next))
    return `The shop's name "${name}" may go on over the next line, "${next}"; a person must say where it ends.`;
  return null;
}
