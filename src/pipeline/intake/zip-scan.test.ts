import { describe, expect, it } from 'vitest';
import {
  docmWithMacros,
  docxWithEncryptedEntry,
  docxWithHugeEntry,
  docxWithLyingSizes,
  docxWithManyEntries,
  docxWithNestedZip,
  docxWithText,
} from '../../../test/fixtures/files.js';
import { IntakeError } from './errors.js';
import { DEFAULT_INTAKE_LIMITS } from './limits.js';
import { scanZip } from './zip-scan.js';

const limits = DEFAULT_INTAKE_LIMITS.zip;

async function refusal(bytes: Buffer, zip = limits): Promise<string> {
  const err = await scanZip(bytes, zip).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntakeError);
  return (err as IntakeError).reason;
}

describe('scanZip', () => {
  it('passes a real DOCX, counting its inflated bytes and keeping the parts asked for', async () => {
    const scan = await scanZip(await docxWithText(['Title', 'Body']), limits, ['docProps/core.xml']);
    expect(scan.entryNames).toContain('word/document.xml');
    expect(scan.inflatedBytes).toBeGreaterThan(1000);
    expect(scan.kept.get('docProps/core.xml')?.toString()).toContain('cp:coreProperties');
  });

  it('stops inflating a 200 MB entry at the 50 MB budget', async () => {
    expect(await refusal(docxWithHugeEntry())).toMatch(/expands to more than 50 MB/);
  });

  it('refuses an entry whose real size exceeds what its headers declare', async () => {
    expect(await refusal(docxWithLyingSizes())).toMatch(/damaged|expands/);
  });

  it('refuses nested archives, too many entries, encryption and macros', async () => {
    expect(await refusal(docxWithNestedZip())).toMatch(/contains another archive/);
    expect(await refusal(docxWithManyEntries(1001))).toMatch(/more than 1000 parts/);
    expect(await refusal(docxWithEncryptedEntry())).toMatch(/encrypted/);
    expect(await refusal(docmWithMacros())).toMatch(/macros/);
  });

  it('refuses an archive inflating beyond the ratio limit', async () => {
    expect(await refusal(await docxWithText(['a'.repeat(2000)]), { ...limits, maxRatio: 1 })).toMatch(/expands more than 1 times/);
  });

  it('refuses bytes that are not a zip', async () => {
    expect(await refusal(Buffer.from('PK not really a zip file at all'))).toMatch(/could not be opened/);
  });
});
