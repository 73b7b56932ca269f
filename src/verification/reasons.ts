import type { OutcomeCode } from '../domain/outcome-codes.js';

/** Spec order of review reasons: expiry first, then warning fields, then failed checks. */
export const REASON_ORDER: readonly OutcomeCode[] = [
  'DOCUMENT_EXPIRED',
  'FIELD_CONFLICT',
  'FIELD_UNCONFIRMED',
  'LOW_CONFIDENCE',
  'REQUIRED_FIELD_MISSING',
  'DATE_NEEDS_REVIEW',
  'CRITICAL_FIELD_INVALID',
  'ARITHMETIC_MISMATCH',
  'DUPLICATE_SUSPECTED',
  'TAMPER_SUSPECTED',
  'MISSING_PAGE',
  'UNSUPPORTED_LANGUAGE_SCRIPT',
  'DOCUMENT_TYPE_UNKNOWN',
  'NO_FIELDS_EXTRACTED',
];

/** Codes that end a reading before any field is read; they win over everything else. */
export const TERMINAL_CODES: ReadonlySet<OutcomeCode> = new Set<OutcomeCode>([
  'DOCUMENT_UNREADABLE',
  'PROCESSING_PROVIDER_FAILURE',
  'QUALITY_GATE_GLARE',
  'QUALITY_GATE_BLUR',
  'QUALITY_GATE_CUTOFF',
  'QUALITY_GATE_LOW_RESOLUTION',
  'QUALITY_GATE_DARK',
  'QUALITY_GATE_UNREADABLE',
]);

export function reasonRank(code: OutcomeCode): number {
  if (TERMINAL_CODES.has(code)) return -1;
  const i = REASON_ORDER.indexOf(code);
  return i === -1 ? REASON_ORDER.length : i;
}

/** Defects of the document itself, in this order: when one stands it is what the person must
 * act on, whatever field warnings it brings along (an unconfirmed vendor does not outrank totals
 * that do not add up, an invoice already paid, or a page never read). */
export const DEFINING_DEFECTS: readonly OutcomeCode[] = ['ARITHMETIC_MISMATCH', 'DUPLICATE_SUSPECTED', 'MISSING_PAGE'];

/** The code that names the outcome: a terminal code first; then a tamper sign, because it flags
 * the document whatever else is wrong; then a defining defect; then the first review reason. */
export function outcomeCodeOf(codes: readonly OutcomeCode[]): OutcomeCode | null {
  const terminal = codes.find((c) => TERMINAL_CODES.has(c));
  if (terminal) return terminal;
  if (codes.includes('TAMPER_SUSPECTED')) return 'TAMPER_SUSPECTED';
  const defect = DEFINING_DEFECTS.find((c) => codes.includes(c));
  if (defect) return defect;
  return [...codes].sort((a, b) => reasonRank(a) - reasonRank(b))[0] ?? null;
}
