import pino from 'pino';
import { loadConfig } from '../../src/config/env.js';
import { createRuntime } from '../../src/runtime.js';
import { generateInvoicePdf } from '../../test/fixtures/documents/index.js';

/** Prepares a benchmark's database (from the environment, as `docread` reads it): an organisation
 * on the internal plan with a key, and one text-layer PDF invoice read to its end by a worker in
 * this process, so that GET measures a finished document. Prints `SEED <key> <document id>`. */
const config = loadConfig();
const rt = await createRuntime(config, { logger: pino({ level: 'silent' }) });
try {
  const { key } = await rt.accounts.createKey({ orgName: 'bench', plan: 'internal' });
  const principal = (await rt.accounts.authenticateKey(key))!;
  const invoice = await generateInvoicePdf({ seed: 1 });
  const { id } = await rt.documents.upload(principal, {
    filename: 'invoice.pdf',
    bytes: invoice.bytes,
    typeHint: null,
    outputs: [],
    improve: false,
    consent: null,
  });
  rt.startWorkers(1);
  const deadline = Date.now() + 180_000;
  while ((await rt.documents.get(principal, id)).status === 'processing') {
    if (Date.now() > deadline) throw new Error('the seed document was not read within 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  process.stdout.write(`SEED ${key} ${id}\n`);
} finally {
  await rt.close();
}
process.exit(0);
