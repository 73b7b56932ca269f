/** PDF intake with pdf.js: the text layer of the first pages, and images of pages without one. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AnnotationMode, getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageImage, PageText } from '../../readers/types.js';
import type { IntakeResult } from '../types.js';
import { describeError, IntakeError, PrecheckRefusal } from './errors.js';
import type { IntakeLimits } from './limits.js';
import { deepestGraphicsNesting, MAX_GRAPHICS_DEPTH } from './pdf-depth.js';
import { readEmbeddedInvoice } from './pdf-attachments.js';
import { closeTrackingSpaces, type FontInfo, placeGlyphs } from './pdf-glyphs.js';
import { renderPage, type PdfCanvasFactory } from './pdf-render.js';
import { countTextChars, pageTextFromItems, type PdfTextItem, type PdfTextStyle } from './pdf-text.js';
import type { Progress } from './progress.js';

/** Below this many letters and digits a page is also rendered for OCR: scans often carry a line
 * of stamped text ("Scanned by ..."); rendering a sparse text page costs only an OCR pass. */
export const MIN_TEXT_CHARS = 32;
/** ISO 32000-1 (Annex C): no page side over 14,400 units (200 inches). A larger page is no
 * document a person holds; rendered within the pixel budget it would be a blank image that asks
 * the person to rescan, so it is refused as unreadable instead. */
export const MAX_PAGE_SIDE_PT = 14_400;

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string) => `${join(PDFJS_DIR, name)}/`;

/** getDocument options: no code generation from font data (CVE-2024-4367), no font loading into
 * the platform, capped images, and every resource read from the local package, never fetched. */
export function pdfOptions(limits: Pick<IntakeLimits, 'maxPixels'>) {
  return {
    isEvalSupported: false,
    disableFontFace: true,
    maxImageSize: limits.maxPixels,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    wasmUrl: folder('wasm'),
    iccUrl: folder('iccs'),
    stopAtErrors: false,
    verbosity: 0,
  } as const;
}

/** Each `%%EOF` after the first marks an incremental update: an edit saved over the original. */
export function countIncrementalUpdates(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf('%%EOF'); at !== -1; at = bytes.indexOf('%%EOF', at + 5)) count++;
  return Math.max(0, count - 1);
}

async function openPdf(bytes: Buffer, limits: IntakeLimits): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of the array it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), ...pdfOptions(limits) });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy();
    if (err instanceof Error && err.name === 'PasswordException') throw new IntakeError('the PDF is password-protected');
    throw new IntakeError(`the PDF could not be opened (${describeError(err)})`);
  }
}

async function readPage(page: PDFPageProxy, glyphs: GlyphSource): Promise<PageText> {
  const content = await page.getTextContent();
  const items = content.items.filter((i): i is PdfTextItem & (typeof content.items)[number] => 'str' in i);
  const closed = await withoutTrackingSpaces(page.pageNumber, items, glyphs);
  return pageTextFromItems(page.pageNumber, closed, content.styles as Record<string, PdfTextStyle>, page.getViewport({ scale: 1 }));
}

/** The document opened a second time for its glyphs (pdf-glyphs.ts), with no image decoded: pdf.js
 * builds an operator list with its images, and drops an image over maxImageSize before decoding it
 * (a page-sized scan under a text layer would cost some 0.4 s). Opened when a page first needs it. */
class GlyphSource {
  private doc: Promise<PDFDocumentProxy> | null = null;
  constructor(
    private readonly bytes: Buffer,
    private readonly limits: IntakeLimits,
  ) {}
  async page(n: number): Promise<PDFPageProxy> {
    this.doc ??= getDocument({ data: new Uint8Array(this.bytes), ...pdfOptions(this.limits), maxImageSize: 0 }).promise;
    return (await this.doc).getPage(n);
  }
  async destroy(): Promise<void> {
    await (await this.doc?.catch(() => null))?.destroy();
  }
}

