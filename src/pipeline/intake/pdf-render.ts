/** Renders one PDF page to a PNG for OCR: pdf.js draws on its own canvas, sharp encodes the raw
 * pixels (the canvas's own PNG encoder takes seconds on a noisy 300 dpi page). */
import sharp from 'sharp';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageImage } from '../../readers/types.js';
import { renderScale, type IntakeLimits } from './limits.js';

/** pdf.js's canvas factory: it must make the canvas, since pdf.js loads its own @napi-rs/canvas
 * build and drawing across two builds crashes the process. */
export interface PdfCanvasFactory {
  create(
    width: number,
    height: number,
  ): { canvas: unknown; context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
  destroy(canvasAndContext: unknown): void;
}

type RenderCanvas = Parameters<PDFPageProxy['render']>[0]['canvas'];

export async function renderPage(page: PDFPageProxy, factory: PdfCanvasFactory, limits: Pick<IntakeLimits, 'renderDpi' | 'maxPixels'>): Promise<PageImage> {
  const unit = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: renderScale(unit.width, unit.height, limits) });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const target = factory.create(width, height);
  try {
    await page.render({ canvas: target.canvas as RenderCanvas, viewport }).promise;
    const { data } = target.context.getImageData(0, 0, width, height);
    const png = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .png()
      .toBuffer();
    return { page: page.pageNumber, width, height, png };
  } finally {
    factory.destroy(target);
  }
}
