/** Pre-scan of a zip (DOCX) before any parser inflates it: entry count, real inflated sizes counted
 * while streaming (declared sizes can lie), overall ratio, overlapping entries, nested archives,
 * encryption and macros. Refuses with an IntakeError on the first breach. */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { describeError, IntakeError, PrecheckRefusal } from './errors.js';
import type { ZipLimits } from './limits.js';

const MB = 1024 * 1024;
// Local signatures of zip, gzip, 7z, rar, bzip2, xz: an archive inside the archive.
const ARCHIVE_MAGIC = ['504b0304', '1f8b', '377abcaf', '52617221', '425a68', 'fd377a58'];
const MACRO_PART = /(^|\/)vba(Project\.bin|Data\.xml)$/i;

export interface ZipScan {
  entryNames: string[];
  inflatedBytes: number;
  /** Contents of the small entries asked for (e.g. document properties), when present. */
  kept: Map<string, Buffer>;
}

const isArchive = (head: Buffer) => ARCHIVE_MAGIC.some((hex) => head.subarray(0, hex.length / 2).equals(Buffer.from(hex, 'hex')));

/** Streams one entry, counting bytes against the budget left; returns its head and, if asked, its body. */
async function drain(zip: ZipFile, entry: Entry, budget: number, keep: boolean): Promise<{ bytes: number; head: Buffer; body?: Buffer }> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let head = Buffer.alloc(0);
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (head.length < 8) head = Buffer.concat([head, chunk]).subarray(0, 8);
    if (bytes > budget) {
      stream.destroy();
      return { bytes, head };
    }
    if (keep) chunks.push(chunk);
  }
  return { bytes, head, ...(keep ? { body: Buffer.concat(chunks) } : {}) };
}

/** Entries whose data ranges overlap (a known zip-bomb construction) or run past the archive. */
function checkLayout(entries: Entry[], archiveBytes: number): void {
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  sorted.forEach((entry, i) => {
    const end = entry.relativeOffsetOfLocalHeader + 30 + entry.fileNameLength + entry.compressedSize;
    const next = sorted[i + 1];
    if (end > archiveBytes || (next && end > next.relativeOffsetOfLocalHeader)) {
      throw new PrecheckRefusal("the Word file's archive has overlapping or out-of-bounds parts (a zip bomb construction)");
    }
  });
}

export async function scanZip(bytes: Buffer, limits: ZipLimits, keepNames: string[] = [], keepMaxBytes = 256 * 1024): Promise<ZipScan> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true });
  } catch (err) {
    throw new PrecheckRefusal(`the Word file's archive could not be opened (${describeError(err)})`);
  }
  const entries: Entry[] = [];
  const kept = new Map<string, Buffer>();
  let inflated = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      if (entries.length > limits.maxEntries) throw new PrecheckRefusal(`the Word file has more than ${limits.maxEntries} parts`);
      if (entry.isEncrypted()) throw new PrecheckRefusal('the Word file is encrypted');
      if (MACRO_PART.test(entry.fileName)) throw new PrecheckRefusal('the Word file carries macros (.docm)');
      if (entry.fileName.endsWith('/')) continue;
      const keep = keepNames.includes(entry.fileName) && entry.uncompressedSize <= keepMaxBytes;
      const left = limits.maxInflatedBytes - inflated;
      const drained = await drain(zip, entry, left, keep);
      inflated += drained.bytes;
      if (drained.bytes > left) {
        throw new PrecheckRefusal(`the Word file expands to more than ${Math.round(limits.maxInflatedBytes / MB)} MB (part ${entry.fileName})`);
      }
      if (isArchive(drained.head)) throw new PrecheckRefusal(`the Word file contains another archive (${entry.fileName})`);
      if (drained.body) kept.set(entry.fileName, drained.body);
    }
  } catch (err) {
    if (err instanceof IntakeError) throw err;
    throw new PrecheckRefusal(`the Word file's archive is damaged (${describeError(err)})`);
  } finally {
    zip.close();
  }
  checkLayout(entries, bytes.length);
  if (inflated > limits.maxRatio * bytes.length) {
    throw new PrecheckRefusal(`the Word file expands more than ${limits.maxRatio} times its size`);
  }
  return { entryNames: entries.map((e) => e.fileName), inflatedBytes: inflated, kept };
}
