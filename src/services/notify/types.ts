/** Outgoing messages to people: email for links, WhatsApp for one-time codes. Adapters are plain
 * I/O; what to say is decided by the services. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface CodeMessage {
  /** E.164, e.g. +97450123456. */
  to: string;
  code: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

export interface CodeSender {
  sendCode(message: CodeMessage): Promise<void>;
}

export interface Notifier {
  mail: Mailer;
  whatsapp: CodeSender;
}
