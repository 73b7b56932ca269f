/** Signs that an image or file was edited. Each is evidence for a person to weigh, never a finding
 * that a document is genuine or forged: a clean report only means these checks found nothing. */

export const TAMPER_SIGN_KINDS = [
  'jpeg_ela',
  'double_compression',
  'editing_software',
  'pdf_incremental_update',
  'mixed_fonts',
  'mrz_viz_mismatch',
  'embedded_data_mismatch',
] as const;
export type TamperSignKind = (typeof TAMPER_SIGN_KINDS)[number];

export interface TamperSign {
  kind: TamperSignKind;
  /** 0..1: how much this sign alone suggests editing. */
  weight: number;
  detail: string;
  /** Fields the sign concerns (its region overlaps them, or their values disagree). */
  fields: string[];
}

export interface TamperReport {
  /** 0..1, the signs combined as independent evidence: 1 − Π(1 − weight). */
  score: number;
  /** Names of the checks that ran on this document. */
  checks: string[];
  signs: TamperSign[];
  suspected: boolean;
}

/** One sign at this weight, or several adding up to it, sends the document to a person. */
export const SUSPECT_AT = 0.5;

export const TAMPER_NOTE = 'Tamper signs are evidence for a person to examine, not a finding; their absence does not show a document is genuine.';

export function combineSigns(checks: string[], signs: TamperSign[]): TamperReport {
  const score = 1 - signs.reduce((p, s) => p * (1 - Math.min(1, Math.max(0, s.weight))), 1);
  const rounded = Math.round(score * 1000) / 1000;
  return { score: rounded, checks, signs, suspected: rounded >= SUSPECT_AT };
}
