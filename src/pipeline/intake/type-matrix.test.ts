/** A file is accepted only when the kind sniffed from its bytes and a strict parse agree. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptDoc,
  docmWithMacros,
  docxWithText,
  jpegWithExifRotation,
  pdfWithText,
  pngWithText,
  renamedFiles,
  truncated,
} from '../../../test/fixtures/files.js';
import type { FileKind } from '../../domain/document-types.js';
import { DEFAULT_INTAKE_LIMITS, IntakeError, intakeFile, SandboxPool, sniffFileKind } from './index.js';

const pool = new SandboxPool({ size: 1 });
beforeAll(() => pool.warm());
afterAll(() => pool.close());

/** 'refused' at sniffing, 'unreadable' when the parse disagrees, or the kind read. */
async function verdict(bytes: Buffer): Promise<FileKind | 'refused' | 'unreadable'> {
  const kind = await sniffFileKind(bytes);
  if (!kind) return 'refused';
  return intakeFile(bytes, kind, DEFAULT_INTAKE_LIMITS, { pool }).then(
    (r) => r.kind,
    (e: unknown) => {
      if (e instanceof IntakeError) return 'unreadable';
      throw e;
    },
  );
}

describe('type matrix', () => {
  it('accepts intact files of every kind', async () => {
    const png = await pngWithText(['Hello']);
    expect(await verdict(png)).toBe('png');
    expect(await verdict(await jpegWithExifRotation())).toBe('jpeg');
    expect(await verdict(pdfWithText(['An intact PDF with a readable text layer inside']))).toBe('pdf');
    expect(await verdict(await docxWithText(['An intact Word file']))).toBe('docx');
  });

  it('refuses other kinds at sniffing, whatever their name', async () => {
    for (const make of Object.values(renamedFiles)) expect(await verdict(make())).toBe('refused');
    expect(await verdict(docmWithMacros())).toBe('refused');
    expect(await verdict(truncated(await docxWithText(['Cut short'])))).toBe('refused');
  });

  it('fails files whose bytes start right but do not parse', async () => {
    expect(await verdict(truncated(await pngWithText(['Cut short'])))).toBe('unreadable');
    expect(await verdict(truncated(pdfWithText(['Cut short']), 0.1))).toBe('unreadable');
    expect(await verdict(corruptDoc())).toBe('unreadable');
    const jpeg = await jpegWithExifRotation();
    expect(await verdict(truncated(jpeg, 0.5))).toBe('unreadable');
  });

  it('refuses a file whose content is not the kind it is handed in as', async () => {
    const err = await intakeFile(await pngWithText(['x']), 'pdf', DEFAULT_INTAKE_LIMITS, { pool }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IntakeError);
    expect((err as IntakeError).reason).toBe('the file is not a PDF (its content is a PNG image)');
  });
});
