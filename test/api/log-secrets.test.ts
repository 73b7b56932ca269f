import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/runtime.js';
import { pngWithText } from '../fixtures/files.js';
import { bearer, emailLink, lastCode, post } from '../helpers/accounts.js';
import { harnessPerSuite, upload } from '../helpers/harness.js';

/** Every line the production logger writes during a whole account's first hour: sign-up, the
 * emailed link, the phone code, sign-in with its code, refresh, a key, uploads. None may carry a
 * secret the person or the service holds. */
describe('no secret in any log line', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const h = harnessPerSuite({ workers: false, logger: createLogger({ LOG_LEVEL: 'trace' }, sink) });

  it('logs the requests of sign-up, verification, sign-in, refresh, key creation and upload without their tokens, codes, keys or password', async () => {
    const email = 'logs@example.test';
    const password = 'pw-logged-correct horse';
    const phone = '+97450001234';
    const secrets: Record<string, string> = { password };
    expect((await post(h, '/v1/auth/signup', { email, password, organisation: 'Logs Ltd' })).statusCode).toBe(202);
    const link = await emailLink(h, email);
    secrets.email_token = new URL(link, 'http://x').searchParams.get('token')!;
    expect((await h.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    // A wrong password and a wrong token are logged too.
    await post(h, '/v1/auth/login', { email, password: `${password}!` });
    await h.inject({ method: 'GET', url: `/v1/auth/verify-email?token=${secrets.email_token}x` });

    const first = (await post(h, '/v1/auth/login', { email, password })).json();
    secrets.access_token = first.token;
    secrets.refresh_token = first.refresh_token;
    await post(h, '/v1/auth/phone', { phone }, bearer(first.token));
    secrets.phone_code = await lastCode(h, phone);
    expect((await post(h, '/v1/auth/phone/verify', { code: secrets.phone_code }, bearer(first.token))).statusCode).toBe(200);

    const step = (await post(h, '/v1/auth/login', { email, password })).json();
    expect(step.otp_required).toBe(true);
    secrets.pre_token = step.pre_token;
    secrets.login_code = await lastCode(h, phone);
    const tokens = (await post(h, '/v1/auth/login/otp', { pre_token: step.pre_token, code: secrets.login_code })).json();
    secrets.access_token_2 = tokens.token;
    secrets.refresh_token_2 = tokens.refresh_token;
    const refreshed = (await post(h, '/v1/auth/refresh', { refresh_token: tokens.refresh_token })).json();
    secrets.refresh_token_3 = refreshed.refresh_token;

    const key = await post(h, '/v1/keys', { name: 'logged' }, bearer(refreshed.token));
    expect(key.statusCode).toBe(201);
    const apiKey: string = key.json().key;
    secrets.api_key = apiKey;
    const doc = await upload(h, apiKey, { filename: 'logged.png', bytes: await pngWithText(['LOG ME NOT']) });
    expect(doc.statusCode).toBe(202);
    await h.inject({ method: 'GET', url: `/v1/documents?status=processing&api_key=${apiKey}`, headers: bearer(apiKey) });

    const requestLines = lines.filter((l) => l.includes('"req"'));
    expect(requestLines.length, 'the request log was captured').toBeGreaterThan(10);
    expect(requestLines.some((l) => l.includes('/v1/auth/verify-email?token=[redacted]'))).toBe(true);
    expect(requestLines.some((l) => l.includes('/v1/documents?status=processing&api_key=[redacted]'))).toBe(true);
    for (const line of lines) {
      // Times and durations are numbers that could contain six digits by chance; nothing secret lives there.
      const { time: _time, responseTime: _responseTime, ...rest } = JSON.parse(line) as Record<string, unknown>;
      const text = JSON.stringify(rest);
      for (const [name, secret] of Object.entries(secrets)) {
        const found = /^\d+$/.test(secret) ? new RegExp(`(^|\\D)${secret}(\\D|$)`).test(text) : text.includes(secret);
        expect(found, `${name} in ${line}`).toBe(false);
      }
    }
  });
});
