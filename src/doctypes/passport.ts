import { CROSS_CHECKED, DATA_PAGE_LABELS, ISSUE_DETAIL_FIELDS, MRZ_CORE_FIELDS } from './identity/field-specs.js';
import { mrzDoctype } from './identity/mrz-doctype.js';
import type { Doctype } from './types.js';

/** Passport data page (ICAO 9303 TD3): MRZ fields checked by their digits, and from the visual
 * zone where readable the place and date of issue details. Keys: docs/identity-fields.md. */
export const passport: Doctype = mrzDoctype({
  type: 'passport',
  fields: [...MRZ_CORE_FIELDS, { key: 'personal_number', label: 'Personal number', kind: 'code' }, ...ISSUE_DETAIL_FIELDS],
  detect: {
    codes: ['P'],
    // "Passport No." is printed on visas too: the word counts only when no number follows
    keywords: [/\bPASSPORT\b(?!\s*(NO\b|NUMBER|N°))/, /(?<!\bDU )\bPASSEPORT\b/, /\bREISEPASS\b/, /\bPASAPORTE\b/, /\bPASSAPORTO\b/, /\bPASPOORT\b/],
  },
  labels: DATA_PAGE_LABELS,
  crossChecked: CROSS_CHECKED,
});
