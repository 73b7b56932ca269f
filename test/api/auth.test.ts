import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadAuthKeys } from '../../src/services/sessions-secret.js';
import { pngWithText } from '../fixtures/files.js';
import { bearer, dashboardKey, emailLink, lastCode, lastMessage, post, signUp } from '../helpers/accounts.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, upload } from '../helpers/harness.js';

describe.each(await testDatabaseFactories())('accounts and sign-in on %s', (_name, makeDb) => {
  const h = harnessPerSuite({ workers: false, env: { RATE_LIMIT_PER_MINUTE: '0', ABUSE_MAX_FAILURES: '1000' } }, makeDb);

  const me = (token: string) => h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) });

  it('signs up, verifies email by link and phone by WhatsApp code, then creates a key shown once', async () => {
    const signup = { email: 'Owner@Acme.test', password: 'a long enough password', organisation: 'Acme Ltd' };
    const first = await post(h, '/v1/auth/signup', signup);
    expect(first.statusCode).toBe(202);
    const again = await post(h, '/v1/auth/signup', { ...signup, organisation: 'Other Ltd' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());

    const login = (await post(h, '/v1/auth/login', { email: 'owner@acme.test', password: signup.password })).json();
    expect(login).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect((await me(login.token)).json()).toMatchObject({ role: 'owner', email_verified: false, phone_verified: false, missing: ['email', 'phone'] });

    const refused = await post(h, '/v1/keys', { name: 'ci' }, bearer(login.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'account_verification_required', missing: ['email', 'phone'] });
    expect(refused.json().error.verify_url).toMatch(/^http/);

    expect((await lastMessage(h, 'owner@acme.test', 'email')).subject).toBe('Sign-up attempt');
    const link = await emailLink(h, 'owner@acme.test');
    expect((await h.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect((await h.inject({ method: 'GET', url: link })).json().error.code).toBe('validation_error');
    expect((await post(h, '/v1/keys', { name: 'ci' }, bearer(login.token))).json().error.missing).toEqual(['phone']);

    expect((await post(h, '/v1/auth/phone', { phone: '+97450000001' }, bearer(login.token))).statusCode).toBe(202);
    const code = await lastCode(h, '+97450000001');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post(h, '/v1/auth/phone/verify', { code: code === '000000' ? '111111' : '000000' }, bearer(login.token));
    expect(wrong.json().error).toMatchObject({ code: 'validation_error', tries_left: 4 });
    expect((await post(h, '/v1/auth/phone/verify', { code }, bearer(login.token))).json()).toMatchObject({ phone: '+97450000001', phone_verified: true });

    const created = await post(h, '/v1/keys', { name: 'ci', scopes: ['documents:read', 'documents:write'] }, bearer(login.token));
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key.key).toMatch(/^mk_live_/);
    const listed = (await h.inject({ method: 'GET', url: '/v1/keys', headers: bearer(login.token) })).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: key.id,
      prefix: key.key.slice(0, 12),
      last4: key.key.slice(-4),
      scopes: ['documents:read', 'documents:write'],
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const up = await upload(h, key.key, { filename: 'a.png', bytes: await pngWithText(['KEY WORKS']) });
    expect(up.statusCode).toBe(202);
    const asBearer = await h.inject({ method: 'GET', url: `/v1/documents/${up.json().id}`, headers: bearer(key.key) });
    expect(asBearer.statusCode).toBe(200);

    const leaked = await post(h, `/v1/keys/${key.id}/disable`, {}, bearer(login.token));
    expect(leaked.json()).toMatchObject({ disabled_reason: 'leaked' });
    expect((await h.inject({ method: 'GET', url: '/v1/documents', headers: { 'x-doc-api-key': key.key } })).statusCode).toBe(401);

    // With a verified phone, sign-in asks for a WhatsApp code.
    const step = (await post(h, '/v1/auth/login', { email: 'owner@acme.test', password: signup.password })).json();
    expect(step).toMatchObject({ otp_required: true });
    expect(step.token).toBeUndefined();
    const tokens = await post(h, '/v1/auth/login/otp', { pre_token: step.pre_token, code: await lastCode(h, '+97450000001') });
    expect(tokens.statusCode).toBe(200);
    expect((await me(tokens.json().token)).statusCode).toBe(200);
    // The pre-sign-in token is not an access token.
    expect((await me(step.pre_token)).statusCode).toBe(401);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const a = await signUp(h, 'Alike Org');
    const unknown = await post(h, '/v1/auth/login', { email: 'nobody@example.test', password: a.password });
    const wrong = await post(h, '/v1/auth/login', { email: a.email, password: 'not the password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const strip = (r: typeof wrong) => ({ ...r.json().error, request_id: undefined });
    expect(strip(unknown)).toEqual(strip(wrong));
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole session; logout ends it', async () => {
    const a = await signUp(h, 'Rotate Org');
    const next = await post(h, '/v1/auth/refresh', { refresh_token: a.refresh });
    expect(next.statusCode).toBe(200);
    const second = next.json();
    expect(second.refresh_token).not.toBe(a.refresh);
    expect((await me(second.token)).statusCode).toBe(200);

    const reuse = await post(h, '/v1/auth/refresh', { refresh_token: a.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('session_revoked');
    expect((await post(h, '/v1/auth/refresh', { refresh_token: second.refresh_token })).json().error.code).toBe('session_revoked');
    expect((await me(second.token)).json().error.code).toBe('session_revoked');

    const fresh = (await post(h, '/v1/auth/login', { email: a.email, password: a.password })).json();
    expect((await post(h, '/v1/auth/logout', {}, bearer(fresh.token))).statusCode).toBe(200);
    expect((await me(fresh.token)).json().error.code).toBe('session_revoked');
    expect((await post(h, '/v1/auth/refresh', { refresh_token: fresh.refresh_token })).json().error.code).toBe('session_revoked');
    expect((await post(h, '/v1/auth/refresh', { refresh_token: 'rt_made_up' })).json().error.code).toBe('unauthorized');
  });

  it('allows 5 tries per code, refuses an expired code, and a code works once', async () => {
    const a = await signUp(h, 'Otp Org', { phone: '+97450000002' });
    const start = async () => (await post(h, '/v1/auth/login', { email: a.email, password: a.password })).json().pre_token as string;

    let pre = await start();
    let code = await lastCode(h, '+97450000002');
    const bad = code === '999999' ? '000000' : '999999';
    for (let i = 4; i >= 0; i--) {
      const r = await post(h, '/v1/auth/login/otp', { pre_token: pre, code: bad });
      expect(r.json().error).toMatchObject({ code: 'unauthorized', tries_left: i });
    }
    expect((await post(h, '/v1/auth/login/otp', { pre_token: pre, code })).statusCode).toBe(401);

    pre = await start();
    code = await lastCode(h, '+97450000002');
    await h.rt.db.db
      .updateTable('otp_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('consumed_at', 'is', null)
      .execute();
    expect((await post(h, '/v1/auth/login/otp', { pre_token: pre, code })).statusCode).toBe(401);

    pre = await start();
    code = await lastCode(h, '+97450000002');
    expect((await post(h, '/v1/auth/login/otp', { pre_token: pre, code })).statusCode).toBe(200);
    expect((await post(h, '/v1/auth/login/otp', { pre_token: pre, code })).statusCode).toBe(401);
  });

  it('refuses expired, unsigned and other-algorithm tokens', async () => {
    const a = await signUp(h, 'Jwt Org');
    const claims = JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; org: string };
    const keys = await loadAuthKeys(h.rt.repos.meta, h.rt.config.AUTH_SECRET);
    const base = () => new SignJWT({ sid: claims.sid, org: claims.org }).setSubject(claims.sub).setIssuer('docread').setAudience('docread-api');
    const expired = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(keys.jwt);
    const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('5m').sign(keys.jwt);
    const valid = await base().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(keys.jwt);
    const [header, payload, signature] = valid.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    // The signature's first character changed: all six of its bits are the signature's, where the
    // last character's low bits are padding a decoder ignores (writing "xx" over the last two left
    // the signature's bytes as they were about once in a thousand runs, and the token valid).
    const forged = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect((await me(valid)).statusCode).toBe(200);
    for (const token of [expired, hs512, none, forged]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('answers tenant_suspended, account_inactive, account_suspended, subscription_expired, forbidden and insufficient_scope', async () => {
    const owner = await signUp(h, 'Refusal Org', { phone: '+97450000003' });
    const ownerToken = (
      await post(h, '/v1/auth/login/otp', {
        pre_token: (await post(h, '/v1/auth/login', { email: owner.email, password: owner.password })).json().pre_token,
        code: await lastCode(h, '+97450000003'),
      })
    ).json().token;
    const readOnly = await dashboardKey(h, { ...owner, token: ownerToken }, ['documents:read']);

    const scope = await upload(h, readOnly.key, { filename: 'x.png', bytes: await pngWithText(['SCOPE']) });
    expect(scope.statusCode).toBe(403);
    expect(scope.json().error).toMatchObject({ code: 'insufficient_scope', scope: 'documents:write' });
    const keyOnDashboard = await h.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-doc-api-key': readOnly.key } });
    expect(keyOnDashboard.json().error.code).toBe('forbidden');

    // An invited reviewer may read documents but not manage keys or people.
    const invited = await post(h, '/v1/users', { email: 'reviewer@refusal.test', role: 'reviewer' }, bearer(ownerToken));
    expect(invited.statusCode).toBe(201);
    const token = (await lastMessage(h, 'reviewer@refusal.test', 'email')).text!.match(/"token": "([^"]+)"/)![1];
    expect((await post(h, '/v1/auth/accept-invite', { token, password: 'reviewer password 1' })).statusCode).toBe(200);
    const reviewer = (await post(h, '/v1/auth/login', { email: 'reviewer@refusal.test', password: 'reviewer password 1' })).json();
    expect((await h.inject({ method: 'GET', url: '/v1/documents', headers: bearer(reviewer.token) })).statusCode).toBe(200);
    expect((await post(h, '/v1/keys', { name: 'x' }, bearer(reviewer.token))).json().error.code).toBe('forbidden');
    expect((await post(h, '/v1/users', { email: 'x@refusal.test', role: 'admin' }, bearer(reviewer.token))).json().error.code).toBe('forbidden');

    const deactivated = await h.inject({
      method: 'PATCH',
      url: `/v1/users/${invited.json().id}`,
      payload: { status: 'inactive' },
      headers: bearer(ownerToken),
    });
    expect(deactivated.json().status).toBe('inactive');
    const inactive = await me(reviewer.token);
    expect([inactive.statusCode, inactive.json().error.code]).toEqual([401, 'account_inactive']);

    await h.rt.users.suspend(invited.json().id, true);
    const suspended = await me(reviewer.token);
    expect([suspended.statusCode, suspended.json().error.code]).toEqual([403, 'account_suspended']);
    const suspendedLogin = await post(h, '/v1/auth/login', { email: 'reviewer@refusal.test', password: 'reviewer password 1' });
    expect(suspendedLogin.json().error.code).toBe('account_suspended');

    await h.rt.accounts.updateOrganisation(owner.orgId, { subscription_expires_at: new Date(Date.now() - 1000).toISOString() });
    const expired = await h.inject({ method: 'GET', url: '/v1/documents', headers: { 'x-doc-api-key': readOnly.key } });
    expect([expired.statusCode, expired.json().error.code]).toEqual([403, 'subscription_expired']);

    await h.rt.accounts.updateOrganisation(owner.orgId, { subscription_expires_at: null, status: 'suspended' });
    for (const headers of [{ 'x-doc-api-key': readOnly.key }, bearer(ownerToken)]) {
      const res = await h.inject({ method: 'GET', url: '/v1/documents', headers });
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'tenant_suspended']);
    }
  });
});
