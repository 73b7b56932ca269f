import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodeMessage, CodeSender, EmailMessage, Mailer } from './types.js';

/** Without a provider configured, messages are written as JSON files to a local folder so a
 * developer (and the tests) can read them. Development only: the files hold codes in clear. */
export interface OutboxEntry {
  channel: 'email' | 'whatsapp';
  to: string;
  subject?: string;
  text?: string;
  code?: string;
  at: string;
}

export class Outbox implements Mailer, CodeSender {
  constructor(private readonly dir: string) {}

  send(message: EmailMessage): Promise<void> {
    return this.write({ channel: 'email', to: message.to, subject: message.subject, text: message.text, at: new Date().toISOString() });
  }

  sendCode(message: CodeMessage): Promise<void> {
    return this.write({ channel: 'whatsapp', to: message.to, code: message.code, at: new Date().toISOString() });
  }

  private async write(entry: OutboxEntry): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Names sort by time; written then renamed so a reader never sees half a file.
    const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}-${entry.channel}.json`;
    const tmp = join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, JSON.stringify(entry, null, 2), { mode: 0o600 });
    await rename(tmp, join(this.dir, name));
  }
}

/** Every message in the outbox, oldest first, optionally only those to one address. */
export async function readOutbox(dir: string, to?: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const entries = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxEntry));
  return to === undefined ? entries : entries.filter((e) => e.to === to);
}
