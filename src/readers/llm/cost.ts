import type { LlmPrice } from '../../config/llm.js';

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** US dollars for one call: tokens × the configured price per million, to a millionth of a cent
 * (keeps sums free of float noise). A provider that reports no usage costs 0. */
export function callCostUsd(usage: TokenUsage | undefined, price: LlmPrice): number {
  if (!usage) return 0;
  return roundUsd((usage.prompt_tokens * price.inputPerMTok + usage.completion_tokens * price.outputPerMTok) / 1e6);
}

export function roundUsd(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}
