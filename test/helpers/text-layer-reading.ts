import { afterAll, beforeAll } from 'vitest';
import { DOCTYPES } from '../../src/doctypes/registry.js';
import type { ReadDeps } from '../../src/pipeline/context.js';
import { DEFAULT_INTAKE_LIMITS, intakeFile, SandboxPool } from '../../src/pipeline/intake/index.js';
import { readDocument } from '../../src/pipeline/read-document.js';
import { createReaderRegistry } from '../../src/readers/registry.js';

/** The real pipeline for PDFs read from their text layer, which need no OCR (the readers are never
 * started): one sandbox for the test file, warmed before its tests and closed after them. No
 * earlier invoice is a duplicate. */
export function textLayerPdfReader(now: Date): (bytes: Buffer) => ReturnType<typeof readDocument> {
  const pool = new SandboxPool({ size: 1 });
  const deps: ReadDeps = {
    intake: (bytes, kind, limits, opts) => intakeFile(bytes, kind, limits, { ...opts, pool }),
    limits: DEFAULT_INTAKE_LIMITS,
    ocrMaxPixels: 4_500_000,
    readers: createReaderRegistry(() => {
      throw new Error('no OCR for a text-layer PDF');
    }),
    doctypes: DOCTYPES,
  };
  beforeAll(() => pool.warm());
  afterAll(() => pool.close());
  return (bytes) => readDocument({ bytes, kind: 'pdf', typeHint: null, now, lookups: { findInvoiceDuplicate: async () => null } }, deps);
}
