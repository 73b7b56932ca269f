#!/usr/bin/env node
import cluster from 'node:cluster';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Command, Option } from 'commander';
import pino from 'pino';
import { z } from 'zod';
import { connectDb } from './adapters/db/connect.js';
import { Repositories } from './adapters/db/repositories/index.js';
import { loadConfig } from './config/env.js';
import { DOCUMENT_TYPES, type DocumentType } from './domain/document-types.js';
import { API_VERSION } from './app.js';
import { createRuntime } from './runtime.js';
import { bootstrapDevOrganisation } from './services/bootstrap.js';
import { AccountsService, ROLES, type Role } from './services/accounts.js';
import { Email, Password } from './http/schemas/auth.js';
import { runApiCluster } from './serve-cluster.js';

const program = new Command();
program.name('docread').description('Self-hostable document reading service.').version(API_VERSION);

program
  .command('serve')
  .description('Start the HTTP API (and, unless WORKERS_IN_PROCESS=false, the reading workers); API_PROCESSES=N runs N copies on one port.')
  .action(async () => {
    const config = loadConfig();
    if (config.API_PROCESSES > 1 && cluster.isPrimary) {
      // The primary migrates and bootstraps once, then only forks: the copies serve.
      const db = connectDb(config.database);
      await db.migrate();
      const devKey = config.BOOTSTRAP_DEV_ORG ? await bootstrapDevOrganisation(new AccountsService(new Repositories(db.db))) : null;
      await db.close();
      if (devKey) printDevKey(devKey, config.publicBaseUrl);
      runApiCluster(config, config.API_PROCESSES, (line) => process.stderr.write(`${line}\n`));
      return;
    }
    const rt = await createRuntime(config);
    const key = config.BOOTSTRAP_DEV_ORG ? await bootstrapDevOrganisation(rt.accounts) : null;
    const app = await rt.buildApp();
    await app.listen({ host: config.HOST, port: config.PORT });
    if (config.WORKERS_IN_PROCESS) rt.startWorkers();
    if (key) printDevKey(key, config.publicBaseUrl);
    onShutdown(async () => {
      rt.beginDrain();
      await sleep(config.SHUTDOWN_DRAIN_MS);
      // Fastify stops accepting, closes idle connections and waits for requests in flight.
      await app.close();
      await rt.close();
    });
  });

program
  .command('worker')
  .description('Run reading workers only (scale-out: start the API with WORKERS_IN_PROCESS=false).')
  .option('-c, --concurrency <n>', 'documents read at once', (v) => Number.parseInt(v, 10))
  .action(async (opts: { concurrency?: number }) => {
    const rt = await createRuntime(loadConfig());
    rt.startWorkers(opts.concurrency);
    rt.logger.info('worker started');
    onShutdown(() => rt.close());
  });

program
  .command('read')
  .description('Read one file in-process (no server) and print the document JSON.')
  .argument('<file>', 'PNG, JPG, PDF, DOCX or DOC')
  .addOption(new Option('-t, --type <type>', 'document type hint').choices(DOCUMENT_TYPES))
  .action(async (file: string, opts: { type?: DocumentType }) => {
    const dir = mkdtempSync(join(tmpdir(), 'docread-read-'));
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: undefined,
      S3_BUCKET: undefined,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      QUEUE_POLL_MS: '20',
    });
    const rt = await createRuntime(config, { logger: pino({ level: config.LOG_LEVEL }, pino.destination(2)) });
    try {
      const created = await rt.accounts.createKey({ orgName: 'cli', name: 'cli' });
      const principal = (await rt.accounts.authenticateKey(created.key))!;
      const uploaded = await rt.documents.upload(principal, {
        filename: basename(file),
        bytes: readFileSync(file),
        typeHint: opts.type ?? null,
        outputs: [],
        improve: false,
        consent: null,
      });
      rt.startWorkers(1);
      let doc = await rt.documents.get(principal, uploaded.id);
      while (doc.status === 'processing') {
        await new Promise((r) => setTimeout(r, 50));
        doc = await rt.documents.get(principal, uploaded.id);
      }
      process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    } finally {
      await rt.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

const keys = program.command('keys').description('Manage API keys.');
keys
  .command('create')
  .description('Create an API key (and the organisation when needed); prints the key alone on the last line.')
  .requiredOption('--org <name>', 'organisation name')
  .option('--plan <plan>', 'plan of a new organisation', 'sandbox')
  .option('--name <name>', 'a label for the key', 'cli')
  .action(async (opts: { org: string; plan: string; name: string }) => {
    const rt = await createRuntime(loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }));
    try {
      const created = await rt.accounts.createKey({ orgName: opts.org, plan: opts.plan, name: opts.name });
      process.stdout.write(
        `organisation ${created.orgName} (${created.orgId})${created.createdOrg ? ' created' : ''}; key ${created.keyId}, shown once:\n${created.key}\n`,
      );
    } finally {
      await rt.close();
    }
  });

const users = program.command('users').description('Manage people.');
users
  .command('create')
  .description('Create an active person (and the organisation when needed) who can sign in at once; the email counts as verified.')
  .requiredOption('--org <name>', 'organisation name')
  .requiredOption('--email <email>', 'email address, used to sign in')
  .requiredOption('--password <password>', `10 to 256 characters; "-" reads it from the first line of standard input, out of the shell's history`)
  .addOption(new Option('--role <role>', 'role in the organisation').choices(ROLES).makeOptionMandatory())
  .option('--plan <plan>', 'plan of a new organisation', 'sandbox')
  .option('--name <name>', 'display name')
  .action(async (opts: { org: string; email: string; password: string; role: Role; plan: string; name?: string }) => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
    const password = opts.password === '-' ? await firstLineOfStdin() : opts.password;
    const input = OperatorUserInput.safeParse({ org: opts.org, email: opts.email, password, name: opts.name });
    if (!input.success) throw new Error(`refused:\n${input.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`).join('\n')}`);
    if (!(opts.plan in config.plans)) throw new Error(`refused: no plan "${opts.plan}" (plans: ${Object.keys(config.plans).join(', ')})`);
    const rt = await createRuntime(config);
    try {
      const { org, email, name } = input.data;
      const user = await rt.users.createByOperator({ orgName: org, plan: opts.plan, email, password: input.data.password, role: opts.role, name });
      process.stdout.write(
        `person ${user.email} (${user.id}), ${user.role}, in organisation ${org} (${user.organisation_id})${user.organisation_created ? ' created' : ''}\n`,
      );
    } finally {
      await rt.close();
    }
  });

program
  .command('migrate')
  .description('Apply pending database migrations (also run at every start).')
  .action(async () => {
    const db = connectDb(loadConfig().database);
    try {
      const applied = await db.migrate();
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    } finally {
      await db.close();
    }
  });

function printDevKey(key: string, baseUrl: string): void {
  process.stdout.write(
    `\nCreated the development organisation. Its API key, shown once:\n\n  ${key}\n\n` +
      `Try: curl -H "X-Doc-API-Key: ${key}" -F file=@passport.jpg ${baseUrl}/v1/documents/upload\n` +
      `Docs: ${baseUrl}/docs\n\n`,
  );
}

/** Same rules as sign-up. */
const OperatorUserInput = z.object({
  org: z.string().trim().min(2).max(100),
  email: Email,
  password: Password,
  name: z.string().trim().max(100).optional(),
});

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`received ${signal}, shutting down\n`);
    close().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`docread: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
