/** How far intake goes with one untrusted file before refusing it. */
export interface ZipLimits {
  /** Real inflated bytes over all entries, counted while streaming (declared sizes can lie). */
  maxInflatedBytes: number;
  maxEntries: number;
  /** Inflated bytes / archive bytes. */
  maxRatio: number;
}

export interface IntakeLimits {
  /** Bytes accepted at all (the upload limit; intake checks again). */
  maxFileBytes: number;
  /** PDF pages read; later pages are counted but not read (the pipeline reports MISSING_PAGE). */
  maxPages: number;
  /** Pixel budget of one page image handed on for OCR; larger images are downscaled to it (images
   * over the one decode limit, MAX_IMAGE_PIXELS in imaging/open.ts, are refused before decoding). */
  maxPixels: number;
  /** Wall time for one file in the sandbox. */
  timeoutMs: number;
  /** Wall time for one step of a PDF (a page: its text and its drawing). pdf.js blocks its thread
   * while it interprets a page, so the limit is kept from outside, by the server process. */
  pdfPageTimeoutMs: number;
  /** Legacy .doc parsing can loop on corrupt files: it gets a shorter limit. */
  docTimeoutMs: number;
  /** Resident memory of the sandbox process; over it the process is killed. */
  memoryMb: number;
  zip: ZipLimits;
  /** Render resolution of PDF pages without usable text, lowered where a page would exceed maxPixels. */
  renderDpi: number;
  /** Render every PDF page, text or not (the dashboard's page images); reading renders only pages without text. */
  renderAllPages?: boolean;
}

export const DEFAULT_INTAKE_LIMITS: Readonly<IntakeLimits> = Object.freeze({
  maxFileBytes: 10 * 1024 * 1024,
  maxPages: 5,
  // A4 at 600 dpi is ~35 MP.
  maxPixels: 40e6,
  timeoutMs: 25_000,
  // A 300 dpi page takes ~1 s; a burst of hostile single-page files still ends within 30 s each.
  pdfPageTimeoutMs: 8_000,
  docTimeoutMs: 10_000,
  memoryMb: 768,
  zip: Object.freeze({ maxInflatedBytes: 50 * 1024 * 1024, maxEntries: 1000, maxRatio: 100 }),
  renderDpi: 300,
});

/** Limits with some values replaced, the rest default. */
export function intakeLimits(overrides: Partial<Omit<IntakeLimits, 'zip'>> & { zip?: Partial<ZipLimits> } = {}): IntakeLimits {
  return { ...DEFAULT_INTAKE_LIMITS, ...overrides, zip: { ...DEFAULT_INTAKE_LIMITS.zip, ...overrides.zip } };
}

/** Scale (pixels per PDF point) for a page of the given size in points. */
export function renderScale(widthPt: number, heightPt: number, limits: Pick<IntakeLimits, 'renderDpi' | 'maxPixels'>): number {
  const wanted = limits.renderDpi / 72;
  const capped = Math.sqrt(limits.maxPixels / Math.max(1, widthPt * heightPt));
  return Math.min(wanted, capped);
}
