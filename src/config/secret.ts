import { inspect } from 'node:util';

/** An API key that does not print: JSON, string conversion and util.inspect (what pino and
 * console use) all show a placeholder, so a logged config or provider never carries the key. */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The key itself, for the Authorization header only. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return '[redacted]';
  }

  toJSON(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return 'Secret([redacted])';
  }
}

/** Replaces every occurrence of the given secrets in a text (defence in depth for messages that
 * quote what a provider answered). */
export function redact(text: string, secrets: readonly (Secret | null)[]): string {
  let out = text;
  for (const s of secrets) {
    const value = s?.reveal();
    if (value && value.length >= 4) out = out.split(value).join('[redacted]');
  }
  return out;
}
