import type { Box, Line, ReaderOutput } from '../../readers/types.js';

/** Builds a reader output from text placed on a page, for tests: each entry is one line at
 * [x, y] (page fractions), its words laid out left to right at a fixed character width, scaled
 * by the entry's type size (1 unless given). */
export function placed(entries: [text: string, x: number, y: number, size?: number][], reader: ReaderOutput['reader'] = 'tesseract'): ReaderOutput {
  const lines: Line[] = entries.map(([text, x, y, size = 1]) => {
    const charW = 0.008 * size;
    const h = 0.012 * size;
    let cursor = x;
    const words = text
      .split(' ')
      .filter(Boolean)
      .map((w) => {
        const box: Box = [cursor, y, cursor + w.length * charW, y + h];
        cursor += (w.length + 1) * charW;
        return { text: w, box, confidence: 0.95 };
      });
    return { text, box: [x, y, cursor - charW, y + h], confidence: 0.95, words };
  });
  return { reader, engine: { name: 'test', version: '1' }, pages: [{ page: 1, lines }], ms: 0, cost_usd: 0 };
}

/** A till slip's lines from the top, for `placed`: an amount after "|" is printed at the right. */
export const slipEntries = (...lines: string[]): Array<[string, number, number]> =>
  lines.flatMap((line, i): Array<[string, number, number]> => {
    const [label, amount] = line.split('|').map((t) => t.trim());
    return amount
      ? [
          [label!, 0.1, 0.5 + i * 0.03],
          [amount, 0.8, 0.5 + i * 0.03],
        ]
      : [[label!, 0.1, 0.5 + i * 0.03]];
  });
