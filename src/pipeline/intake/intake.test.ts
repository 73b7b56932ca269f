import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF_PAGE,
  PDF_TEXT,
  docxWithExternalLink,
  docxWithText,
  jpegWithExifRotation,
  mixedPdf,
  pdfClaimingPages,
  pdfWithManyPages,
  pdfWithText,
  pngWithText,
  scannedPdf,
} from '../../../test/fixtures/files.js';
import { DEFAULT_INTAKE_LIMITS, intakeFile, intakeLimits, SandboxPool } from './index.js';

const pool = new SandboxPool({ size: 1 });
const read = (bytes: Buffer, kind: Parameters<typeof intakeFile>[1], limits = DEFAULT_INTAKE_LIMITS) => intakeFile(bytes, kind, limits, { pool });

beforeAll(() => pool.warm());
afterAll(() => pool.close());

describe('intakeFile: PDF', () => {
  it('reads a text PDF into words whose boxes sit where the text was drawn', async () => {
    const result = await read(pdfWithText(['Invoice number 42 for services rendered', 'Total due 100.00 EUR by transfer'], 2), 'pdf');
    expect(result).toMatchObject({ kind: 'pdf', pageCount: 2, pagesTaken: 2, images: [] });
    expect(result.textLayer.map((p) => p.page)).toEqual([1, 2]);
    const [first, second] = result.textLayer[0]!.lines;
    expect(first!.text).toBe('Invoice number 42 for services rendered');
    expect(second!.text).toBe('Total due 100.00 EUR by transfer');
    const invoice = first!.words[0]!;
    expect(invoice.text).toBe('Invoice');
    expect(invoice.box[0]).toBeCloseTo(PDF_TEXT.x / PDF_PAGE.width, 4);
    // The baseline (PDF y up from the bottom) lies inside the box (y down from the top).
    const baseline = 1 - PDF_TEXT.firstBaseline / PDF_PAGE.height;
    expect(invoice.box[1]).toBeLessThan(baseline);
    expect(invoice.box[3]).toBeGreaterThan(baseline);
    expect(invoice.box[3] - invoice.box[1]).toBeCloseTo((PDF_TEXT.fontSize * 1.1) / PDF_PAGE.height, 2);
    expect(first!.words[1]!.box[0]).toBeGreaterThan(invoice.box[2]);
    expect(second!.box[1]).toBeCloseTo(first!.box[1] + PDF_TEXT.lineGap / PDF_PAGE.height, 4);
    expect(result.metadata).toMatchObject({ producer: 'docread fixtures', incrementalUpdates: 0 });
  });

  it('renders a scanned page to a PNG at 300 dpi for OCR', async () => {
    const result = await read(await scannedPdf(await pngWithText(['SCANNED PAGE'])), 'pdf');
    expect(result.textLayer).toEqual([]);
    expect(result.images).toHaveLength(1);
    const meta = await sharp(result.images[0]!.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: (PDF_PAGE.width / 72) * 300, height: (PDF_PAGE.height / 72) * 300 });
  });

  it('keeps text pages as text and renders scanned pages in a mixed PDF', async () => {
    const result = await read(
      await mixedPdf(['This first page carries a proper text layer of its own'], await pngWithText(['SCAN'])),
      'pdf',
      intakeLimits({ renderDpi: 72 }),
    );
    expect(result.textLayer.map((p) => p.page)).toEqual([1]);
    expect(result.images.map((i) => i.page)).toEqual([2]);
    expect(result.images[0]).toMatchObject({ width: PDF_PAGE.width, height: PDF_PAGE.height });
  });

  it('reads the first 5 pages of a 5,000-page PDF and reports the declared count', async () => {
    const result = await read(pdfWithManyPages(), 'pdf');
    expect(result.pageCount).toBe(5000);
    expect(result.pagesTaken).toBe(5);
    expect(result.textLayer.map((p) => p.lines[0]!.words[1]!.text)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps the render under the pixel budget by lowering the resolution', async () => {
    const result = await read(await scannedPdf(await pngWithText(['X'])), 'pdf', intakeLimits({ maxPixels: 100_000 }));
    const { width, height } = result.images[0]!;
    expect(width * height).toBeLessThanOrEqual(100_000);
    expect(width * height).toBeGreaterThan(90_000);
  });

  it('handles a page tree claiming 10^9 pages without walking them', async () => {
    const result = await read(pdfClaimingPages(), 'pdf');
    expect(result.pagesTaken).toBeLessThanOrEqual(5);
    expect(result.textLayer[0]!.lines[0]!.text).toBe('Only one page here');
  });
});

describe('intakeFile: Word', () => {
  it('reads a DOCX into plain text and one synthetic page of lines', async () => {
    const result = await read(await docxWithText(['Curriculum Vitae', 'Anna Eriksson', 'Engineer, Stockholm']), 'docx');
    expect(result.plainText).toBe('Curriculum Vitae\nAnna Eriksson\nEngineer, Stockholm');
    const lines = result.textLayer[0]!.lines;
    expect(lines.map((l) => l.box)).toEqual([
      [0, 0, 1, 1 / 3],
      [0, 1 / 3, 1, 2 / 3],
      [0, 2 / 3, 1, 1],
    ]);
    expect(lines[1]!.words.map((w) => w.text)).toEqual(['Anna', 'Eriksson']);
  });

  it('never opens a file an external link points at', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docread-canary-'));
    const canary = join(dir, 'canary.txt');
    writeFileSync(canary, 'CANARY-7f3a');
    // With atime older than mtime, any read updates atime (relatime).
    utimesSync(canary, new Date('2020-01-01'), new Date());
    const before = statSync(canary).atimeMs;
    try {
      const result = await read(docxWithExternalLink(`file://${canary}`), 'docx');
      expect(result.plainText).toBe('Linked image below');
      expect(statSync(canary).atimeMs).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(JSON.stringify(await read(docxWithExternalLink(), 'docx'))).not.toContain('root:');
  });
});

describe('intakeFile: images', () => {
  it('applies EXIF orientation', async () => {
    const result = await read(await jpegWithExifRotation(), 'jpeg');
    const image = result.images[0]!;
    expect([image.width, image.height]).toEqual([100, 200]);
    const { data } = await sharp(image.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[100 * 20 + 50]).toBeLessThan(60); // top half: black
    expect(data[100 * 180 + 50]).toBeGreaterThan(200); // bottom half: white
    expect(result.metadata).toMatchObject({ orientation: 6 });
  });

  it('reports the EXIF software that last wrote the image', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Software: 'Adobe Photoshop 25.0', Make: 'Canon' } })
      .toBuffer();
    expect((await read(jpeg, 'jpeg')).metadata).toMatchObject({ software: 'Adobe Photoshop 25.0', make: 'Canon' });
  });

  it('downscales only when over the pixel budget', async () => {
    const png = await pngWithText(['Hello'], { width: 400 });
    const kept = await read(png, 'png');
    expect(kept.images[0]!.width).toBe(400);
    const small = await read(png, 'png', intakeLimits({ maxPixels: 10_000 }));
    expect(small.images[0]!.width * small.images[0]!.height).toBeLessThanOrEqual(10_000);
    expect(small.metadata).toMatchObject({ downscaled: true });
  });
});
