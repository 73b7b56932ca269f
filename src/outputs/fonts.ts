import { readFile } from 'node:fs/promises';
import { AppError } from '../domain/errors.js';
import type { PdfFonts } from './cv-pdf.js';

let cached: { key: string; fonts: Promise<PdfFonts> } | null = null;

/** The CV PDF fonts, read once from the configured files (never downloaded). */
export function loadPdfFonts(regular: string, bold: string): Promise<PdfFonts> {
  const key = `${regular}\n${bold}`;
  if (cached?.key !== key) {
    const fonts = Promise.all([readFile(regular), readFile(bold)]).then(([r, b]) => ({ regular: r, bold: b }));
    fonts.catch(() => (cached = null));
    cached = { key, fonts };
  }
  return cached.fonts.catch((err: unknown) => {
    throw new AppError('service_unavailable', `The CV PDF font could not be read (${(err as Error).message}); set CV_PDF_FONT and CV_PDF_FONT_BOLD.`);
  });
}
