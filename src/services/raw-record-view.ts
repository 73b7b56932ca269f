import { DECISION_INPUT_KEY } from '../verification/stored-input.js';

interface StoredCandidate {
  reader: string;
  value: unknown;
  raw: string;
  confidence: number;
}

/** `raw_json` as shown: the reading's internal record without what `result` already carries.
 * The stored decision input (kept for redecide) repeats each field's value, status, evidence,
 * region and reason; only what each reader read is shown from it, as `candidates`. */
export function presentRawRecord(raw: Record<string, unknown>): Record<string, unknown> {
  const { [DECISION_INPUT_KEY]: stored, ...rest } = raw;
  const fields = (stored as { fields?: Array<{ key: string; candidates?: StoredCandidate[] }> } | undefined)?.fields ?? [];
  const candidates: Record<string, Array<{ reader: string; value: unknown; raw: string; confidence: number }>> = {};
  for (const field of fields) {
    if (!field.candidates?.length) continue;
    candidates[field.key] = field.candidates.map((c) => ({ reader: c.reader, value: c.value, raw: c.raw, confidence: Math.round(c.confidence * 100) / 100 }));
  }
  return Object.keys(candidates).length ? { ...rest, candidates } : rest;
}
