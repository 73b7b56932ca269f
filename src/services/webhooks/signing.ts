import { createHmac, randomBytes } from 'node:crypto';

/** Signing secrets look like Stripe's and the HMAC is keyed with the whole `whsec_…` string, so
 * Stripe's and Standard-Webhooks-style verifiers check our signatures unchanged. */
export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** Hex HMAC-SHA256 of `${t}.${rawBody}`. */
export function signatureOf(secret: string, t: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}

/** `t=…,v1=…` with one v1 per secret: during a rotation both the new and the old secret sign, so a
 * receiver holding either verifies. */
export function signatureHeader(secrets: string[], t: number, rawBody: string): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${signatureOf(s, t, rawBody)}`)].join(',');
}

/** The legacy X-Doc-Signature: `sha256=` hex HMAC of the raw body under a service key the receiver
 * does not hold (sent unchanged for older integrations; receivers verify X-Service-Signature). */
export function legacyDocSignature(serviceKey: Buffer, rawBody: string): string {
  return 'sha256=' + createHmac('sha256', serviceKey).update(rawBody).digest('hex');
}
