import type { CodeMessage, CodeSender } from './types.js';

export interface WhatsAppOptions {
  /** e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** An approved authentication template whose body and copy-code button take the code. */
  template: string;
  language?: string;
  timeoutMs?: number;
}

/** One-time codes through the WhatsApp Cloud API's messages endpoint
 * (POST {apiUrl}/{phone-number-id}/messages with an authentication template). */
export class WhatsAppCloudSender implements CodeSender {
  constructor(private readonly opts: WhatsAppOptions) {}

  async sendCode(message: CodeMessage): Promise<void> {
    const url = `${this.opts.apiUrl.replace(/\/+$/, '')}/${this.opts.phoneNumberId}/messages`;
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'error',
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      headers: { authorization: `Bearer ${this.opts.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: this.opts.template,
          language: { code: this.opts.language ?? 'en' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: message.code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.code }] },
          ],
        },
      }),
    });
    if (!res.ok) {
      // The provider's error text never carries the code; keep it short for the log.
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      throw new Error(`WhatsApp Cloud API answered ${res.status}: ${detail}`);
    }
    const body = (await res.json().catch(() => null)) as { messages?: Array<{ id?: string }> } | null;
    if (!body?.messages?.[0]?.id) throw new Error('WhatsApp Cloud API answered without a message id');
  }
}
