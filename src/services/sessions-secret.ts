import { createHmac, randomBytes } from 'node:crypto';
import type { MetaRepository } from '../adapters/db/repositories/meta.js';

const META_KEY = 'auth_secret';

export interface AuthKeys {
  /** HS256 key for access and pre-sign-in tokens. */
  jwt: Uint8Array;
  /** Pepper for one-time code digests. */
  otp: Buffer;
  /** Key material for webhook secrets at rest when WEBHOOK_ENCRYPTION_KEY is unset. */
  webhookSecrets: Buffer;
  /** The service key of the legacy X-Doc-Signature (receivers never hold it). */
  legacyWebhookSignature: Buffer;
}

/** AUTH_SECRET when set; otherwise one generated on first start and kept in the database, so
 * every process sharing the database signs and checks tokens alike. */
export async function loadAuthKeys(meta: MetaRepository, configured: string | undefined): Promise<AuthKeys> {
  let secret = configured;
  if (!secret) {
    secret = await meta.getOrInsert(META_KEY, randomBytes(32).toString('base64url'));
  }
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return {
    jwt: new Uint8Array(derive('docread access tokens v1')),
    otp: derive('docread one-time codes v1'),
    webhookSecrets: derive('docread webhook secrets v1'),
    legacyWebhookSignature: derive('docread X-Doc-Signature v1'),
  };
}
