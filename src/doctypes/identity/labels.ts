import type { LabelSpec } from './viz.js';

/** Printed labels of identity documents (English and French as ICAO 9303 requires, plus a few
 * common variants), lower-case and without diacritics, and the shape of the value under each. */

const hasLetters = (t: string): boolean => /\p{L}{2}/u.test(t);
const hasDigit = (t: string): boolean => /\d/.test(t);
const isCodeLike = (t: string): boolean => /^[A-Z0-9<][A-Z0-9< -]{3,}$/i.test(t.trim()) && hasDigit(t);
const isSex = (t: string): boolean => /^\s*[MFX]\b/i.test(t);

export const LABELS = {
  surname: { key: 'surname', label: /\b(surname|nom|apellidos|nachname|cognome|family ?name|last ?name)\b(?! du)/, accepts: hasLetters },
  given_names: { key: 'given_names', label: /\b(given ?names?|prenoms?|forenames?|first ?names?|vornamen?|nombres)\b/, accepts: hasLetters },
  document_number: {
    key: 'document_number',
    label: /\b(passport no|passport number|no\.? du passeport|document no|document number|no\.? du document|card no)\b/,
    accepts: isCodeLike,
    shaped: true,
  },
  nationality: { key: 'nationality', label: /\b(nationality|nationalite|nacionalidad|citizenship)\b/, accepts: hasLetters },
  date_of_birth: {
    key: 'date_of_birth',
    label: /\b(date of birth|date de naissance|birth ?date|d\.?o\.?b\.?|born)(?=\W|$)(?! in\b)/,
    accepts: hasDigit,
    shaped: true,
  },
  sex: { key: 'sex', label: /\b(sex|sexe|gender)\b/, accepts: isSex },
  expiry_date: {
    key: 'expiry_date',
    label: /\b(date of expiry|expiry ?date|expiry|expires|date d.expiration|expiration|valid until|until)\b/,
    accepts: hasDigit,
    shaped: true,
  },
  place_of_birth: { key: 'place_of_birth', label: /\b(place of birth|lieu de naissance|birthplace|born in)\b/, accepts: hasLetters },
  date_of_issue: {
    key: 'date_of_issue',
    label: /(\b(date of issue|date de delivrance|issue ?date|issued on)\b|(^|\s)(\d{1,2}[.)] )?(on|le)(?=\s*([:/]|$|\d)))/,
    accepts: hasDigit,
    shaped: true,
  },
  authority: { key: 'authority', label: /\b(issuing authority|authority|autorite|issuing office|issued by)\b/, accepts: hasLetters },
  visa_type: { key: 'visa_type', label: /\b(type of visa|type de visa|visa type|category)\b/, accepts: (t) => t.trim().length > 0 },
  entries: { key: 'entries', label: /\b(number of entries|nombre d.entrees|entries)\b/, accepts: (t) => /^\s*(\d+|mult\w*|single|double)\b/i.test(t) },
  valid_from: { key: 'valid_from', label: /(\bvalid from\b|(^|\s)(\d{1,2}[.)] )?(from|du)(?=\s*([:/]|$|\d)))/, accepts: hasDigit, shaped: true },
  place_of_issue: { key: 'place_of_issue', label: /\b(issued in|delivre a|place of issue)\b/, accepts: hasLetters },
  passport_number: { key: 'passport_number', label: /\b(passport no|passport number|no\.? du passeport)\b/, accepts: isCodeLike, shaped: true },
  id_number: { key: 'id_number', label: /\b(id\.? no|id number|identity no)\b/, accepts: (t) => /\d{6,}/.test(t.replace(/\s/g, '')), shaped: true },
  // anywhere in a line, as a label at the row's end follows its value ("AHMED SALEH Name")
  name_en: { key: 'name_en', label: /(^|\s)(\d{1,2}[.)] )?(full ?)?name\b/, accepts: hasLetters },
  occupation: { key: 'occupation', label: /\b(occupation|profession|job title)\b/, accepts: hasLetters },
  // a reader may take D.O.B's O for a zero ("D.0.B")
  qid_date_of_birth: { key: 'date_of_birth', label: /\b(d\.?[o0]\.?b\.?|date of birth|birth ?date|born)(?=\W|$)(?! in\b)/, accepts: hasDigit, shaped: true },
  qid_expiry_date: { key: 'expiry_date', label: /\b(expiry|expiry ?date|date of expiry|expires|valid until)\b/, accepts: hasDigit, shaped: true },
} as const satisfies Record<string, LabelSpec>;

export type LabelName = keyof typeof LABELS;

/** The Arabic labels of the Gulf cards (ID number, date of birth, expiry, nationality, occupation, name). */
export const ARABIC_LABELS = /الرقم الشخصي|رقم الهوية|تاريخ الميلاد|تاريخ الانتهاء|الجنسية|المهنة|الاسم/;
const ARABIC_LABEL_WORDS = new Set(ARABIC_LABELS.source.split(/[| ]/));
/** A word of an Arabic label, so that a line holding a label and the name keeps the name alone. */
export const isArabicLabelWord = (word: string): boolean => ARABIC_LABEL_WORDS.has(word.replace(/[:：]/g, ''));

/** Labels printed on identity documents for what is read elsewhere (the MRZ) or not at all, and
 * the Arabic labels the Gulf cards print beside the English ones: never a field's value. */
const OTHER_LABELS: readonly RegExp[] = [
  /^(\d{1,2}[.)] )?(type|code|country code|code of issuing state|code du pays|personal no\.?|personal number|no\.? personnel)\b/,
  /\bremarks\b/,
  ARABIC_LABELS,
];

/** Every label wording this module knows, of any field. */
export const KNOWN_LABELS: readonly RegExp[] = [...Object.values(LABELS).map((s) => s.label), ...OTHER_LABELS];

export function labelSpecs(names: readonly LabelName[]): LabelSpec[] {
  return names.map((n) => LABELS[n]);
}
