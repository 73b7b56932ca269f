import type { OutcomeCode } from '../../domain/outcome-codes.js';
import { KEY_FIELDS, type MrzField, type MrzFieldName } from '../mrz/index.js';
import type { ExtractedValue } from '../types.js';
import { spanRegion, type MrzReading } from './mrz-reading.js';

/** MRZ field → the field key the identity doctypes publish it under. */
export const MRZ_FIELD_KEYS: Readonly<Record<MrzFieldName, string>> = {
  document_code: 'document_code',
  issuing_state: 'issuing_country',
  document_number: 'document_number',
  surname: 'surname',
  given_names: 'given_names',
  nationality: 'nationality',
  date_of_birth: 'date_of_birth',
  sex: 'sex',
  expiry_date: 'expiry_date',
  personal_number: 'personal_number',
  optional_data: 'optional_data',
  optional_data_2: 'optional_data_2',
};

/** Outcome codes the parser attached to one field; a refused key field without one is invalid. */
export function fieldProblems(m: MrzReading, name: MrzFieldName, field: MrzField): { codes: OutcomeCode[]; messages: string[] } {
  const own = m.result.problems.filter((p) => p.field === name);
  const codes = new Set(own.flatMap((p) => (p.code ? [p.code] : [])));
  if (field.status === 'invalid' && codes.size === 0 && KEY_FIELDS.has(name)) codes.add('CRITICAL_FIELD_INVALID');
  return { codes: [...codes], messages: own.map((p) => p.message) };
}

function reasonOf(name: MrzFieldName, field: MrzField, messages: string[], compositeFailed: boolean): string | undefined {
  if (field.status === 'invalid') return `MRZ ${name.replace(/_/g, ' ')} "${field.raw}" refused: ${messages.join('; ') || 'not a valid value'}.`;
  if (field.checkDigit?.valid && compositeFailed) return `MRZ ${name.replace(/_/g, ' ')} passes its own check digit but the composite check digit fails.`;
  return undefined;
}

/** One ExtractedValue per MRZ field the doctype publishes. `mrz_checksum` only where the parser
 * says the field's check digits cover and pass it; a refused field has value null, its problems
 * and the reason; an uncovered field (names, nationality, sex) carries no evidence of its own. */
export function mrzValues(m: MrzReading, keys: ReadonlySet<string>): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  const compositeFailed = m.result.composite !== null && !m.result.composite.valid;
  for (const [name, field] of Object.entries(m.result.fields) as Array<[MrzFieldName, MrzField]>) {
    const key = MRZ_FIELD_KEYS[name];
    if (!keys.has(key)) continue;
    // an all-filler optional field is absent, not empty
    if (field.status !== 'invalid' && (field.value === null || field.value === '')) continue;
    const located = spanRegion(m, field.positions);
    const { codes, messages } = fieldProblems(m, name, field);
    const reason = reasonOf(name, field, messages, compositeFailed);
    out.push({
      key,
      value: field.status === 'invalid' ? null : field.value,
      raw: field.raw,
      region: located?.region ?? null,
      confidence: located?.confidence ?? 0,
      ...(field.status === 'valid' ? { evidence: ['mrz_checksum' as const] } : {}),
      ...(codes.length > 0 ? { problems: codes } : {}),
      ...(reason ? { reason } : {}),
    });
  }
  return out;
}
