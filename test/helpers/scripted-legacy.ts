import { openImage } from '../../src/imaging/open.js';

/** A blank 400 × 600 page, for steps that cut a crop from it. */
export const blankPage = async (): Promise<Buffer> =>
  openImage(Buffer.alloc(400 * 600 * 3, 255), { raw: { width: 400, height: 600, channels: 3 } })
    .png()
    .toBuffer();

/** A stand-in legacy classifier (the third look's engine) that reads `looks[i]` at the i-th crop
 * it is given (the last one after them; nothing when there are none), and how often it was asked. */
export function scriptedLegacy(looks: readonly string[]) {
  let asked = 0;
  const engine = {
    engine: { name: 'legacy', version: '0' },
    readRegion: async () => {
      const text = looks[Math.min(asked++, looks.length - 1)] ?? '';
      return { text, confidence: 0.7, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.7, words: [{ text, box: [0, 0, 1, 1], confidence: 0.7 }] }] };
    },
  };
  return { engine, asked: () => asked };
}
