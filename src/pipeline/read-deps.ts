import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { DOCTYPES } from '../doctypes/registry.js';
import { createLlmReader } from '../readers/llm.js';
import { createPaddleReader } from '../readers/paddle.js';
import { createTesseractReader } from '../readers/tesseract.js';
import type { OcrReaders, ReadDeps } from './context.js';
import { SandboxPool, intakeFile, intakeLimits } from './intake/index.js';

export function createOcrReaders(config: Config, logger?: Logger): OcrReaders {
  return {
    llm: config.llm.mode === 'off' ? null : createLlmReader(config.llm, logger ? { logger } : {}),
    tesseract: createTesseractReader({
      workers: config.TESSERACT_WORKERS,
      recycleAfter: 200,
      langs: config.TESSERACT_LANGS.split(',').map((l) => l.trim()).filter(Boolean),
      ...(config.TESSDATA_DIR ? { langPath: config.TESSDATA_DIR } : {}),
    }),
    paddle: config.PADDLE_ENABLED ? createPaddleReader({ maxSide: config.PADDLE_MAX_SIDE, threads: 1, workers: config.PADDLE_WORKERS }) : null,
  };
}

/** Everything a process needs to read documents: the intake sandbox and the OCR engines (started
 * on first use, so API-only processes never load the models). */
export function createReadDeps(config: Config, logger?: Logger): { deps: ReadDeps; close(): Promise<void> } {
  const limits = intakeLimits({ maxFileBytes: config.MAX_FILE_BYTES, maxPages: config.MAX_PDF_PAGES });
  // Untrusted files are opened in sandbox processes, as many as documents are read at once.
  const sandbox = new SandboxPool({ size: config.WORKER_CONCURRENCY, heapMb: limits.memoryMb });
  let ocr: OcrReaders | null = null;
  const deps: ReadDeps = {
    intake: (bytes, kind, l, opts) => intakeFile(bytes, kind, l, { ...opts, pool: sandbox }),
    limits,
    ocrMaxPixels: config.OCR_MAX_PIXELS,
    readers: async () => (ocr ??= createOcrReaders(config, logger)),
    doctypes: DOCTYPES,
    ...(logger ? { logger } : {}),
  };
  return {
    deps,
    async close() {
      await sandbox.close();
      await ocr?.tesseract.close();
      await ocr?.paddle?.close();
    },
  };
}
