/** One file → IntakeResult, by kind. Runs inside the sandbox process, never in the server. */
import type { FileKind } from '../../domain/document-types.js';
import type { IntakeResult } from '../types.js';
import { readDoc } from './doc.js';
import { readDocx } from './docx.js';
import { PrecheckRefusal } from './errors.js';
import { readImage } from './image.js';
import type { IntakeLimits } from './limits.js';
import { readPdf } from './pdf.js';
import type { Progress } from './progress.js';
import { sniffFileKind } from './sniff.js';

const NAMES: Record<FileKind, string> = { png: 'PNG image', jpeg: 'JPEG image', pdf: 'PDF', docx: 'Word (.docx) file', doc: 'Word (.doc) file' };

export async function parseFile(bytes: Buffer, kind: FileKind, limits: IntakeLimits, progress: Progress): Promise<IntakeResult> {
  if (bytes.length === 0) throw new PrecheckRefusal('the file is empty');
  if (bytes.length > limits.maxFileBytes) throw new PrecheckRefusal(`the file is larger than ${limits.maxFileBytes} bytes`);
  // The kind the caller sniffed must be the kind the bytes are; then the strict parser must agree.
  const sniffed = await sniffFileKind(bytes);
  if (sniffed !== kind) throw new PrecheckRefusal(`the file is not a ${NAMES[kind]}${sniffed ? ` (its content is a ${NAMES[sniffed]})` : ''}`);
  switch (kind) {
    case 'pdf':
      return readPdf(bytes, limits, progress);
    case 'docx':
      return readDocx(bytes, limits, progress);
    case 'doc':
      return readDoc(bytes, progress);
    case 'png':
    case 'jpeg':
      return readImage(bytes, kind, limits, progress);
  }
}
