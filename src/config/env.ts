import { resolve } from 'node:path';
import { z } from 'zod';

/** Every setting the service reads from the environment, parsed once. README's Configuration table
 * mirrors this list. Modules receive the parsed `Config`; none reads `process.env` itself. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: int(8080),
  /** Folder for the SQLite database and the local blob store. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… for PostgreSQL; unset means SQLite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Schema used on PostgreSQL (tests use one per run). */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('public'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().default(''),
  /** Workers run inside `serve` unless false (then run `docread worker`). */
  WORKERS_IN_PROCESS: bool.default(true),
  WORKER_CONCURRENCY: int(2, 1),
  QUEUE_LEASE_SECONDS: int(300, 5),
  QUEUE_POLL_MS: int(250, 10),
  QUEUE_MAX_ATTEMPTS: int(3, 1),
  MAX_FILE_BYTES: int(10 * 1024 * 1024, 1),
  MAX_BATCH_FILES: int(20, 1),
  MAX_PDF_PAGES: int(5, 1),
  REQUEST_TIMEOUT_MS: int(60_000, 1000),
  CONNECTION_TIMEOUT_MS: int(10_000, 1000),
  /** Keep the original upload after reading (needed by rescan and reevaluate). */
  KEEP_ORIGINALS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Create a development organisation and print its key when the database is empty. */
  BOOTSTRAP_DEV_ORG: bool.default(true),
  /** Trusted reverse proxy addresses (comma-separated); X-Forwarded-For is ignored otherwise. */
  TRUST_PROXY: z.string().optional(),
  /** Public base address used in links (outputs); defaults to http://HOST:PORT. */
  PUBLIC_BASE_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string };
  blobs: { kind: 'disk'; root: string } | { kind: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean; prefix: string };
  publicBaseUrl: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const database: Config['database'] = e.DATABASE_URL?.startsWith('postgres')
    ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
    : { kind: 'sqlite', file: resolve(dataDir, 'docread.sqlite') };
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
  });
}
