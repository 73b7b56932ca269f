/** Entry of a sandbox process: loads the parsers once (the process is reused), then reads one file
 * per job message. Every failure becomes a 'refused' message; anything escaping ends the process,
 * which the parent reports as the document's failure. */
import sharp from 'sharp';
import { describeError, IntakeError, PrecheckRefusal } from './errors.js';
import { parseFile } from './parse.js';
import { jobBytes, type ChildMessage, type JobMessage } from './protocol.js';

// One libvips thread and no cache: the machine is shared and a reused process must not grow.
sharp.concurrency(1);
sharp.cache(false);

const send = (message: ChildMessage) => process.send?.(message);

// pdf.js runs its worker code in this thread when the worker module is preloaded: no thread, no
// extra start-up on the first document.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');

async function runJob(job: JobMessage): Promise<void> {
  try {
    const result = await parseFile(jobBytes(job), job.kind, job.limits, (where) => send({ type: 'progress', id: job.id, where }));
    send({ type: 'done', id: job.id, result });
  } catch (err) {
    const reason = err instanceof IntakeError ? err.reason : `the file could not be read (${describeError(err)})`;
    send({ type: 'refused', id: job.id, reason, beforeParsing: err instanceof PrecheckRefusal });
  }
}

process.on('message', (message: JobMessage) => {
  if (message?.type === 'job') void runJob(message);
});
// The parent went away: nothing is waiting for results.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
