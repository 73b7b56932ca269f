import { fileTypeFromBuffer } from 'file-type';
import type { FileKind } from '../../domain/document-types.js';

/** The file's real kind, read from its bytes (the name and declared type are never trusted).
 * Returns null for anything that is not PNG, JPEG, PDF, DOCX or DOC. */
export async function sniffFileKind(bytes: Buffer): Promise<FileKind | null> {
  const plain = plainKind(bytes);
  if (plain) return plain;
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_SIGNATURE = Buffer.from('%PDF', 'latin1');
/** file-type gives up walking a PNG's chunks after this many. */
const MAX_PNG_CHUNKS = 512;

/** The kinds file-type would name for the plainest PNG, JPEG and PDF files, found without it:
 * for an upload it built a tokenizer, walked its signature table and allocated as it went (about
 * a sixth of what the upload path allocated, and 15 µs of the event loop). Only where file-type's
 * own rules (file-type/core.js: no signature it checks before these can match these first
 * bytes; a PNG's chunks walked up to its first IDAT, an APNG told by an acTL before it) give
 * that answer; anything else, including every PNG whose walk would stop early, is left to
 * file-type. sniff.test.ts holds the two to the same answers. */
function plainKind(bytes: Buffer): FileKind | null {
  if (bytes.length < 4) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return bytes[3] === 0xf7 ? null : 'jpeg'; // 0xF7: JPEG-LS
  if (bytes.compare(PDF_SIGNATURE, 0, 4, 0, 4) === 0) return 'pdf';
  if (bytes.length < 16 || bytes.compare(PNG_SIGNATURE, 0, 8, 0, 8) !== 0) return null;
  let at = 8;
  let sawHeader = false;
  for (let chunks = 1; chunks <= MAX_PNG_CHUNKS && at + 8 <= bytes.length; chunks++) {
    const length = bytes.readInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (length < 0) return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      sawHeader = true;
    }
    if (type === 'IDAT') return sawHeader ? 'png' : null;
    if (type === 'acTL' || !sawHeader) return null;
    // A chunk that runs past the end ends file-type's walk another way: left to it.
    at += 12 + length;
    if (at > bytes.length) return null;
  }
  return null;
}

/** Directory entry names in an OLE file are UTF-16LE; a Word file carries "WordDocument". */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

function hasWordDocumentStream(bytes: Buffer): boolean {
  return bytes.indexOf(WORD_STREAM) !== -1;
}
