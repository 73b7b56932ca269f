import { fileTypeFromBuffer } from 'file-type';
import type { FileKind } from '../../domain/document-types.js';

/** The file's real kind, read from its bytes (the name and declared type are never trusted).
 * Returns null for anything that is not PNG, JPEG, PDF, DOCX or DOC. */
export async function sniffFileKind(bytes: Buffer): Promise<FileKind | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  switch (found.ext) {
    case 'png':
      return 'png';
    case 'jpg':
      return 'jpeg';
    case 'pdf':
      return 'pdf';
    case 'docx':
      return 'docx';
    case 'cfb':
      // .doc, .xls and .msi share the OLE container; only a WordDocument stream makes it a .doc.
      return hasWordDocumentStream(bytes) ? 'doc' : null;
    default:
      return null;
  }
}

/** Directory entry names in an OLE file are UTF-16LE; a Word file carries "WordDocument". */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

function hasWordDocumentStream(bytes: Buffer): boolean {
  return bytes.indexOf(WORD_STREAM) !== -1;
}
