/** Evidence names. `FIELD_EVIDENCE` is the summary in `result.field_evidence`;
 * `EVIDENCE_ITEMS` are the entries of `result.fields[key].evidence[]`.
 *
 * `decoder` is ours, beyond the spec's list (mrz_checksum … single_reader): a value decoded from a
 * machine-readable symbol (a QR code's payload, `qr_1`, `qr_2`…) whose own error correction
 * vouches for its bytes. None of the spec's items says that (it is no check digit, no reader and
 * not the file's text), so it gets its own name, summarised as `deterministic` like a check digit. */

export const FIELD_EVIDENCE = ['deterministic', 'corroborated', 'grounded', 'text_layer', 'arithmetic', 'model'] as const;
export type FieldEvidence = (typeof FIELD_EVIDENCE)[number];

export const EVIDENCE_ITEMS = ['mrz_checksum', 'decoder', 'reader_agree', 'text_layer', 'arithmetic', 'judge', 'operator', 'single_reader'] as const;
export type EvidenceItem = (typeof EVIDENCE_ITEMS)[number];

/** The summary evidence an item gives, strongest first when several apply. */
export const FIELD_EVIDENCE_BY_ITEM: Record<EvidenceItem, FieldEvidence> = {
  mrz_checksum: 'deterministic',
  decoder: 'deterministic',
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
  'decoder',
  'arithmetic',
  'text_layer',
  'reader_agree',
  'judge',
  'single_reader',
];
