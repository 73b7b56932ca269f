/** Why an image could not be opened, in words for the person who sent it. The decoder's own
 * message (libvips, libjpeg, libpng) names internals nobody can act on; the file's structure
 * says whether it was cut short or damaged. */

const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** Cameras and editors may pad a JPEG after its end marker; look for it near the end only. */
const JPEG_TAIL_BYTES = 4096;

/** Does the file end where its format says a whole image ends (PNG's IEND, JPEG's EOI)? */
export function endsWhole(bytes: Buffer, kind: 'png' | 'jpeg'): boolean {
  if (kind === 'png') return bytes.length >= PNG_IEND.length && bytes.subarray(bytes.length - PNG_IEND.length).equals(PNG_IEND);
  const tail = bytes.subarray(Math.max(0, bytes.length - JPEG_TAIL_BYTES));
  for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return true;
  return false;
}

export function imageFault(bytes: Buffer, kind: 'png' | 'jpeg', err: unknown): string {
  const name = kind === 'png' ? 'PNG' : 'JPEG';
  const message = err instanceof Error ? err.message : String(err);
  if (!endsWhole(bytes, kind) || /premature end|truncated|unexpected end/i.test(message)) {
    return `the ${name} file is incomplete: it ends before the picture does, as when a download or copy is cut short. Send the whole file again`;
  }
  return `the ${name} picture data is damaged and cannot be decoded. Save or photograph it again and send the new file`;
}
