import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { requiredScope, type ApiRoute } from '../../src/http/plugins/auth.js';
import { KEY_SCOPES } from '../../src/services/accounts.js';
import { loadAuthKeys } from '../../src/services/sessions-secret.js';
import { pngWithText } from '../fixtures/files.js';
import { bearer, dashboardKey, lastCode, post, signUp } from '../helpers/accounts.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, upload } from '../helpers/harness.js';

/** Bodies that pass validation, so a refusal is about who asks, not what was sent. */
const BODIES: Record<string, unknown> = { 'PATCH /v1/users/:id': { status: 'inactive' }, 'POST /v1/documents/:id/reject': { reason: 'not ours' } };

describe.each(await testDatabaseFactories())('every route against every kind of bad credential on %s', (_name, makeDb) => {
  let routes: ApiRoute[];
  const a = { token: '', expired: '', docId: '', keyId: '', userId: '', orgId: '', narrowKeys: new Map<string, string>(), fullKey: '' };
  const b = { key: '', token: '' };

  const h = harnessPerSuite({ workers: false, env: { RATE_LIMIT_PER_MINUTE: '0', ABUSE_MAX_FAILURES: '100000' } }, makeDb);
  beforeAll(async () => {
    routes = h.app.apiRoutes.filter((r) => !r.public);

    const owner = await signUp(h, 'Matrix A', { phone: '+97450000010' });
    const pre = (await post(h, '/v1/auth/login', { email: owner.email, password: owner.password })).json().pre_token;
    a.token = (await post(h, '/v1/auth/login/otp', { pre_token: pre, code: await lastCode(h, '+97450000010') })).json().token;
    const me = (await h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(a.token) })).json();
    a.userId = me.id;
    a.orgId = me.organisation.id;
    const full = await dashboardKey(h, { ...owner, token: a.token });
    a.fullKey = full.key;
    a.keyId = full.id;
    for (const scope of KEY_SCOPES)
      a.narrowKeys.set(
        scope,
        (
          await dashboardKey(
            h,
            { ...owner, token: a.token },
            KEY_SCOPES.filter((s) => s !== scope),
          )
        ).key,
      );
    a.docId = (await upload(h, full.key, { filename: 'secret-a.png', bytes: await pngWithText(['ORG A ONLY']) })).json().id;

    const claims = JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; org: string };
    const keys = await loadAuthKeys(h.rt.repos.meta, h.rt.config.AUTH_SECRET);
    const past = Math.floor(Date.now() / 1000) - 60;
    a.expired = await new SignJWT({ sid: claims.sid, org: claims.org })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('docread')
      .setAudience('docread-api')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(keys.jwt);

    b.key = await h.key('Matrix B');
    b.token = (await signUp(h, 'Matrix B2')).token;
  });

  const fill = (url: string) =>
    url.replace(/:id\b/, url.startsWith('/v1/keys') ? a.keyId : url.startsWith('/v1/users') ? a.userId : a.docId).replace(':page', '1');
  const call = (r: ApiRoute, headers: Record<string, string>) =>
    h.inject({
      method: r.method as 'GET',
      url: fill(r.url),
      headers,
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: (BODIES[`${r.method} ${r.url}`] ?? {}) as object }),
    });
  const label = (r: ApiRoute) => `${r.method} ${r.url}`;

  it('lists the routes from the app itself, dashboard and data routes alike', () => {
    const names = routes.map(label);
    for (const expected of ['POST /v1/documents/upload', 'GET /v1/documents/:id', 'POST /v1/keys', 'GET /v1/usage', 'GET /v1/auth/me'])
      expect(names).toContain(expected);
  });

  it('answers 401 unauthorized without credentials, with a bad key and with an expired token', async () => {
    for (const r of routes) {
      for (const headers of [
        {} as Record<string, string>,
        { 'x-doc-api-key': `mk_live_${'A'.repeat(43)}` },
        bearer(`mk_live_${'B'.repeat(43)}`),
        bearer(a.expired),
        bearer('not.a.jwt'),
      ]) {
        const res = await call(r, headers);
        expect([res.statusCode, res.json().error?.code], `${label(r)} ${JSON.stringify(headers)}`).toEqual([401, 'unauthorized']);
      }
    }
  });

  it('answers 403 insufficient_scope naming the scope, or 403 forbidden for dashboard routes called with a key', async () => {
    for (const r of routes) {
      if (r.userOnly) {
        const res = await call(r, { 'x-doc-api-key': a.fullKey });
        expect([res.statusCode, res.json().error.code], label(r)).toEqual([403, 'forbidden']);
        continue;
      }
      const scope = requiredScope(r.method, r.url);
      const res = await call(r, { 'x-doc-api-key': a.narrowKeys.get(scope)! });
      expect([res.statusCode, res.json().error.code, res.json().error.scope], label(r)).toEqual([403, 'insufficient_scope', scope]);
    }
  });

  it("never shows another organisation's data: its ids answer 404", async () => {
    const secrets = [a.docId, a.keyId, a.userId, a.orgId, 'secret-a.png'];
    // Signing out ends the session the other calls use, so it goes last.
    const ordered = [...routes].sort((x, y) => Number(x.url === '/v1/auth/logout') - Number(y.url === '/v1/auth/logout'));
    for (const r of ordered) {
      const res = await call(r, r.userOnly ? bearer(b.token) : { 'x-doc-api-key': b.key });
      for (const s of secrets) expect(res.body, `${label(r)} leaked ${s}`).not.toContain(s);
      if (r.url.includes(':id')) expect([res.statusCode, res.json().error.code], label(r)).toEqual([404, 'not_found']);
    }
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${a.docId}`, headers: { 'x-doc-api-key': a.fullKey } })).statusCode).toBe(200);
    expect(
      (await h.inject({ method: 'GET', url: '/v1/keys', headers: bearer(a.token) })).json().items.every((k: { revoked_at: unknown }) => k.revoked_at === null),
    ).toBe(true);
  });
});
