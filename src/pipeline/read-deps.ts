import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { DOCTYPES } from '../doctypes/registry.js';
import { createAccentEngines, createArabicEngine, createEngines, createLegacyEngine, createReaderRegistry } from '../readers/registry.js';
import type { ReadDeps } from './context.js';
import { SandboxPool, intakeFile, intakeLimits } from './intake/index.js';

/** Everything a process needs to read documents: the intake sandbox and the OCR engines (started
 * on first use, so API-only processes never load the models). */
export function createReadDeps(config: Config, logger?: Logger): { deps: ReadDeps; close(): Promise<void> } {
  const limits = intakeLimits({ maxFileBytes: config.MAX_FILE_BYTES, maxPages: config.MAX_PDF_PAGES });
  // Untrusted files are opened in sandbox processes, as many as documents are read at once.
  const sandbox = new SandboxPool({ size: config.WORKER_CONCURRENCY, heapMb: limits.memoryMb });
  const readers = createReaderRegistry(
    () => createEngines(config, logger),
    createAccentEngines(config),
    createArabicEngine(config),
    createLegacyEngine(config),
  );
  const deps: ReadDeps = {
    intake: (bytes, kind, l, opts) => intakeFile(bytes, kind, l, { ...opts, pool: sandbox }),
    limits,
    ocrMaxPixels: config.OCR_MAX_PIXELS,
    readers,
    doctypes: DOCTYPES,
    ...(logger ? { logger } : {}),
  };
  return {
    deps,
    async close() {
      await sandbox.close();
      await readers.close();
    },
  };
}
