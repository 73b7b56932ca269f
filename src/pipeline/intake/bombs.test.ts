/** Hostile files end as a failed document with a reason, while this (the server's) process keeps
 * running and its heap stays flat. How long each takes is measured by `npm run test:hostile`, not
 * here: a timed assertion fails on a loaded machine for reasons that are not the service's. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptDoc,
  docmWithMacros,
  docxWithEncryptedEntry,
  docxWithHugeEntry,
  docxWithLyingSizes,
  docxWithNestedZip,
  jpegPixelBomb,
  pdfStreamBomb,
  pdfWithText,
  pngPixelBomb,
} from '../../../test/fixtures/files.js';
import type { FileKind } from '../../domain/document-types.js';
import { IntakeError, intakeFile, intakeLimits, SandboxPool } from './index.js';

const pool = new SandboxPool({ size: 1 });
beforeAll(() => pool.warm());
afterAll(() => pool.close());

/** The wall-clock limits are raised so that on a slow machine the limit under test (memory, sizes)
 * is still the one that refuses the file. */
const LIMITS = intakeLimits({ timeoutMs: 120_000, pdfPageTimeoutMs: 120_000, docTimeoutMs: 120_000 });

/** Runs one hostile file while counting event-loop turns of this process. */
async function refuse(bytes: Buffer, kind: FileKind): Promise<{ error: IntakeError; loopTurns: number }> {
  let loopTurns = 0;
  const ticker = setInterval(() => loopTurns++, 20);
  try {
    const error = await intakeFile(bytes, kind, LIMITS, { pool }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IntakeError);
    return { error: error as IntakeError, loopTurns };
  } finally {
    clearInterval(ticker);
  }
}

describe('hostile files', () => {
  it('kills the parser of a 1 MB PDF inflating to 1 GB at its memory budget', async () => {
    const bomb = pdfStreamBomb();
    expect(bomb.length).toBeLessThan(1.2e6);
    const heapBefore = process.memoryUsage().heapUsed;
    const { error, loopTurns } = await refuse(bomb, 'pdf');
    expect(error.code).toBe('DOCUMENT_UNREADABLE');
    expect(error.reason).toBe("the PDF's page 1 expands beyond the memory budget (768 MB)");
    expect(loopTurns).toBeGreaterThan(0);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50e6);
  });

  it('refuses a DOCX with a 200 MB entry in the zip pre-scan', async () => {
    const { error } = await refuse(docxWithHugeEntry(), 'docx');
    expect(error.reason).toMatch(/expands to more than 50 MB/);
  });

  it('refuses a 16000×16000 PNG and a JPEG declaring 65500² from their headers', async () => {
    expect((await refuse(pngPixelBomb(), 'png')).error.reason).toBe('the image declares 16000×16000 pixels, more than the 100 MP limit');
    expect((await refuse(await jpegPixelBomb(), 'jpeg')).error.reason).toBe('the image declares 65500×65500 pixels, more than the 100 MP limit');
  });

  it('refuses zip tricks and a corrupt .doc', async () => {
    expect((await refuse(docxWithNestedZip(), 'docx')).error.reason).toMatch(/another archive/);
    expect((await refuse(docxWithLyingSizes(), 'docx')).error.reason).toMatch(/damaged|expands/);
    expect((await refuse(docxWithEncryptedEntry(), 'docx')).error.reason).toMatch(/encrypted/);
    expect((await refuse(docmWithMacros(), 'docx')).error.reason).toMatch(/not a Word \(\.docx\) file|macros/);
    expect((await refuse(corruptDoc(), 'doc')).error.reason).toMatch(/could not be read/);
  });

  it('still reads ordinary files afterwards', async () => {
    const result = await intakeFile(pdfWithText(['An ordinary document after the bombs were refused']), 'pdf', LIMITS, { pool });
    expect(result.textLayer[0]!.lines[0]!.text).toBe('An ordinary document after the bombs were refused');
  });
});
