import { MRZ_CORE_FIELDS, CROSS_CHECKED } from './identity/field-specs.js';
import { mrzDoctype } from './identity/mrz-doctype.js';
import type { Doctype } from './types.js';

/** Passport data page (ICAO 9303 TD3): MRZ fields checked by their digits, and from the visual
 * zone where readable the place and date of issue details. Keys: docs/identity-fields.md. */
export const passport: Doctype = mrzDoctype({
  type: 'passport',
  fields: [
    ...MRZ_CORE_FIELDS,
    { key: 'personal_number', label: 'Personal number', kind: 'code' },
    { key: 'place_of_birth', label: 'Place of birth', kind: 'text' },
    { key: 'date_of_issue', label: 'Date of issue', kind: 'date' },
    { key: 'authority', label: 'Authority', kind: 'text' },
  ],
  detect: {
    codes: ['P'],
    // "Passport No." is printed on visas too: the word counts only when no number follows
    keywords: [/\bPASSPORT\b(?!\s*(NO\b|NUMBER|N°))/, /(?<!\bDU )\bPASSEPORT\b/, /\bREISEPASS\b/, /\bPASAPORTE\b/, /\bPASSAPORTO\b/, /\bPASPOORT\b/],
  },
  labels: ['surname', 'given_names', 'document_number', 'nationality', 'date_of_birth', 'sex', 'expiry_date', 'place_of_birth', 'date_of_issue', 'authority'],
  crossChecked: CROSS_CHECKED,
});
