/** Evidence names. `FIELD_EVIDENCE` is the summary in `result.field_evidence`;
 * `EVIDENCE_ITEMS` are the entries of `result.fields[key].evidence[]`. */

export const FIELD_EVIDENCE = ['deterministic', 'corroborated', 'grounded', 'text_layer', 'arithmetic', 'model'] as const;
export type FieldEvidence = (typeof FIELD_EVIDENCE)[number];

export const EVIDENCE_ITEMS = [
  'mrz_checksum',
  'reader_agree',
  'text_layer',
  'arithmetic',
  'judge',
  'operator',
  'single_reader',
] as const;
export type EvidenceItem = (typeof EVIDENCE_ITEMS)[number];

/** The summary evidence an item gives, strongest first when several apply. */
export const FIELD_EVIDENCE_BY_ITEM: Record<EvidenceItem, FieldEvidence> = {
  mrz_checksum: 'deterministic',
  arithmetic: 'arithmetic',
  text_layer: 'text_layer',
  reader_agree: 'corroborated',
  operator: 'grounded',
  judge: 'model',
  single_reader: 'model',
};

export const EVIDENCE_STRENGTH: readonly EvidenceItem[] = [
  'operator',
  'mrz_checksum',
  'arithmetic',
  'text_layer',
  'reader_agree',
  'judge',
  'single_reader',
];
