import type { OutcomeCode } from '../domain/outcome-codes.js';
import type { Result } from '../domain/result.js';
import type { FieldAssessment } from './assess-fields.js';
import type { Policy } from './policy.js';
import { TERMINAL_CODES } from './reasons.js';
import { TAMPER_NOTE, type TamperReport } from './tamper/types.js';

type Verification = Result['verification'];
type EvidenceEntry = Verification['evidence'][number];
type Level = EvidenceEntry['level'];

export interface LevelProblem {
  code: OutcomeCode;
  detail: string;
  fields?: string[];
}

/** L3 rules and the codes that fail them: data present, checked and consistent. */
const L3_RULES: ReadonlyArray<[rule: string, codes: OutcomeCode[]]> = [
  ['required_fields_present', ['REQUIRED_FIELD_MISSING', 'NO_FIELDS_EXTRACTED']],
  ['key_fields_confirmed', ['FIELD_UNCONFIRMED', 'LOW_CONFIDENCE']],
  ['no_dispute', ['FIELD_CONFLICT']],
  ['check_digits_and_values', ['CRITICAL_FIELD_INVALID']],
  ['arithmetic', ['ARITHMETIC_MISMATCH']],
  ['dates', ['DATE_NEEDS_REVIEW']],
  ['not_expired', ['DOCUMENT_EXPIRED']],
  ['no_duplicate', ['DUPLICATE_SUSPECTED']],
  ['all_pages_read', ['MISSING_PAGE']],
  ['script_supported', ['UNSUPPORTED_LANGUAGE_SCRIPT']],
];

const MRZ_TYPES = new Set(['passport', 'id_card', 'visa']);
/** Bills have no issuer rule: whether their vendor must be confirmed is the policy's required_fields. */
const ISSUER_FIELD: Record<string, string> = { passport: 'issuing_country', id_card: 'issuing_country', visa: 'issuing_country', qid: 'nationality' };

export interface LevelInput {
  documentType: string;
  readable: boolean;
  classified: boolean;
  problems: LevelProblem[];
  /** Problems the policy accepts (expired documents, duplicates): recorded, not failing. */
  accepted: LevelProblem[];
  assessments: FieldAssessment[];
  /** Undefined when the caller ran no tamper checks: L4 is then not evaluated. */
  tamper: TamperReport | null | undefined;
  policy: Policy;
}

function rule(level: Level, name: string, failing: LevelProblem[], passedDetail: string | null = null): EvidenceEntry {
  return {
    level,
    rule: name,
    result: failing.length ? 'failed' : 'passed',
    fields: [...new Set(failing.flatMap((p) => p.fields ?? []))],
    detail: failing.length ? failing.map((p) => p.detail).join(' ') : passedDetail,
  };
}

/** The issuer rule of L4: an identity document's issuing state (or a QID's nationality) or a
 * bill's vendor read and passed. Types without an issuer have no such rule. */
export function issuerRule(documentType: string, assessments: FieldAssessment[]): EvidenceEntry | null {
  const key = ISSUER_FIELD[documentType];
  if (!key) return null;
  const a = assessments.find((x) => x.field.key === key);
  const ok = a?.passes === true;
  return {
    level: 'L4',
    rule: 'issuer_plausible',
    result: ok ? 'passed' : 'failed',
    fields: [key],
    detail: ok ? `${a!.field.label}: ${String(a!.field.value)}` : `${a?.field.label ?? key} was not confirmed.`,
  };
}

function tamperRules(input: LevelInput): EvidenceEntry[] {
  const t = input.tamper;
  if (!t) {
    return t === null ? [{ level: 'L4', rule: 'no_tamper_sign', result: 'failed', fields: [], detail: 'The tamper checks did not run.' }] : [];
  }
  const signs = t.signs.map((s) => s.detail).join(' ');
  const out: EvidenceEntry[] = [
    {
      level: 'L4',
      rule: 'no_tamper_sign',
      result: t.suspected ? 'failed' : 'passed',
      fields: [...new Set(t.signs.flatMap((s) => s.fields))],
      detail: `tamper_score ${t.score} from ${t.checks.join(', ') || 'no checks'}.${signs ? ` ${signs}` : ''} ${TAMPER_NOTE}`,
    },
  ];
  if (MRZ_TYPES.has(input.documentType)) {
    const mismatch = t.signs.filter((s) => s.kind === 'mrz_viz_mismatch');
    out.push({
      level: 'L4',
      rule: 'mrz_matches_visual_zone',
      result: mismatch.length ? 'failed' : 'passed',
      fields: mismatch.flatMap((s) => s.fields),
      detail: mismatch.map((s) => s.detail).join(' ') || null,
    });
  }
  const issuer = issuerRule(input.documentType, input.assessments);
  if (issuer) out.push(issuer);
  return out;
}

/** `result.verification`: every rule with its level and result, the highest level whose rules all
 * passed, and the statuses by name. `verified` is set by the caller from the outcome. */
export function verificationOf(input: LevelInput, verified: boolean): Verification {
  const of = (codes: OutcomeCode[]) => input.problems.filter((p) => codes.includes(p.code));
  const terminal = input.problems.filter((p) => TERMINAL_CODES.has(p.code));
  const evidence: EvidenceEntry[] = [
    rule('L1', 'readable', input.readable ? terminal : [...terminal, { code: 'QUALITY_GATE_UNREADABLE', detail: 'No text was read.' }]),
    rule(
      'L2',
      'classified',
      input.classified ? of(['DOCUMENT_TYPE_UNKNOWN']) : [{ code: 'DOCUMENT_TYPE_UNKNOWN', detail: 'The document type was not recognised.' }],
      input.documentType,
    ),
  ];
  for (const [name, codes] of L3_RULES) {
    const accepted = input.accepted.filter((p) => codes.includes(p.code));
    const passedDetail = accepted.length ? `${accepted.map((p) => p.detail).join(' ')} Accepted by the policy.` : null;
    evidence.push(rule('L3', name, of(codes), passedDetail));
  }
  evidence.push(...tamperRules(input));

  const passedAt = (level: Level) => evidence.filter((e) => e.level === level).every((e) => e.result === 'passed');
  const l1 = passedAt('L1');
  const l2 = l1 && passedAt('L2');
  const l3 = l2 && passedAt('L3');
  const l4Rules = evidence.some((e) => e.level === 'L4');
  const l4 = l3 && l4Rules && passedAt('L4');
  return {
    statuses: { readable: l1, classified: l2, data_correct: l3, authenticity_supported: l4, verified },
    level: l4 ? 'L4' : l3 ? 'L3' : l2 ? 'L2' : l1 ? 'L1' : null,
    evidence,
    failed_rules: evidence.filter((e) => e.result === 'failed').map((e) => e.rule),
    policy: { name: input.policy.name, version: input.policy.version },
  };
}