/** The items with the spaces pdf.js wrote for letter spacing taken out (pdf-glyphs.ts): only a page
 * whose items have a space between two characters needs its glyphs. Without them (the second
 * opening failed) the items stay as they are. */
async function withoutTrackingSpaces(pageNumber: number, items: PdfTextItem[], source: GlyphSource): Promise<PdfTextItem[]> {
  if (!items.some((i) => /\S\s+\S/u.test(i.str))) return items;
  try {
    const page = await source.page(pageNumber);
    const list = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
    const fontOf = (name: string): FontInfo | null => (page.commonObjs.has(name) ? (page.commonObjs.get(name) as FontInfo) : null);
    const placed = placeGlyphs(list.fnArray, list.argsArray as unknown[][], OPS, fontOf);
    page.cleanup();
    return closeTrackingSpaces(items, placed);
  } catch {
    return items;
  }
}

export async function readPdf(bytes: Buffer, limits: IntakeLimits, progress: Progress): Promise<IntakeResult> {
  progress("the PDF's content streams");
  const depth = await deepestGraphicsNesting(bytes);
  // Refused before pdf.js saw the file: the sandbox process stays clean for the next one.
  if (depth > MAX_GRAPHICS_DEPTH)
    throw new PrecheckRefusal(`the PDF nests graphics states ${depth} deep, more than the ${MAX_GRAPHICS_DEPTH} any document needs`);
  const doc = await openPdf(bytes, limits);
  const glyphs = new GlyphSource(bytes, limits);
  try {
    const pageCount = doc.numPages;
    const pagesTaken = Math.min(pageCount, limits.maxPages);
    const textLayer: PageText[] = [];
    const images: PageImage[] = [];
    const missingPages: { page: number; reason: string }[] = [];
    const pages: { page: number; textChars: number; rendered: boolean }[] = [];
    for (let n = 1; n <= pagesTaken; n++) {
      progress(`the PDF's page ${n}`);
      try {
        const page = await doc.getPage(n);
        const { width, height } = page.getViewport({ scale: 1 });
        if (Math.max(width, height) > MAX_PAGE_SIDE_PT) {
          const m = (pt: number) => ((pt / 72) * 0.0254).toFixed(1);
          throw new Error(`the page is ${m(width)} × ${m(height)} m, larger than PDF allows (5.1 m)`);
        }
        const text = await readPage(page, glyphs);
        const textChars = countTextChars(text);
        if (text.lines.length) textLayer.push(text);
        const rendered = limits.renderAllPages === true || textChars < MIN_TEXT_CHARS;
        if (rendered) images.push(await renderPage(page, doc.canvasFactory as PdfCanvasFactory, limits));
        pages.push({ page: n, textChars, rendered });
        page.cleanup();
      } catch (err) {
        missingPages.push({ page: n, reason: `page ${n} could not be read (${describeError(err)})` });
      }
    }
    if (textLayer.length === 0 && images.length === 0) {
      throw new IntakeError(
        pagesTaken === 0 ? 'the PDF has no pages' : `none of the PDF's pages could be read (${missingPages[0]?.reason ?? 'no text and no image'})`,
      );
    }
    progress("the PDF's attachments");
    const embeddedInvoice = await readEmbeddedInvoice(doc);
    const { info } = (await doc.getMetadata().catch(() => ({ info: {} }))) as { info: Record<string, unknown> };
    return {
      kind: 'pdf',
      pageCount,
      pagesTaken,
      ...(missingPages.length ? { missingPages } : {}),
      images,
      textLayer,
      ...(embeddedInvoice ? { embeddedInvoice } : {}),
      metadata: {
        producer: typeof info.Producer === 'string' ? info.Producer : null,
        creator: typeof info.Creator === 'string' ? info.Creator : null,
        pdfVersion: typeof info.PDFFormatVersion === 'string' ? info.PDFFormatVersion : null,
        incrementalUpdates: countIncrementalUpdates(bytes),
        pages,
      },
    };
  } finally {
    await glyphs.destroy();
    await doc.destroy();
  }
}
