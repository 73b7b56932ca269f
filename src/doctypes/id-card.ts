import { CROSS_CHECKED, DATA_PAGE_LABELS, ISSUE_DETAIL_FIELDS, MRZ_CORE_FIELDS } from './identity/field-specs.js';
import { mrzDoctype } from './identity/mrz-doctype.js';
import type { Doctype } from './types.js';

/** Identity cards with an MRZ (ICAO 9303 TD1 3×30 or TD2 2×36, document code I, A or C): MRZ
 * fields, the optional data the issuer puts there, and the front's details where readable. */
export const idCard: Doctype = mrzDoctype({
  type: 'id_card',
  fields: [
    ...MRZ_CORE_FIELDS,
    { key: 'optional_data', label: 'Optional data', kind: 'code' },
    { key: 'optional_data_2', label: 'Optional data (line 2)', kind: 'code' },
    ...ISSUE_DETAIL_FIELDS,
  ],
  detect: {
    codes: ['I', 'A', 'C'],
    keywords: [
      /\bIDENTITY CARD\b/,
      /\bCARTE D.IDENTITE\b/,
      /\bPERSONALAUSWEIS\b/,
      /\bDOCUMENTO NACIONAL DE IDENTIDAD\b/,
      /\bCARTA D.IDENTITA\b/,
      /\bNATIONAL ID(ENTITY)? CARD\b/,
    ],
  },
  labels: DATA_PAGE_LABELS,
  crossChecked: CROSS_CHECKED,
});
