import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/services/notify/outbox.js';
import { bearer, dashboardKey, lastCode, post, signUp } from '../helpers/accounts.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite } from '../helpers/harness.js';

describe.each(await testDatabaseFactories())('secrets at rest on %s', (_name, makeDb) => {
  const h = harnessPerSuite({ workers: false }, makeDb);

  it('a database dump holds no whole API key, password, token, link or one-time code', async () => {
    const a = await signUp(h, 'Dump Org', { phone: '+97450000099' });
    const pre = (await post(h, '/v1/auth/login', { email: a.email, password: a.password })).json().pre_token as string;
    const code = await lastCode(h, '+97450000099');
    const tokens = (await post(h, '/v1/auth/login/otp', { pre_token: pre, code })).json();
    const rotated = (await post(h, '/v1/auth/refresh', { refresh_token: tokens.refresh_token })).json();
    const key = (await dashboardKey(h, { ...a, token: rotated.token })).key;
    const cliKey = await h.key('dump-cli');
    const links = (await readOutbox(h.rt.config.outboxDir)).flatMap((m) => [...(m.text?.matchAll(/token=([\w-]+)/g) ?? [])].map((x) => x[1]!));
    const codes = (await readOutbox(h.rt.config.outboxDir)).flatMap((m) => (m.code ? [m.code] : []));
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const secrets = [a.password, a.token, a.refresh, pre, tokens.token, tokens.refresh_token, rotated.token, rotated.refresh_token, key, cliKey, ...links];

    const dump: string[] = [];
    for (const table of await h.rt.db.db.introspection.getTables()) {
      dump.push(
        JSON.stringify(
          await h.rt.db.db
            .selectFrom(table.name as 'meta')
            .selectAll()
            .execute(),
        ),
      );
    }
    const text = dump.join('\n');
    expect(text).toContain(a.email);
    for (const s of secrets) expect(text.includes(s), `secret of ${s.length} chars found`).toBe(false);
    for (const c of codes) expect(new RegExp(`(?<![0-9a-f])${c}(?![0-9a-f])`).test(text), 'a one-time code').toBe(false);
    await h.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(rotated.token) });

    if (h.db.database.kind === 'sqlite') {
      // The file itself, write-ahead log included, not only what queries return.
      const dir = dirname(h.db.database.file);
      const raw = readdirSync(dir)
        .filter((f) => f.startsWith('test.sqlite'))
        .map((f) => readFileSync(join(dir, f)).toString('latin1'))
        .join('');
      for (const s of secrets) expect(raw.includes(s)).toBe(false);
    }
  });
});
