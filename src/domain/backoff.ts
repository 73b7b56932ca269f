/** The one exponential backoff: the wait before try `attempt` (0-based) doubles from `baseMs`,
 * never past `capMs`. */
export function backoffMs(attempt: number, baseMs: number, capMs = Number.POSITIVE_INFINITY): number {
  return Math.min(capMs, baseMs * 2 ** attempt);
}

/** The backoff with jitter (half to full), so that callers failing together do not retry together. */
export function jitteredBackoffMs(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const full = backoffMs(attempt, baseMs, capMs);
  return Math.round(full / 2 + (full / 2) * random());
}
