import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docxWithHugeEntry,
  docxWithLyingSizes,
  docxWithManyEntries,
  docxWithNestedZip,
  jpegPixelBomb,
  pdfClaimingPages,
  pdfStreamBomb,
  pdfWithManyPages,
  pdfWithNestedGraphicStates,
  pdfWithPageSize,
  pngPixelBomb,
} from '../fixtures/files.js';
import { createKey, startServer, uploadFile, waitFinal, watchHealth, type ServerProcess } from '../helpers/server-process.js';

/** A burst of bombs against a server process: pixel, zip, PDF stream, page count, nesting and
 * page size. Each is refused at the door or final within 30 s of its upload (all uploaded at once:
 * the last waits for the others' readers); the process never dies; /healthz answers throughout. */
const FINAL_WITHIN_MS = 30_000;

describe('a burst of bombs through a server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  let key: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'docread-bombs-'));
    key = createKey({ DATA_DIR: dataDir });
    server = await startServer({ DATA_DIR: dataDir });
  }, 300_000);
  afterAll(async () => {
    await server?.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every bomb is refused or final within 30 s, with no crash', { timeout: 300_000 }, async () => {
    const bombs: Array<[string, Buffer, 'failed' | 'any']> = [
      ['pixels-16000.png', pngPixelBomb(16000, 16000), 'failed'],
      ['pixels-65500.jpg', await jpegPixelBomb(), 'failed'],
      ['stream-1gb.pdf', pdfStreamBomb(1024), 'failed'],
      ['entry-200mb.docx', docxWithHugeEntry(200), 'failed'],
      ['lying-sizes.docx', docxWithLyingSizes(), 'failed'],
      ['nested-zip.docx', docxWithNestedZip(), 'failed'],
      ['entries-1500.docx', docxWithManyEntries(1500), 'failed'],
      ['pages-5000.pdf', pdfWithManyPages(5000), 'any'],
      ['pages-1e9.pdf', pdfClaimingPages(), 'any'],
      ['nested-200000.pdf', pdfWithNestedGraphicStates(200_000), 'failed'],
      ['page-50000pt.pdf', pdfWithPageSize(50_000, 50_000), 'failed'],
    ];
    const health = watchHealth(server.url);
    const results = await Promise.all(
      bombs.map(async ([name, bytes, expected]) => {
        const t0 = performance.now();
        const up = await uploadFile(server.url, key, name, bytes);
        if (up.status !== 202) return { name, expected, status: `refused ${up.status} ${up.body.error?.code}`, ms: performance.now() - t0, refused: true };
        const doc = await waitFinal(server.url, key, up.body.id, FINAL_WITHIN_MS + 90_000);
        return { name, expected, status: `${doc.status} ${doc.outcome?.code ?? ''}`, ms: performance.now() - t0, refused: false };
      }),
    );
    const { checks, failures } = await health.stop();
    for (const r of results) console.log(`bomb ${r.name}: ${r.status} in ${Math.round(r.ms)} ms`);
    console.log(`bombs: ${checks} health checks, ${failures.length} failed`);
    expect(server.child.exitCode).toBeNull();
    expect(failures).toEqual([]);
    for (const r of results) {
      if (r.refused) {
        expect(r.status, r.name).toMatch(/^refused 4\d\d/);
        continue;
      }
      expect(r.status, r.name).not.toMatch(/PROCESSING_PROVIDER_FAILURE/);
      if (r.expected === 'failed') expect(r.status, r.name).toBe('failed DOCUMENT_UNREADABLE');
      expect(r.ms, r.name).toBeLessThanOrEqual(FINAL_WITHIN_MS);
    }
  });
});
