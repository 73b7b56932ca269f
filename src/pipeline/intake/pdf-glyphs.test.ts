import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { TextRun } from '../../../test/fixtures/documents/render/layout.js';
import { renderPdf } from '../../../test/fixtures/documents/render/pdf-page.js';
import { DEFAULT_INTAKE_LIMITS } from './limits.js';
import { readPdf } from './pdf.js';

/** The text layer's lines of a PDF, as the intake reads them. */
async function linesOf(bytes: Buffer): Promise<string[]> {
  const result = await readPdf(bytes, DEFAULT_INTAKE_LIMITS, () => {});
  return result.textLayer.flatMap((p) => p.lines.map((l) => l.text));
}

const page = (runs: TextRun[]) => renderPdf([{ width: 595.28, height: 841.89, rules: [], runs }], 'tracking');

describe('a text layer set with letter spacing (as a viewer prints an e-invoice)', () => {
  it('reads words whose glyphs are moved by up to 0.11 em in TJ arrays as whole words', async () => {
    // pdf.js writes a space into an item wherever glyphs are 0.102 em apart: "Liefer ant GmbH".
    const { bytes } = await page([
      { text: 'Lieferant GmbH', x: 44, y: 100, size: 9.75, tracking: 0.11 },
      { text: 'Bruttosumme 235,62', x: 44, y: 120, size: 9.75, tracking: 0.11 },
      { text: 'Handelsrechnung Nr. R52791959 vom 24.04.2025', x: 44, y: 140, size: 14, bold: true, tracking: 0.11 },
    ]);
    expect(await linesOf(bytes)).toEqual(['Lieferant GmbH', 'Bruttosumme 235,62', 'Handelsrechnung Nr. R52791959 vom 24.04.2025']);
  });

  it('reads letter spacing set with Tc (character spacing) as whole words, and keeps the spaces', async () => {
    const doc = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => doc.on('end', resolve));
    doc.font('Helvetica').fontSize(10).text('Kunden AG Mitte', 44, 100, { lineBreak: false, characterSpacing: 1.2 });
    doc.end();
    await done;
    expect(await linesOf(Buffer.concat(chunks))).toEqual(['Kunden AG Mitte']);
  });

  it('keeps a word break drawn by position alone (no space glyph) when it is a space wide', async () => {
    // "KundenAG" drawn with 0.2 em after the n and 0.3 em after the G: a narrow and a common space.
    const spacing = [...'KundenAGMitte'].map((_, i) => (i === 5 ? 0.2 : i === 7 ? 0.3 : 0.05));
    const { bytes } = await page([{ text: 'KundenAGMitte', x: 44, y: 100, size: 10, tracking: spacing }]);
    expect(await linesOf(bytes)).toEqual(['Kunden AG Mitte']);
  });

  it('keeps two runs on one baseline apart when a column gap of a third of an em parts them', async () => {
    // Helvetica's "Steuerbasisbetrag" is 8.115 em wide, 16 gaps of 0.11 em more: the next run starts 0.33 em after it.
    const tracked = (text: string) => [...text].map((_, i) => (i < text.length - 1 ? 0.11 : 0));
    const end = 44 + 81.15 + 16 * 1.1;
    const { bytes } = await page([
      { text: 'Steuerbasisbetrag', x: 44, y: 100, size: 10, tracking: tracked('Steuerbasisbetrag') },
      { text: 'USt. %', x: end + 3.3, y: 100, size: 10, tracking: tracked('USt. %') },
    ]);
    expect(await linesOf(bytes)).toEqual(['Steuerbasisbetrag USt. %']);
  });
});
