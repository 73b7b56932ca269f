import { Secret } from './secret.js';

/** The hosted vision model's configuration: the providers in the order they are tried, their
 * prices, and how the pipeline uses the model. Parsed once from the environment by
 * config/env.ts; API keys are resolved here from the variables the operator named and kept in
 * `Secret`s so that no config dump shows them. */

export const LLM_MODES = ['off', 'reader', 'judge'] as const;
export type LlmMode = (typeof LLM_MODES)[number];

export interface LlmPrice {
  /** US dollars per million prompt tokens. */
  inputPerMTok: number;
  /** US dollars per million completion tokens. */
  outputPerMTok: number;
}

export interface LlmProvider {
  /** `model@host`: how the provider is named in logs and reasons (never with its key). */
  label: string;
  /** Base address ending before `/chat/completions`, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model: string;
  apiKey: Secret | null;
  price: LlmPrice;
}

export interface LlmSettings {
  /** off: no model at all; reader: a third, independent reader; judge: only decides disputes. */
  mode: LlmMode;
  /** Tried in order; empty when mode is off. */
  providers: LlmProvider[];
  /** Limit of one HTTP call, answer included. */
  timeoutMs: number;
  maxTokens: number;
  /** Extra attempts on the same provider after a 429 or 5xx before the next one is tried. */
  maxRetries: number;
}

/** The environment keys this module reads (declared in config/env.ts's schema). */
export interface LlmEnv {
  DOCREAD_LLM_MODE?: LlmMode | undefined;
  DOCREAD_LLM_BASE_URL?: string | undefined;
  DOCREAD_LLM_API_KEY?: Secret | undefined;
  DOCREAD_LLM_MODEL?: string | undefined;
  DOCREAD_LLM_FALLBACKS?: string | undefined;
  DOCREAD_LLM_PRICE_INPUT_PER_MTOK: number;
  DOCREAD_LLM_PRICE_OUTPUT_PER_MTOK: number;
  DOCREAD_LLM_TIMEOUT_MS: number;
  DOCREAD_LLM_MAX_TOKENS: number;
  DOCREAD_LLM_MAX_RETRIES: number;
}

const MAX_PROVIDERS = 8;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

class LlmConfigError extends Error {
  constructor(key: string, message: string) {
    super(`Invalid configuration:\n  ${key}: ${message}`);
    this.name = 'LlmConfigError';
  }
}

/** Checks a base address and returns it without a trailing slash. Credentials in the address are
 * refused: they would travel into every log line that names the provider. */
function baseUrlOf(key: string, raw: string): { baseUrl: string; host: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LlmConfigError(key, 'not a valid address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new LlmConfigError(key, 'must be an http(s) address');
  if (url.username || url.password) throw new LlmConfigError(key, 'must not carry credentials; use the API key variable');
  if (url.search || url.hash) throw new LlmConfigError(key, 'must not carry a query or fragment');
  return { baseUrl: url.href.replace(/\/+$/, ''), host: url.host };
}

function priceOf(key: string, raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new LlmConfigError(key, `price "${raw}" is not a non-negative number`);
  return n;
}

function keyFrom(key: string, envName: string, env: Record<string, string | undefined>): Secret | null {
  if (envName === '') return null;
  if (!ENV_NAME.test(envName)) throw new LlmConfigError(key, `"${envName}" is not an environment variable name`);
  const value = env[envName];
  if (!value) throw new LlmConfigError(key, `the variable ${envName} named for an API key is not set`);
  return new Secret(value);
}

/** Parses `base_url|model|API_KEY_VARIABLE|input_price|output_price` entries separated by `;`
 * or new lines. The key is named by variable, never written in the list; the variable and the
 * prices may be left empty (a local server without a key; cost counted as 0). */
export function parseFallbacks(spec: string, env: Record<string, string | undefined>): LlmProvider[] {
  const key = 'DOCREAD_LLM_FALLBACKS';
  const entries = spec
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.map((entry, i) => {
    const parts = entry.split('|').map((p) => p.trim());
    if (parts.length < 2 || parts.length > 5) {
      throw new LlmConfigError(key, `entry ${i + 1} must be base_url|model|API_KEY_VARIABLE|input_price|output_price`);
    }
    const [rawUrl = '', model = '', envName = '', input, output] = parts;
    if (!model) throw new LlmConfigError(key, `entry ${i + 1} names no model`);
    const { baseUrl, host } = baseUrlOf(key, rawUrl);
    return {
      label: `${model}@${host}`,
      baseUrl,
      model,
      apiKey: keyFrom(key, envName, env),
      price: { inputPerMTok: priceOf(key, input), outputPerMTok: priceOf(key, output) },
    };
  });
}

/** The settings from the parsed environment; `env` is the raw environment, needed to resolve the
 * key variables the fallback list names. Throws a configuration error naming the bad key. */
export function parseLlmSettings(e: LlmEnv, env: Record<string, string | undefined>): LlmSettings {
  const common = { timeoutMs: e.DOCREAD_LLM_TIMEOUT_MS, maxTokens: e.DOCREAD_LLM_MAX_TOKENS, maxRetries: e.DOCREAD_LLM_MAX_RETRIES };
  const mode: LlmMode = e.DOCREAD_LLM_MODE ?? (e.DOCREAD_LLM_BASE_URL ? 'reader' : 'off');
  if (mode === 'off') return { mode, providers: [], ...common };
  if (!e.DOCREAD_LLM_BASE_URL) throw new LlmConfigError('DOCREAD_LLM_BASE_URL', `required when DOCREAD_LLM_MODE is ${mode}`);
  if (!e.DOCREAD_LLM_MODEL) throw new LlmConfigError('DOCREAD_LLM_MODEL', 'required with DOCREAD_LLM_BASE_URL');
  const { baseUrl, host } = baseUrlOf('DOCREAD_LLM_BASE_URL', e.DOCREAD_LLM_BASE_URL);
  const primary: LlmProvider = {
    label: `${e.DOCREAD_LLM_MODEL}@${host}`,
    baseUrl,
    model: e.DOCREAD_LLM_MODEL,
    apiKey: e.DOCREAD_LLM_API_KEY ?? null,
    price: { inputPerMTok: e.DOCREAD_LLM_PRICE_INPUT_PER_MTOK, outputPerMTok: e.DOCREAD_LLM_PRICE_OUTPUT_PER_MTOK },
  };
  const providers = [primary, ...parseFallbacks(e.DOCREAD_LLM_FALLBACKS ?? '', env)];
  if (providers.length > MAX_PROVIDERS) throw new LlmConfigError('DOCREAD_LLM_FALLBACKS', `at most ${MAX_PROVIDERS - 1} fallbacks`);
  return { mode, providers, ...common };
}
