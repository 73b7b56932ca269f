import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader } from './signing.js';

const body = JSON.stringify({
  id: 'evt_1',
  event: 'job.finished',
  data: { job_id: 'JOB_1', entity_id: 'DOC_1', decision_id: 'RDG_1', status: 'verified', code: null, state_version: 2 },
  created: '2026-11-25T00:00:00+00:00',
});
const verify = (raw: string, header: string, secret: string) => Stripe.webhooks.constructEvent(raw, header, secret, 300);

describe("webhook signatures, checked by Stripe's verifier", () => {
  it('verifies a fresh signature over the raw body', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const header = signatureHeader([secret], Math.floor(Date.now() / 1000), body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verify(body, header, secret)).not.toThrow();
  });

  it('rejects a tampered body, another secret and a timestamp older than 300 s', () => {
    const secret = newSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([secret], now, body);
    expect(() => verify(body.replace('verified', 'rejected'), header, secret)).toThrow(/signature/i);
    expect(() => verify(body + ' ', header, secret)).toThrow(/signature/i);
    expect(() => verify(body, header, newSigningSecret())).toThrow(/signature/i);
    expect(() => verify(body, signatureHeader([secret], now - 301, body), secret)).toThrow(/tolerance/i);
  });

  it('during a rotation both the new and the old secret verify the one header', () => {
    const [fresh, old] = [newSigningSecret(), newSigningSecret()];
    const header = signatureHeader([fresh, old], Math.floor(Date.now() / 1000), body);
    expect(header.split(',').filter((p) => p.startsWith('v1='))).toHaveLength(2);
    expect(() => verify(body, header, fresh)).not.toThrow();
    expect(() => verify(body, header, old)).not.toThrow();
    expect(() => verify(body, header, newSigningSecret())).toThrow();
  });
});
