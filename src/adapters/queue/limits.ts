/** What callers may hand any queue, whichever implementation runs it: the payload is a reference
 * to rows, not the data. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
export const MAX_ATTEMPTS_LIMIT = 100;
const MAX_DELAY_MS = 30 * 24 * 3600 * 1000;
const QUEUE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function checkQueueName(queue: string): void {
  if (!QUEUE_NAME.test(queue)) throw new Error(`Invalid queue name ${JSON.stringify(queue)}`);
}

export function checkAttempts(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ATTEMPTS_LIMIT) throw new Error(`maxAttempts must be an integer from 1 to ${MAX_ATTEMPTS_LIMIT}`);
}

export function checkDelay(delayMs: number): number {
  if (!(delayMs >= 0 && delayMs <= MAX_DELAY_MS)) throw new Error(`delayMs must be between 0 and ${MAX_DELAY_MS}`);
  return delayMs;
}

export function checkDedupeKey(key: string): void {
  if (key.length === 0 || key.length > 200) throw new Error('dedupeKey must be 1–200 characters');
}

/** The payload as stored: JSON within the size limit. */
export function encodePayload(payload: unknown): string {
  const text = JSON.stringify(payload ?? null);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`Queue payload exceeds ${MAX_PAYLOAD_BYTES} bytes`);
  return text;
}
