import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, Mailer } from './types.js';

/** Email over SMTP with nodemailer (smtp://user:pass@host:port or smtps://…). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}
