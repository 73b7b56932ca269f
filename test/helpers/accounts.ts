import type { LightMyRequestResponse } from 'fastify';
import { readOutbox } from '../../src/services/notify/outbox.js';
import type { Harness } from './harness.js';

/** Drives the account endpoints the way a person would, reading the development outbox for the
 * email link and the WhatsApp codes. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function lastMessage(h: Harness, to: string, channel: 'email' | 'whatsapp') {
  const all = (await readOutbox(h.rt.config.outboxDir, to)).filter((m) => m.channel === channel);
  const last = all.at(-1);
  if (!last) throw new Error(`no ${channel} message to ${to}`);
  return last;
}

/** The API path that verifies the newest emailed link (the email opens the dashboard page, which calls it). */
export async function emailLink(h: Harness, to: string): Promise<string> {
  const tokens = (await readOutbox(h.rt.config.outboxDir, to)).map((m) => m.text?.match(/\/app\/verify-email\?token=(\S+)/)?.[1]).filter(Boolean);
  if (!tokens.length) throw new Error(`no verification link to ${to}`);
  return `/v1/auth/verify-email?token=${tokens.at(-1)!}`;
}

export async function lastCode(h: Harness, phone: string): Promise<string> {
  return (await lastMessage(h, phone, 'whatsapp')).code!;
}

export function post(h: Harness, url: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return h.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers });
}

export interface Account {
  email: string;
  password: string;
  token: string;
  refresh: string;
  orgId: string;
}

/** Sign-up, then the email link, then sign-in. With `phone`, also the WhatsApp verification. */
export async function signUp(h: Harness, org: string, opts: { phone?: string; verifyEmail?: boolean } = {}): Promise<Account> {
  const email = `${org.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.test`;
  const password = `pw-${org}-correct horse`;
  const res = await post(h, '/v1/auth/signup', { email, password, organisation: org });
  if (res.statusCode !== 202) throw new Error(`signup ${res.statusCode}: ${res.body}`);
  if (opts.verifyEmail !== false) {
    const link = await emailLink(h, email);
    const verified = await h.inject({ method: 'GET', url: link });
    if (verified.statusCode !== 200) throw new Error(`verify ${verified.statusCode}: ${verified.body}`);
  }
  const login = (await post(h, '/v1/auth/login', { email, password })).json();
  if (opts.phone) {
    await post(h, '/v1/auth/phone', { phone: opts.phone }, bearer(login.token));
    const ok = await post(h, '/v1/auth/phone/verify', { code: await lastCode(h, opts.phone) }, bearer(login.token));
    if (ok.statusCode !== 200) throw new Error(`phone ${ok.statusCode}: ${ok.body}`);
  }
  const me = (await h.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(login.token) })).json();
  return { email, password, token: login.token, refresh: login.refresh_token, orgId: me.organisation.id };
}

/** A key made from the dashboard by a verified owner. */
export async function dashboardKey(h: Harness, account: Account, scopes?: string[]): Promise<{ id: string; key: string }> {
  const res = await post(h, '/v1/keys', { name: 'test', ...(scopes ? { scopes } : {}) }, bearer(account.token));
  if (res.statusCode !== 201) throw new Error(`key ${res.statusCode}: ${res.body}`);
  return res.json();
}
