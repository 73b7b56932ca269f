import type { Config } from '../../config/env.js';
import { Outbox } from './outbox.js';
import { SmtpMailer } from './smtp.js';
import type { Notifier } from './types.js';
import { WhatsAppCloudSender } from './whatsapp.js';

export type { Notifier } from './types.js';

/** Email over SMTP and codes over WhatsApp when configured; otherwise the development outbox. */
export function createNotifier(
  config: Pick<
    Config,
    'SMTP_URL' | 'MAIL_FROM' | 'WHATSAPP_API_URL' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_ACCESS_TOKEN' | 'WHATSAPP_TEMPLATE' | 'outboxDir'
  >,
): Notifier {
  const outbox = new Outbox(config.outboxDir);
  const mail = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : outbox;
  const whatsapp =
    config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_ACCESS_TOKEN
      ? new WhatsAppCloudSender({
          apiUrl: config.WHATSAPP_API_URL,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: config.WHATSAPP_ACCESS_TOKEN,
          template: config.WHATSAPP_TEMPLATE,
        })
      : outbox;
  return { mail, whatsapp };
}
