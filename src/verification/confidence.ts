import type { EvidenceItem } from '../domain/evidence.js';
import type { FieldAssessment } from './assess-fields.js';

/** How much each kind of evidence tells that a value was read right (legacy `confidence`). */
const EVIDENCE_SCORE: Record<EvidenceItem, number> = {
  operator: 1,
  mrz_checksum: 0.99,
  decoder: 0.99,
  arithmetic: 0.97,
  text_layer: 0.97,
  reader_agree: 0.9,
  judge: 0.6,
  single_reader: 0.5,
};

function fieldScore(a: FieldAssessment): number {
  const f = a.field;
  if (f.status === 'conflict') return 0.2;
  if (f.value === null) return 0;
  const best = Math.max(0, ...f.evidence.map((e) => EVIDENCE_SCORE[e]));
  return a.passes ? best : best / 2;
}

/** The legacy `confidence` number, 0..1: the weakest decisive (key or required) field's score, so
 * a document is only as sure as the field it rests on least; without decisive fields the mean of
 * the fields read; 0 when nothing was read. */
export function documentConfidence(assessments: FieldAssessment[]): number {
  const decisive = assessments.filter((a) => a.isKey || a.required);
  const read = assessments.filter((a) => a.field.status === 'read' || a.field.status === 'conflict');
  let score = 0;
  if (decisive.length) score = Math.min(...decisive.map(fieldScore));
  else if (read.length) score = read.reduce((s, a) => s + fieldScore(a), 0) / read.length;
  return Math.round(score * 1000) / 1000;
}
