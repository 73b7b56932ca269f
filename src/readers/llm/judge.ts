import { z } from 'zod';
import { canonical, type FieldKind } from '../../domain/normalise.js';
import type { LlmClient } from './client.js';
import { fitPng } from './images.js';
import { judgeMessages } from './prompts.js';

/** The model as judge of a disputed field: it sees the field's crop and the readings, and may
 * only point at one of them. Its answer is checked against the readings after canonicalisation;
 * an answer naming a value no reader read is refused. A judged value is one model's opinion
 * (evidence `judge`), never corroboration. */

export interface JudgeRequest {
  field: { key: string; label: string; kind: FieldKind };
  /** The disputed readings, as read (`raw`), in the order shown to the model. */
  candidates: Array<{ reader: string; raw: string }>;
  /** PNG of the field's region on the page. */
  crop: Buffer;
}

export type JudgeVerdict = 'picked' | 'undecided' | 'refused';

export interface JudgeResult {
  /** Index into `candidates`, or null when the model could not tell or its answer was refused. */
  choice: number | null;
  /** The chosen candidate's `raw`, exactly as that reader read it; null without a choice. */
  value: string | null;
  verdict: JudgeVerdict;
  /** The model's reasoning, or why its answer was refused. */
  reasoning: string;
  cost_usd: number;
  /** `model@host` that answered. */
  provider: string;
}

const MAX_CANDIDATES = 10;
const MAX_RAW_CHARS = 500;
const MAX_REASONING_CHARS = 1000;
/** Field crops are small; this bounds what a wrong crop could cost. */
export const JUDGE_CROP_MAX_SIDE = 1024;

const AnswerSchema = z.object({
  choice: z.number().int().nullable(),
  value: z.union([z.string().max(MAX_RAW_CHARS * 2), z.number()]).nullish(),
  reasoning: z.string().optional(),
});
type Answer = z.infer<typeof AnswerSchema>;

function checkRequest(req: JudgeRequest): void {
  if (req.candidates.length < 2 || req.candidates.length > MAX_CANDIDATES) {
    throw new RangeError(`A dispute has 2 to ${MAX_CANDIDATES} candidates, not ${req.candidates.length}`);
  }
  if (req.candidates.some((c) => c.raw.length > MAX_RAW_CHARS)) throw new RangeError(`A candidate reading exceeds ${MAX_RAW_CHARS} characters`);
}

/** What the answer means, given the readings offered. */
export function verdictOf(answer: Answer, kind: FieldKind, candidates: JudgeRequest['candidates']): Omit<JudgeResult, 'cost_usd' | 'provider'> {
  const reasoning = (answer.reasoning ?? '').slice(0, MAX_REASONING_CHARS);
  const refused = (why: string) => ({ choice: null, value: null, verdict: 'refused' as const, reasoning: `Answer refused: ${why}. Model said: ${reasoning}` });
  if (answer.choice === null) return { choice: null, value: null, verdict: 'undecided', reasoning };
  const chosen = candidates[answer.choice];
  if (!chosen) return refused(`it chose reading ${answer.choice}, which was not offered`);
  if (answer.value !== null && answer.value !== undefined) {
    const said = String(answer.value);
    if (canonical(kind, said) !== canonical(kind, chosen.raw)) {
      return refused(`its value "${said.slice(0, 80)}" is not reading ${answer.choice} ("${chosen.raw}")`);
    }
  }
  return { choice: answer.choice, value: chosen.raw, verdict: 'picked', reasoning };
}

export async function judgeDispute(client: LlmClient, req: JudgeRequest, signal?: AbortSignal): Promise<JudgeResult> {
  checkRequest(req);
  const crop = await fitPng(req.crop, JUDGE_CROP_MAX_SIDE);
  const messages = judgeMessages(
    req.field,
    req.candidates.map((c) => c.raw),
    crop,
  );
  const result = await client.complete(messages, (json) => AnswerSchema.parse(json), signal);
  return { ...verdictOf(result.value, req.field.kind, req.candidates), cost_usd: result.costUsd, provider: result.provider };
}
