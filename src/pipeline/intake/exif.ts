/** Reads a few text tags from IFD0 of an EXIF block (sharp's `metadata().exif`): which camera and
 * which software last wrote the image. Editing-software traces are a later tamper signal. */

const TAGS: Record<number, string> = { 0x010f: 'make', 0x0110: 'model', 0x0131: 'software', 0x0132: 'dateTime' };
const ASCII = 2;
const MAX_ENTRIES = 512;

export function exifTextTags(exif: Buffer | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!exif || exif.length < 14) return out;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return out;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  try {
    const ifd = u32(4);
    const count = Math.min(u16(ifd), MAX_ENTRIES);
    for (let i = 0; i < count; i++) {
      const at = ifd + 2 + i * 12;
      const key = TAGS[u16(at)];
      if (!key || u16(at + 2) !== ASCII) continue;
      const length = Math.min(u32(at + 4), 256);
      const start = length <= 4 ? at + 8 : u32(at + 8);
      const value = tiff
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0+$/, '')
        .trim();
      if (value) out[key] = value;
    }
  } catch {
    // A damaged EXIF block only means fewer facts; the image itself is judged by the decoder.
  }
  return out;
}
