import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from './helpers/databases.js';
import { startHarness } from './helpers/harness.js';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'docread-cli-users-'));
const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' };

function cli(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', CLI, 'users', 'create', ...args], { env, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? '');
  });
}

/** The CLI's SQLite database, opened by the real app. */
const sameDatabase: TestDatabase = {
  name: 'sqlite',
  database: { kind: 'sqlite', file: join(dir, 'docread.sqlite') },
  env: { DATA_DIR: dir },
  cleanup: async () => undefined,
};

describe('docread users create', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses weak or wrong input clearly and creates nothing', async () => {
    const short = await cli(['--org', 'Acme Ltd', '--email', 'ops@acme.test', '--password', 'short', '--role', 'owner']);
    expect(short.code).not.toBe(0);
    expect(short.stderr).toMatch(/--password: .*10/);
    const email = await cli(['--org', 'Acme Ltd', '--email', 'not-an-email', '--password', 'a long enough password', '--role', 'owner']);
    expect(email.code).not.toBe(0);
    expect(email.stderr).toContain('--email');
    const role = await cli(['--org', 'Acme Ltd', '--email', 'ops@acme.test', '--password', 'a long enough password', '--role', 'god']);
    expect(role.code).not.toBe(0);
    expect(role.stderr).toMatch(/owner, admin, reviewer/);
    const plan = await cli(['--org', 'Acme Ltd', '--email', 'ops@acme.test', '--password', 'a long enough password', '--role', 'owner', '--plan', 'gold']);
    expect(plan.code).not.toBe(0);
    expect(plan.stderr).toContain('no plan "gold"');
  }, 120_000);

  it('creates a person who signs in at once with an argon2id hash; a taken email is refused', async () => {
    const made = await cli(['--org', 'Acme Ltd', '--email', 'Ops@Acme.test', '--password', 'a long enough password', '--role', 'admin']);
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^person ops@acme\.test \(USR_\w+\), admin, in organisation Acme Ltd \(ORG_\w+\) created\n$/);
    expect(made.stdout).not.toContain('a long enough password');
    const fromStdin = await cli(['--org', 'Acme Ltd', '--email', 'rev@acme.test', '--password', '-', '--role', 'reviewer'], 'another long password\n');
    expect(fromStdin.stdout).toMatch(/reviewer, in organisation Acme Ltd \(ORG_\w+\)\n$/);
    const taken = await cli(['--org', 'Other', '--email', 'ops@acme.test', '--password', 'a long enough password', '--role', 'owner']);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain('exists already');

    const h = await startHarness(sameDatabase, { workers: false });
    try {
      const rows = await h.rt.db.db.selectFrom('users').select(['email', 'password_hash', 'role', 'status']).orderBy('email').execute();
      expect(rows.map((r) => [r.email, r.role, r.status])).toEqual([
        ['ops@acme.test', 'admin', 'active'],
        ['rev@acme.test', 'reviewer', 'active'],
      ]);
      expect(rows.every((r) => r.password_hash?.startsWith('$argon2id$'))).toBe(true);
      for (const [email, password] of [
        ['ops@acme.test', 'a long enough password'],
        ['rev@acme.test', 'another long password'],
      ]) {
        const login = await h.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
        expect(login.statusCode).toBe(200);
        const me = await h.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${login.json().token}` } });
        expect(me.json()).toMatchObject({ email, organisation: { name: 'Acme Ltd', plan: 'sandbox' }, email_verified: true });
      }
    } finally {
      await h.close();
    }
  }, 120_000);
});
