import { beforeAll, describe, expect, it } from 'vitest';
import { docxWithHugeEntry, pdfStreamBomb, pdfWithNestedGraphicStates, pdfWithPageSize, pngPixelBomb, truncated, pdfWithText } from '../fixtures/files.js';
import { harnessPerSuite, upload, waitFinished } from '../helpers/harness.js';

/** Decompression and pixel bombs end as failed documents with a clear outcome, and the service
 * keeps answering while they are refused. */
describe('hostile files through the API', () => {
  let key: string;
  const h = harnessPerSuite();
  beforeAll(async () => {
    key = await h.key('hostile');
  });

  const cases: Array<[string, string, () => Buffer | Promise<Buffer>]> = [
    ['a 1 MB PDF that inflates to 1 GB', 'bomb.pdf', () => pdfStreamBomb(1024)],
    ['a DOCX with a 200 MB entry', 'bomb.docx', () => docxWithHugeEntry(200)],
    ['a 16000×16000 PNG', 'bomb.png', () => pngPixelBomb(16000, 16000)],
    ['a PDF cut short', 'cut.pdf', () => truncated(pdfWithText(['Invoice 1', 'Total 10.00']), 0.4)],
    ['a PDF with a 50000×50000 point page', 'huge-page.pdf', () => pdfWithPageSize(50_000, 50_000)],
    ['a PDF of 200,000 nested graphics states', 'nested.pdf', () => pdfWithNestedGraphicStates(200_000)],
  ];

  it.each(cases)('%s ends failed with DOCUMENT_UNREADABLE while health checks answer', async (_name, filename, make) => {
    const res = await upload(h, key, { filename, bytes: await make() });
    if (res.statusCode === 422) {
      // Refused at the door because its bytes are not a valid file of an accepted kind: also safe.
      expect(res.json().error.code).toBe('unsupported_file');
      return;
    }
    expect(res.statusCode).toBe(202);
    const id = res.json().id;
    const health = await h.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const doc = await waitFinished(h, key, id, 30_000);
    expect(doc.status).toBe('failed');
    expect(doc.outcome).toMatchObject({ status: 'failed', code: 'DOCUMENT_UNREADABLE' });
    expect(doc.outcome.message.length).toBeGreaterThan(10);
    expect(doc.result.decision).toBe('failed');
    expect(doc.result.values).toEqual({});
  });
});
