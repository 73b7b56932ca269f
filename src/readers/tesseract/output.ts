import type Tesseract from 'tesseract.js';
import { pixelsToBox } from '../../domain/field.js';
import type { Line, Word } from '../types.js';

/** tesseract.js block tree (pixel boxes, confidences 0..100) to the reader interface's lines and
 * words (page fractions, confidences 0..1). */
export function tesseractLines(page: Tesseract.Page, width: number, height: number): Line[] {
  const lines: Line[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: Word[] = line.words
          .filter((w) => w.text.trim() !== '')
          .map((w) => ({
            text: w.text.trim(),
            box: pixelsToBox(w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1, width, height),
            confidence: w.confidence / 100,
          }));
        if (words.length === 0) continue;
        lines.push({
          text: words.map((w) => w.text).join(' '),
          box: pixelsToBox(line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1, width, height),
          confidence: line.confidence / 100,
          words,
        });
      }
    }
  }
  return lines;
}
