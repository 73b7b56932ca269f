import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Webhook signing secrets must be kept readable (the server signs with them), so they cannot be
 * hashed like API keys. They are stored encrypted with AES-256-GCM under a server key: a copy of
 * the database alone does not reveal them. The key is WEBHOOK_ENCRYPTION_KEY when set; otherwise
 * it is derived from AUTH_SECRET, or from the secret generated into the database when that is
 * unset too — then the database holds the key beside the data and the encryption only guards a
 * leak of the table by itself. README "Webhooks" says so. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(material: string | Buffer) {
    this.key = createHash('sha256').update('docread webhook secrets v1\0').update(material).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
