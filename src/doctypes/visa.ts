import { MRZ_CORE_FIELDS, CROSS_CHECKED } from './identity/field-specs.js';
import { mrzDoctype } from './identity/mrz-doctype.js';
import type { Doctype } from './types.js';

/** "VISA" is a card's name as well as the document's. */
const CARD_WORD = /\bVISA\b/;

/** Machine readable visas (ICAO 9303 part 7, MRV-A 2×44 and MRV-B 2×36, document code V). The
 * MRZ document number is the visa's own number; the passport it sits in is `passport_number`. */
export const visa: Doctype = mrzDoctype({
  type: 'visa',
  fields: [
    ...MRZ_CORE_FIELDS.map((f) => (f.key === 'document_number' ? { ...f, label: 'Visa number' } : f)),
    { key: 'optional_data', label: 'Optional data', kind: 'code' },
    { key: 'visa_type', label: 'Type of visa', kind: 'text' },
    { key: 'entries', label: 'Number of entries', kind: 'text' },
    { key: 'valid_from', label: 'Valid from', kind: 'date' },
    { key: 'date_of_issue', label: 'Date of issue', kind: 'date' },
    { key: 'place_of_issue', label: 'Place of issue', kind: 'text' },
    { key: 'passport_number', label: 'Passport number', kind: 'code' },
  ],
  detect: { codes: ['V'], keywords: [CARD_WORD, /\bVISUM\b/, /\bVISADO\b/], slipWords: [CARD_WORD] },
  // the print's "Passport No." is the passport's number, not the visa's: no document_number label
  labels: [
    'surname',
    'given_names',
    'nationality',
    'date_of_birth',
    'sex',
    'expiry_date',
    'visa_type',
    'entries',
    'valid_from',
    'date_of_issue',
    'place_of_issue',
    'passport_number',
  ],
  crossChecked: CROSS_CHECKED.filter((c) => c.key !== 'document_number'),
});
