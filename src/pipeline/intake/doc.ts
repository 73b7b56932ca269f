/** Legacy Word (.doc) intake with word-extractor, only for OLE files carrying a WordDocument stream
 * (sniffing checks it; .xls and .msi share the container). Corrupt OLE files can make it loop: the
 * sandbox gives .doc a shorter time limit. */
import WordExtractor from 'word-extractor';
import type { IntakeResult } from '../types.js';
import { describeError, IntakeError } from './errors.js';
import type { Progress } from './progress.js';
import { textLines, wordPage } from './word-page.js';

export async function readDoc(bytes: Buffer, progress: Progress): Promise<IntakeResult> {
  progress('the Word (.doc) file');
  let body: string;
  try {
    body = (await new WordExtractor().extract(bytes)).getBody();
  } catch (err) {
    throw new IntakeError(`the Word (.doc) file could not be read (${describeError(err)})`);
  }
  const lines = textLines(body);
  return { kind: 'doc', pageCount: 1, pagesTaken: 1, images: [], textLayer: [wordPage(lines)], plainText: lines.join('\n'), metadata: {} };
}
