import type { FieldSpec } from '../types.js';
import type { LabelName } from './labels.js';

/** Field specs shared by the MRZ documents. Key fields are those a check digit or the identity of
 * the holder rests on (ICAO 9303's own list, see mrz/assess.ts KEY_FIELDS). */

export const MRZ_CORE_FIELDS: FieldSpec[] = [
  { key: 'document_code', label: 'Document code', kind: 'code' },
  { key: 'issuing_country', label: 'Issuing country', kind: 'country', isKey: true, required: true },
  { key: 'document_number', label: 'Document number', kind: 'code', isKey: true, required: true },
  { key: 'surname', label: 'Surname', kind: 'name', isKey: true, required: true },
  { key: 'given_names', label: 'Given names', kind: 'name', isKey: true },
  { key: 'nationality', label: 'Nationality', kind: 'country', isKey: true, required: true },
  { key: 'date_of_birth', label: 'Date of birth', kind: 'date', isKey: true, required: true },
  { key: 'sex', label: 'Sex', kind: 'sex' },
  { key: 'expiry_date', label: 'Date of expiry', kind: 'date', isKey: true, required: true },
  // the MRZ as read, line by line, with its check results in the reason (filled in by the rules)
  { key: 'mrz_line1', label: 'MRZ line 1', kind: 'code' },
  { key: 'mrz_line2', label: 'MRZ line 2', kind: 'code' },
  { key: 'mrz_line3', label: 'MRZ line 3', kind: 'code' },
];

/** The issue details a passport's data page and an ID card's front print beside the MRZ fields. */
export const ISSUE_DETAIL_FIELDS: FieldSpec[] = [
  { key: 'place_of_birth', label: 'Place of birth', kind: 'text' },
  { key: 'date_of_issue', label: 'Date of issue', kind: 'date' },
  { key: 'authority', label: 'Authority', kind: 'text' },
];

/** The visual-zone labels of a passport's data page and an ID card's front. */
export const DATA_PAGE_LABELS: readonly LabelName[] = [
  'surname',
  'given_names',
  'document_number',
  'nationality',
  'date_of_birth',
  'sex',
  'expiry_date',
  'place_of_birth',
  'date_of_issue',
  'authority',
];

/** What the MRZ and the print both give, and how to compare them. */
export const CROSS_CHECKED = [
  { key: 'surname', kind: 'name' },
  { key: 'given_names', kind: 'name' },
  { key: 'document_number', kind: 'code' },
  { key: 'date_of_birth', kind: 'date' },
  { key: 'expiry_date', kind: 'date' },
  { key: 'sex', kind: 'sex' },
  { key: 'nationality', kind: 'country' },
] as const;
