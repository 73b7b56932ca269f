import type { LabelSpec } from './viz.js';

/** Printed labels of identity documents (English and French as ICAO 9303 requires, plus a few
 * common variants), lower-case and without diacritics, and the shape of the value under each. */

const hasLetters = (t: string): boolean => /\p{L}{2}/u.test(t);
const hasDigit = (t: string): boolean => /\d/.test(t);
const isCodeLike = (t: string): boolean => /^[A-Z0-9<][A-Z0-9< -]{3,}$/i.test(t.trim()) && hasDigit(t);
const isSex = (t: string): boolean => /^\s*[MFX]\b/i.test(t);

export const LABELS = {
  surname: { key: 'surname', label: /\b(surname|nom|apellidos|nachname|cognome|family name)\b(?! du)/, accepts: hasLetters },
  given_names: { key: 'given_names', label: /\b(given names?|prenoms?|forenames?|first names?|vornamen?|nombres)\b/, accepts: hasLetters },
  document_number: {
    key: 'document_number',
    label: /\b(passport no|passport number|no\.? du passeport|document no|document number|no\.? du document|card no)\b/,
    accepts: isCodeLike,
  },
  nationality: { key: 'nationality', label: /\b(nationality|nationalite|nacionalidad)\b/, accepts: hasLetters },
  date_of_birth: { key: 'date_of_birth', label: /\b(date of birth|date de naissance|birth date|d\.?o\.?b\.?)(?=\W|$)/, accepts: hasDigit },
  sex: { key: 'sex', label: /\b(sex|sexe)\b/, accepts: isSex },
  expiry_date: { key: 'expiry_date', label: /\b(date of expiry|expiry date|expiry|date d.expiration|expiration|valid until|until)\b/, accepts: hasDigit },
  place_of_birth: { key: 'place_of_birth', label: /\b(place of birth|lieu de naissance)\b/, accepts: hasLetters },
  date_of_issue: { key: 'date_of_issue', label: /\b(date of issue|date de delivrance|issue date|issued on|on \/ le)\b/, accepts: hasDigit },
  authority: { key: 'authority', label: /\b(authority|autorite|issuing office)\b/, accepts: hasLetters },
  visa_type: { key: 'visa_type', label: /\b(type of visa|type de visa|visa type)\b/, accepts: (t) => t.trim().length > 0 },
  entries: { key: 'entries', label: /\b(number of entries|nombre d.entrees|entries)\b/, accepts: (t) => /^\s*(\d+|mult\w*|single|double)\b/i.test(t) },
  valid_from: { key: 'valid_from', label: /\b(valid from|from \/ du)\b/, accepts: hasDigit },
  place_of_issue: { key: 'place_of_issue', label: /\b(issued in|delivre a|place of issue)\b/, accepts: hasLetters },
  passport_number: { key: 'passport_number', label: /\b(passport no|passport number|no\.? du passeport)\b/, accepts: isCodeLike },
  id_number: { key: 'id_number', label: /\b(id\.? no|id number|identity no)\b/, accepts: (t) => /\d{6,}/.test(t.replace(/\s/g, '')) },
  name_en: { key: 'name_en', label: /^\s*name\b/, accepts: hasLetters },
  occupation: { key: 'occupation', label: /\b(occupation|profession)\b/, accepts: hasLetters },
  qid_date_of_birth: { key: 'date_of_birth', label: /\b(d\.?o\.?b\.?|date of birth|birth date)(?=\W|$)/, accepts: hasDigit },
  qid_expiry_date: { key: 'expiry_date', label: /\b(expiry|expiry date|date of expiry)\b/, accepts: hasDigit },
} as const satisfies Record<string, LabelSpec>;

export type LabelName = keyof typeof LABELS;

export function labelSpecs(names: readonly LabelName[]): LabelSpec[] {
  return names.map((n) => LABELS[n]);
}
