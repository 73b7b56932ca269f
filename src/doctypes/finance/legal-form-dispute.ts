import { canonicalName } from '../../domain/normalise.js';
import { confused, oneGlyphConfused } from './trade-words.js';

/** Legal forms as they are printed word by word at a name's end ("SDN BHD", "LTD", "GMBH"). Two
 * letters alone are no such word: "5A" may as well be a shop's unit as a misread "SA". */
const FORM_WORDS = new Set(['SDN', 'BHD', 'LTD', 'LIMITED', 'GMBH', 'PLC', 'INC', 'LLC', 'PTE', 'PVT', 'PTY', 'CORP', 'SARL', 'SASU', 'EURL', 'OHG']);
/** Legal forms printed as initials with stops ("S.L.", "S.A.U.", "B.V."), which a name's
 * comparison sets apart letter by letter: the stops make them abbreviations, not a unit's number. */
const DOTTED_FORMS = new Set(['SA', 'SL', 'SAU', 'SLU', 'SAS', 'SRL', 'SPA', 'BV', 'NV', 'VOF', 'EK', 'EV']);

/** Legal forms that end a name, of three letters or more, against which a name's last word is
 * measured: not those one confused glyph from a word a name may end in ("SDN" / "& SON", "PTE" /
 * "PIE"), nor short ones that are words themselves ("SPA", "INC"). */
const CLOSING_FORMS = ['GMBH', 'LTDA', 'CORP', 'SARL', 'SASU', 'EURL', 'LIMITED', 'BHD', 'LTD', 'OHG'];
/** What a German partnership adds after its partner's form ("GmbH & Co. KG"): read alike by both,
 * it is the form's and no name's. */
const PARTNERSHIP_TAIL = ['&', 'CO', 'KG'];
/** Whether `words` end in the partnership's tail. */
const endsInPartnership = (words: string[]): boolean => words.slice(-PARTNERSHIP_TAIL.length).join(' ') === PARTNERSHIP_TAIL.join(' ');

/** Which of two readings of a company's name spells its legal form, when that is all they differ
 * in: the same words, and at the name's end one reading's legal form ("SDN BHD") where the other
 * has the same word with a digit in it ("SDN 3HD", "5DN BHD", "LT0"). A legal form is one of a
 * closed list and holds no digit, so the list settles the glyph the readers disagree on, as a
 * check digit would; the words before it the two readers read alike. Null when anything else
 * differs, or the dispute is between two words that could both be printed. */
export function spelledLegalForm(a: string, b: string): 'a' | 'b' | null {
  const [wa, wb] = [canonicalName(a).split(' '), canonicalName(b).split(' ')];
  if (wa.length === wb.length + 1 && partnershipAmpersandLost(wa, wb)) return 'a';
  if (wb.length === wa.length + 1 && partnershipAmpersandLost(wb, wa)) return 'b';
  if (wa.length !== wb.length) return null;
  const differ = wa.flatMap((w, i) => (w === wb[i] ? [] : [i]));
  if (differ.length === 0) return null;
  const first = differ[0]!;
  // The name's own words, before its legal form, must be read alike: at least one word with letters.
  if (!wa.slice(0, first).some((w) => /\p{L}{2,}/u.test(w) && !FORM_WORDS.has(w))) return null;
  const formAtEnd = (words: string[]): boolean => {
    const form = words.slice(first);
    // A dotted form's initials from its first, which the readers may have read alike ("E.K." / "E.1").
    let initial = first;
    while (initial > 0 && words[initial - 1]!.length === 1) initial--;
    const initials = words.slice(initial);
    const tail = form.length > PARTNERSHIP_TAIL.length && endsInPartnership(form) ? PARTNERSHIP_TAIL.length : 0;
    return (
      form.slice(0, form.length - tail).every((w) => FORM_WORDS.has(w)) ||
      (initials.length >= 2 && initials.every((w) => w.length === 1) && DOTTED_FORMS.has(initials.join('')))
    );
  };
  const misread = (good: string[], bad: string[]): boolean =>
    formAtEnd(good) &&
    differ.every((i) => {
      const unlike = [...bad[i]!].flatMap((c, k) => (c === good[i]![k] ? [] : [[c, good[i]![k]!] as const]));
      if (bad[i]!.length !== good[i]!.length || unlike.length !== 1) return false;
      // A letter for a letter only in a compound form's word next to another both read alike
      // ("PTE ITD" for "PTE LTD", "SON BHD" for "SDN BHD"), and a glyph the readers take for it.
      // After "&" or "AND", "SON BHD" may be a name's "& SON" and a Berhad's form.
      const inCompound =
        FORM_WORDS.has(good[i - 1] ?? '') || (FORM_WORDS.has(good[i + 1] ?? '') && good[i + 1] === bad[i + 1] && !['&', 'AND'].includes(bad[i - 1] ?? ''));
      // So is one in a form of four letters or more that no name's word is a glyph from ("CMBH").
      const closing = CLOSING_FORMS.includes(good[i]!) && good[i]!.length >= 4;
      return /\d/.test(bad[i]!) || ((inCompound || closing) && !FORM_WORDS.has(bad[i]!) && confused(...unlike[0]!));
    });
  if (misread(wa, wb)) return 'a';
  if (misread(wb, wa)) return 'b';
  return null;
}

/** `lost` is `whole` without the "&" of its partnership's form ("GMBH CO KG" for "GMBH & CO KG",
 * PaddleOCR dropping the sign, seed 26358), the words before the form read alike: "GmbH Co. KG"
 * is no form a company is registered under. */
function partnershipAmpersandLost(whole: string[], lost: string[]): boolean {
  const at = whole.length - PARTNERSHIP_TAIL.length;
  if (at < 2 || !endsInPartnership(whole) || !FORM_WORDS.has(whole[at - 1]!)) return false;
  const without = [...whole.slice(0, at), ...PARTNERSHIP_TAIL.slice(1)];
  return without.join(' ') === lost.join(' ') && whole.slice(0, at - 1).some((w) => /\p{L}{2,}/u.test(w) && !FORM_WORDS.has(w));
}

/** A name's last word that is a legal form with one glyph misread ("EURI" for EURL: L and I
 * confused) and no legal form itself: the form it would spell, or null. Asked of a name both
 * readers read alike, where both engines misread the glyph alike (seed 24342). */
export function misreadLegalForm(name: string): { read: string; spelt: string } | null {
  const last = canonicalName(name).split(' ').at(-1) ?? '';
  if (CLOSING_FORMS.includes(last)) return null;
  const form = CLOSING_FORMS.find((f) => oneGlyphConfused(last, f));
  return form ? { read: last, spelt: form } : null;
}
