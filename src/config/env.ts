import { resolve } from 'node:path';
import { z } from 'zod';
import { parsePlans, type Plans } from './plans.js';
import { LLM_MODES, parseLlmSettings, type LlmSettings } from './llm.js';
import { Secret } from './secret.js';

/** Every setting the service reads from the environment, parsed once. README's Configuration table
 * mirrors this list. Modules receive the parsed `Config`; none reads `process.env` itself. */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: int(8080),
  /** Folder for the SQLite database and the local blob store. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… for PostgreSQL; unset means SQLite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Schema used on PostgreSQL (tests use one per run). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('public'),
  /** PostgreSQL connections per process, and how long a request waits for one before 503. */
  DATABASE_POOL_MAX: int(20, 1),
  DATABASE_POOL_TIMEOUT_MS: int(5000, 100),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().default(''),
  /** Copies of the API `serve` runs on one port (Node's cluster); more than 1 needs REDIS_URL. */
  API_PROCESSES: int(1, 1),
  /** Workers run inside `serve` unless false (then run `docread worker`). */
  WORKERS_IN_PROCESS: bool.default(true),
  WORKER_CONCURRENCY: int(2, 1),
  QUEUE_LEASE_SECONDS: int(30, 5),
  QUEUE_POLL_MS: int(250, 10),
  QUEUE_MAX_ATTEMPTS: int(3, 1),
  /** `embedded` (the queue table in the app's database) or `pgboss` (PostgreSQL only). */
  QUEUE_DRIVER: z.enum(['embedded', 'pgboss']).default('embedded'),
  /** pg-boss keeps its tables in this schema. */
  PGBOSS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('pgboss'),
  /** pg-boss: a job active this long is taken as stalled and retried; its supervisor checks this often. */
  PGBOSS_EXPIRE_SECONDS: int(300, 30),
  PGBOSS_MAINTENANCE_SECONDS: int(30, 1),
  PGBOSS_POOL_MAX: int(4, 1),
  /** On SIGTERM: readiness turns 503 this long before the listener closes (load balancers notice), then
   * running documents get this long to finish before they are handed back to the queue. */
  SHUTDOWN_DRAIN_MS: int(5000),
  SHUTDOWN_WORK_TIMEOUT_MS: int(30_000, 1000),
  MAX_FILE_BYTES: int(10 * 1024 * 1024, 1),
  MAX_BATCH_FILES: int(20, 1),
  MAX_PDF_PAGES: int(5, 1),
  REQUEST_TIMEOUT_MS: int(60_000, 1000),
  CONNECTION_TIMEOUT_MS: int(10_000, 1000),
  /** Pages larger than this are downscaled for Tesseract's page read (4.5 MP ≈ A4 at 215 dpi, where
   * 8-point print is still ~25 px tall); the MRZ pass and Paddle's crops keep the full image. */
  OCR_MAX_PIXELS: int(4_500_000, 500_000),
  /** Tesseract engines per process (each ~200 MB, one core while busy). */
  TESSERACT_WORKERS: int(2, 1),
  /** Folder with extra Tesseract traineddata (e.g. ara.traineddata), and the languages to load. */
  TESSDATA_DIR: z.string().optional(),
  TESSERACT_LANGS: z.string().default('eng'),
  /** The Tesseract engines that look again at a photographed name line for the accents the page
   * readers cannot write (ö, ß, ñ, ç…): one engine per ';'-separated language list, each list in
   * priority order (Tesseract favours its first language); empty turns the second look off. */
  TESSERACT_ACCENT_LANGS: z.string().default('fra,deu,spa;spa,fra,deu'),
  /** The Tesseract languages of the engine that reads a QID's Arabic name, started on the first
   * such card; `none` turns the reading off. */
  TESSERACT_ARABIC_LANGS: z.string().default('ara'),
  /** The languages of Tesseract's legacy classifier, the third engine that reads a shop's or a
   * company's name the two readers read a letter or two apart, or a receipt's or invoice's date or
   * total they read a digit apart; `none` turns that look off. */
  TESSERACT_LEGACY_LANGS: z.string().default('eng'),
  /** The independent second reader (PaddleOCR); off only where memory is very tight. */
  PADDLE_ENABLED: bool.default(true),
  PADDLE_WORKERS: int(1, 1),
  /** Longer side a page is downscaled to before Paddle reads it. */
  PADDLE_MAX_SIDE: int(1600, 320),
  /** Keep the original upload after reading (needed by rescan and reevaluate). */
  KEEP_ORIGINALS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Create a development organisation and print its key when the database is empty. */
  BOOTSTRAP_DEV_ORG: bool.default(true),
  /** Trusted reverse proxy addresses (comma-separated); X-Forwarded-For is ignored otherwise. */
  TRUST_PROXY: z.string().optional(),
  /** TrueType fonts embedded in rebuilt CV PDFs (Latin with accents and Arabic): Debian's DejaVu Sans by default. */
  CV_PDF_FONT: z.string().default('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  CV_PDF_FONT_BOLD: z.string().default('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
  /** Public base address used in links (outputs); defaults to http://HOST:PORT. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Signs access tokens and peppers one-time codes; unset: generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_SECONDS: int(900, 30),
  REFRESH_TOKEN_DAYS: int(30, 1),
  /** argon2id cost; the floor is OWASP's minimum (19 MiB, 2 iterations). */
  ARGON2_MEMORY_KIB: int(19_456, 19_456),
  ARGON2_ITERATIONS: int(2, 2),
  /** SMTP for email (smtp:// or smtps://); unset: messages go to the development outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('docread <no-reply@localhost>'),
  /** WhatsApp Cloud API for one-time codes; unset phone number id or token: the outbox. */
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,32}$/)
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_TEMPLATE: z.string().default('otp_code'),
  /** Development outbox folder (defaults to DATA_DIR/outbox). */
  OUTBOX_DIR: z.string().optional(),
  /** Shared rate-limit counters when several processes serve; unset: in memory. */
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('docread:'),
  REDIS_COMMAND_TIMEOUT_MS: int(100, 10),
  /** How long a process trusts an API key it looked up without looking again: a revocation or
   * suspension made through another process takes effect within this; 0 looks up every request. */
  API_KEY_CACHE_MS: int(2000),
  /** Megabytes of served document answers an API process holds, each checked against its row's
   * revision on every read (0: none). */
  VIEW_CACHE_MB: int(64),
  /** Requests a minute per IP address and (unless the plan says otherwise) per key; 0 turns it off. */
  RATE_LIMIT_PER_MINUTE: int(600),
  /** Capture checks a minute per key, besides the general limit (each one runs OCR); 0 turns it off. */
  CAPTURE_RATE_LIMIT_PER_MINUTE: int(120),
  ABUSE_MAX_FAILURES: int(20, 1),
  ABUSE_WINDOW_SECONDS: int(300, 1),
  ABUSE_BLOCK_SECONDS: int(900, 1),
  /** Plans as JSON ({ name: { monthly_quota, uploads_per_hour, requests_per_minute } }). */
  PLANS: z.string().optional(),
  /** Optional hosted vision model (OpenAI-compatible chat completions); unset base URL: none.
   * Mode off | reader (a third reader) | judge (decides disputes only); default reader with a URL. */
  DOCREAD_LLM_MODE: z.enum(LLM_MODES).optional(),
  DOCREAD_LLM_BASE_URL: z.string().url().optional(),
  /** Kept as a Secret: a config dump shows [redacted]. */
  DOCREAD_LLM_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? new Secret(v) : undefined)),
  DOCREAD_LLM_MODEL: z.string().optional(),
  /** `base_url|model|API_KEY_VARIABLE|input_price|output_price` entries separated by `;`, tried in order. */
  DOCREAD_LLM_FALLBACKS: z.string().optional(),
  /** US dollars per million tokens of the primary model (cost_usd); 0 when unknown. */
  DOCREAD_LLM_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).default(0),
  DOCREAD_LLM_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).default(0),
  DOCREAD_LLM_TIMEOUT_MS: int(60_000, 1000),
  DOCREAD_LLM_MAX_TOKENS: int(4096, 64),
  DOCREAD_LLM_MAX_RETRIES: int(2),
  // Webhooks (README "Webhooks"): delays before attempts 2–6, in ms; the 10 s limit of one attempt.
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .default('30000,120000,600000,1800000,7200000')
    .transform((s) => s.split(',').map(Number)),
  WEBHOOK_TIMEOUT_MS: int(10_000, 10),
  WEBHOOK_CONCURRENCY: int(16, 1),
  WEBHOOK_ROTATION_WINDOW_SECONDS: int(86_400, 0),
  /** Development only: lets http:// receivers on loopback addresses be registered and called. */
  WEBHOOK_ALLOW_HTTP_LOOPBACK: bool.default(false),
  /** Encrypts webhook signing secrets at rest; without it, a key derived from AUTH_SECRET (or the generated one). */
  WEBHOOK_ENCRYPTION_KEY: z.string().min(32).optional(),
  IDEMPOTENCY_KEY_HOURS: int(24, 24),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string; poolMax?: number; poolTimeoutMs?: number };
  blobs:
    | { kind: 'disk'; root: string }
    | {
        kind: 's3';
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
        prefix: string;
      };
  publicBaseUrl: string;
  plans: Plans;
  outboxDir: string;
  llm: LlmSettings;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const database: Config['database'] = e.DATABASE_URL?.startsWith('postgres')
    ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA, poolMax: e.DATABASE_POOL_MAX, poolTimeoutMs: e.DATABASE_POOL_TIMEOUT_MS }
    : { kind: 'sqlite', file: resolve(dataDir, 'docread.sqlite') };
  if (e.QUEUE_DRIVER === 'pgboss' && database.kind !== 'postgres') {
    throw new Error('Invalid configuration:\n  QUEUE_DRIVER: pgboss needs DATABASE_URL=postgres://…');
  }
  const blobs: Config['blobs'] = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
        region: e.S3_REGION,
        ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
        ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX,
      }
    : { kind: 'disk', root: resolve(dataDir, 'blobs') };
  return Object.freeze({
    ...e,
    dataDir,
    database,
    blobs,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`,
    plans: parsePlans(e.PLANS),
    outboxDir: resolve(e.OUTBOX_DIR ?? resolve(dataDir, 'outbox')),
    llm: parseLlmSettings(e, env),
  });
}
