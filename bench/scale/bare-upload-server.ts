import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { createDiskBlobStore } from '../../src/adapters/blobs/disk.js';

/** The yardstick for `npm run bench:api`: bare Fastify + @fastify/multipart that takes the same
 * upload and stores it as the service does (the service's own disk blob store: a folder per
 * upload, the file written and fsynced, renamed, its folder fsynced), then answers 202. No
 * database, no queue, no auth. BARE_PROCESSES copies share PORT through node:cluster, as
 * `docread serve` with API_PROCESSES does. Prints `READY` once every copy listens. */
const port = Number(process.env.PORT);
const processes = Number(process.env.BARE_PROCESSES ?? 1);
const root = process.env.BARE_DIR;
if (!port || !root) throw new Error('PORT and BARE_DIR are needed');

if (processes > 1 && cluster.isPrimary) {
  let listening = 0;
  // the primary hands each connection to a copy over IPC: one sent to a copy that is stopping
  // fails with EPIPE, which must not end the primary
  for (let i = 0; i < processes; i++) cluster.fork().on('error', () => {});
  cluster.on('listening', () => {
    if (++listening === processes) process.stdout.write('READY\n');
  });
  process.on('SIGTERM', () => {
    // ends once every copy has ended, so that no upload is still being written when the caller
    // removes the folder
    const copies = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = copies.length;
    if (left === 0) process.exit(0);
    for (const copy of copies) {
      copy.once('exit', () => --left === 0 && process.exit(0));
      copy.process.kill('SIGTERM');
    }
  });
} else {
  const blobs = createDiskBlobStore(root);
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  app.post('/upload', async (request, reply) => {
    const file = await request.file();
    if (!file) return reply.status(422).send({ error: 'no file' });
    const bytes = await file.toBuffer();
    const id = randomUUID();
    await blobs.put(`uploads/${id}/original/v1`, bytes);
    return reply.status(202).send({ id, size: bytes.length });
  });
  await app.listen({ host: '127.0.0.1', port });
  if (processes === 1) process.stdout.write('READY\n');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
