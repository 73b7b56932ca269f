/** A pre-scan of a PDF's streams for graphics states nested deeper than any document needs.
 * pdf.js interprets nesting in super-linear time (measured: 5,000 levels 3.4 s, 10,000 levels 22 s
 * for the text alone, on one core), blocking its thread, so such a file is refused before pdf.js
 * opens it. ISO 32000-1 (Annex C) names 28 levels as a viewer's limit; generated documents stay in
 * the tens. Streams pdf.js reads that this scan cannot (encrypted, other filters, past the byte
 * budget) are left to the sandbox's per-page time limit. */
import { createInflate } from 'node:zlib';

/** Nesting beyond this refuses the file (pdf.js takes well under 0.1 s at this depth). */
export const MAX_GRAPHICS_DEPTH = 1000;
/** Inflated bytes read per stream, and over the whole file. */
const STREAM_BUDGET = 8 * 1024 * 1024;
const FILE_BUDGET = 64 * 1024 * 1024;

const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');

/** Inflates at most `budget` bytes of a zlib stream; damaged or truncated data ends the read. */
function inflatePrefix(data: Buffer, budget: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const inflate = createInflate();
    const done = () => {
      inflate.removeAllListeners();
      inflate.on('error', () => undefined);
      inflate.destroy();
      resolve(Buffer.concat(chunks));
    };
    inflate.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= budget) done();
    });
    inflate.on('end', done);
    inflate.on('error', done);
    inflate.end(data);
  });
}

const isDelimiter = (b: number | undefined) =>
  b === undefined || b <= 0x20 || b === 0x2f || b === 0x5b || b === 0x5d || b === 0x3c || b === 0x3e || b === 0x28 || b === 0x29 || b === 0x25;

/** Deepest nesting of q … Q operators in content-stream text (strings and comments are not
 * tokenised apart: a stray "q" inside one only overstates the depth by one). */
export function graphicsDepth(content: Buffer): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if ((c !== 0x71 && c !== 0x51) || !isDelimiter(content[i - 1]) || !isDelimiter(content[i + 1])) continue;
    if (c === 0x71) max = Math.max(max, ++depth);
    else depth = Math.max(0, depth - 1);
  }
  return max;
}

/** The deepest graphics-state nesting in any stream of the file that is Flate-compressed or not
 * compressed at all (images skipped). */
export async function deepestGraphicsNesting(pdf: Buffer): Promise<number> {
  let deepest = 0;
  let budget = FILE_BUDGET;
  for (let at = pdf.indexOf(STREAM); at !== -1 && budget > 0; at = pdf.indexOf(STREAM, at + STREAM.length)) {
    if (pdf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    const dict = pdf.subarray(Math.max(0, pdf.lastIndexOf('<<', at)), at).toString('latin1');
    const flate = /\/FlateDecode/.test(dict);
    if ((!flate && /\/Filter/.test(dict)) || /\/Subtype\s*\/Image/.test(dict)) continue;
    let start = at + STREAM.length;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = pdf.indexOf(END, start);
    const raw = pdf.subarray(start, end === -1 ? pdf.length : end);
    const take = Math.min(STREAM_BUDGET, budget);
    const data = flate ? await inflatePrefix(raw, take) : raw.subarray(0, take);
    budget -= data.length;
    deepest = Math.max(deepest, graphicsDepth(data));
    if (end !== -1) at = end;
  }
  return deepest;
}
