import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/http/plugins/errors.js';
import { webAppRoutes } from '../../src/http/routes/web-app.js';
import { documentPrefix } from '../../src/services/blob-keys.js';
import { docxWithText, pdfWithText, pngWithText } from '../fixtures/files.js';
import { bearer, dashboardKey, lastCode, signUp, type Account } from '../helpers/accounts.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, startHarness, upload } from '../helpers/harness.js';

const CSRF = { 'x-docread-csrf': '1' };
const setCookie = (res: LightMyRequestResponse) => String(res.headers['set-cookie'] ?? '');
const refreshCookie = (res: LightMyRequestResponse) => setCookie(res).match(/docread_refresh=([^;]*)/)?.[1] ?? '';

describe.each(await testDatabaseFactories())('the dashboard session and page images on %s', (_name, makeDb) => {
  let owner: Account;
  const phone = '+97450007001';

  const h = harnessPerSuite({ workers: false }, makeDb);
  beforeAll(async () => {
    owner = await signUp(h, 'Session Org', { phone });
  });

  const session = (path: string, opts: { body?: object; cookie?: string; headers?: Record<string, string> } = {}) =>
    h.inject({
      method: 'POST',
      url: `/v1/auth/session/${path}`,
      headers: { ...CSRF, ...(opts.cookie !== undefined ? { cookie: `docread_refresh=${opts.cookie}` } : {}), ...opts.headers },
      ...(opts.body ? { payload: opts.body } : {}),
    });
  const signIn = async (): Promise<LightMyRequestResponse> => {
    const first = await session('login', { body: { email: owner.email, password: owner.password } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ otp_required: true });
    expect(setCookie(first)).toBe('');
    return session('login/otp', { body: { pre_token: first.json().pre_token, code: await lastCode(h, phone) } });
  };

  it('signs in with the WhatsApp code step; the refresh token comes only as an HttpOnly, SameSite=Strict cookie on the session path', async () => {
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['expires_in', 'token', 'token_type']);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = setCookie(res);
    expect(cookie).toMatch(/^docread_refresh=rt_[\w-]+; Path=\/v1\/auth\/session; HttpOnly; SameSite=Strict; Max-Age=2592000$/);
    expect((await h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(res.json().token) })).statusCode).toBe(200);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await startHarness(h.db, { workers: false, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const first = await proxied.inject({
        method: 'POST',
        url: '/v1/auth/session/login',
        headers: { ...CSRF, 'x-forwarded-proto': 'https' },
        payload: { email: owner.email, password: owner.password },
      });
      const res = await proxied.inject({
        method: 'POST',
        url: '/v1/auth/session/login/otp',
        headers: { ...CSRF, 'x-forwarded-proto': 'https' },
        payload: { pre_token: first.json().pre_token, code: await lastCode(proxied, phone) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(setCookie(res)).toMatch(/; Secure$/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses cookie requests without the CSRF header, from another origin, or marked cross-site by the browser', async () => {
    const cookie = refreshCookie(await signIn());
    const refusals = [
      await h.inject({ method: 'POST', url: '/v1/auth/session/refresh', headers: { cookie: `docread_refresh=${cookie}` } }),
      await session('refresh', { cookie, headers: { origin: 'https://evil.example' } }),
      await session('refresh', { cookie, headers: { 'sec-fetch-site': 'cross-site' } }),
      await session('logout', { cookie, headers: { origin: 'https://evil.example' } }),
      await h.inject({ method: 'POST', url: '/v1/auth/session/login', payload: { email: owner.email, password: owner.password } }),
    ];
    for (const res of refusals) expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    // None of them used the cookie up.
    const ok = await session('refresh', { cookie, headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refreshes from the cookie and rotates it; presenting the old one ends the session', async () => {
    const first = refreshCookie(await signIn());
    const res = await session('refresh', { cookie: first });
    expect(res.statusCode, res.body).toBe(200);
    const second = refreshCookie(res);
    expect(second).toMatch(/^rt_/);
    expect(second).not.toBe(first);
    const token = res.json().token;
    expect((await h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const reuse = await session('refresh', { cookie: first });
    expect([reuse.statusCode, reuse.json().error.code]).toEqual([401, 'session_revoked']);
    expect(setCookie(reuse)).toMatch(/^docread_refresh=; .*Max-Age=0/);
    expect((await h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json().error.code).toBe('session_revoked');
    expect((await session('refresh', { cookie: second })).statusCode).toBe(401);
    // A signed-out page load has no cookie: nothing to refresh, and no failed authentication counted.
    const none = await session('refresh');
    expect([none.statusCode, none.body, setCookie(none)]).toEqual([204, '', '']);
    expect((await session('refresh', { cookie: '%E0%A4%A' })).statusCode).toBe(204);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const res = await signIn();
    const out = await session('logout', { cookie: refreshCookie(res) });
    expect(out.statusCode, out.body).toBe(200);
    expect(setCookie(out)).toMatch(/^docread_refresh=; Path=\/v1\/auth\/session; HttpOnly; SameSite=Strict; Max-Age=0$/);
    expect((await h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(res.json().token) })).json().error.code).toBe('session_revoked');
    expect((await session('refresh', { cookie: refreshCookie(res) })).statusCode).toBe(401);
  });

  it('serves page images of the stored original to its organisation only, text PDF pages included, and erases them with the document', async () => {
    const key = (await dashboardKey(h, owner)).key;
    const other = await h.key('Someone Else');
    const png = await pngWithText(['PAGE IMAGE TEST'], { width: 900 });
    const doc = (await upload(h, key, { filename: 'photo.png', bytes: png })).json();
    const get = (id: string, n: number, k = key) => h.inject({ method: 'GET', url: `/v1/documents/${id}/pages/${n}`, headers: { 'x-doc-api-key': k } });

    const page = await get(doc.id, 1);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.headers['x-page-count']).toBe('1');
    expect(page.headers['cache-control']).toBe('private, max-age=300');
    const meta = await sharp(page.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['png', (await sharp(png).metadata()).width]);
    expect((await get(doc.id, 1)).rawPayload.equals(page.rawPayload)).toBe(true);
    expect([(await get(doc.id, 2)).statusCode, (await get(doc.id, 2)).json().error.code]).toEqual([404, 'not_found']);
    expect((await get(doc.id, 1, other)).statusCode).toBe(404);
    expect((await get(doc.id, 0)).statusCode).toBe(422);
    expect((await h.inject({ method: 'GET', url: `/v1/documents/${doc.id}/pages/1` })).statusCode).toBe(401);

    const pdf = (await upload(h, key, { filename: 'two.pdf', bytes: pdfWithText(['A page of text with its own text layer'], 2) })).json();
    const pdfPage = await get(pdf.id, 2);
    expect(pdfPage.statusCode, pdfPage.body).toBe(200);
    expect(pdfPage.headers['x-page-count']).toBe('2');
    // US Letter at 150 dpi.
    expect((await sharp(pdfPage.rawPayload).metadata()).width).toBe(1275);

    const word = (await upload(h, key, { filename: 'cv.docx', bytes: await docxWithText(['Curriculum vitae']) })).json();
    expect((await get(word.id, 1)).json().error.message).toMatch(/no page images/);

    expect((await h.rt.blobs.list(documentPrefix(owner.orgId, doc.id))).some((k) => k.includes('.view/page-1.png'))).toBe(true);
    expect((await h.inject({ method: 'DELETE', url: `/v1/documents/${doc.id}`, headers: { 'x-doc-api-key': key } })).statusCode).toBe(200);
    expect(await h.rt.blobs.list(documentPrefix(owner.orgId, doc.id))).toEqual([]);
    expect((await get(doc.id, 1)).statusCode).toBe(404);
  });
});

describe('the dashboard files at /app', () => {
  const root = mkdtempSync(join(tmpdir(), 'docread-web-'));
  const app = Fastify();
  beforeAll(async () => {
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>docread</title>');
    writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(tmpdir(), 'outside.js'), 'secret');
    registerErrorHandling(app);
    await app.register(webAppRoutes, { root });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the page for every app path with a strict content security policy, and assets by name', async () => {
    expect((await app.inject('/app')).headers.location).toBe('/app/');
    for (const url of ['/app/', '/app/documents/DOC_1', '/app/keys?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const js = await app.inject('/app/assets/index-abc.js');
    expect([js.statusCode, js.headers['content-type'], js.headers['cache-control']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
  });

  it('never leaves the build folder', async () => {
    for (const url of [
      '/app/assets/../../outside.js',
      '/app/assets/%2e%2e/%2e%2e/outside.js',
      '/app/assets/..%2f..%2foutside.js',
      '/app/assets/missing.js',
      '/app/assets/',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });

  it('answers 503 with the error envelope when the dashboard was not built', async () => {
    const bare = Fastify();
    registerErrorHandling(bare);
    await bare.register(webAppRoutes, { root: join(root, 'nothing-here') });
    const res = await bare.inject('/app/');
    expect([res.statusCode, res.json().error.code]).toEqual([503, 'service_unavailable']);
    await bare.close();
  });
});
