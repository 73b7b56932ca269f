import { MAX_IMAGE_PIXELS, openImage } from '../../imaging/open.js';
import { readQrCodes, type QrSymbol, type RgbaImage } from './decode.js';

/** QR codes of an image (a camera frame, a page): decoded on a small copy first; a symbol located
 * there but not decoded (its modules a pixel or two wide after downscaling) is decoded again from
 * the full-resolution pixels around it. Positions are fractions of the image. */

/** An image to search: the upright original (any format sharp opens) and its small RGBA copy. */
export interface QrSearchImage {
  upright: Buffer;
  width: number;
  height: number;
  work: RgbaImage;
  /** The pixel limit the original was admitted under. */
  maxPixels: number;
}

export interface QrPass {
  /** Decoded symbols, each payload once. */
  decoded: QrSymbol[];
  /** Located but still not decoded after the full-resolution try. */
  undecoded: QrSymbol[];
  fullResolutionTries: number;
}

const downscaled = (frame: QrSearchImage): boolean => frame.work.width < frame.width;

export async function findQrCodes(frame: QrSearchImage): Promise<QrPass> {
  const first = await readQrCodes(frame.work, { located: true });
  const decoded = first.filter((s) => s.decoded);
  const undecoded: QrSymbol[] = [];
  let fullResolutionTries = 0;
  for (const seen of first.filter((s) => !s.decoded)) {
    if (!downscaled(frame)) {
      undecoded.push(seen);
      continue;
    }
    fullResolutionTries += 1;
    const crop = await fullResolutionCrop(frame, seen.box);
    const again = await readQrCodes(crop.image, { located: true });
    const toFrame = (s: QrSymbol): QrSymbol => {
      const map = ([x, y]: [number, number]): [number, number] => [
        round((crop.left + x * crop.image.width) / frame.width),
        round((crop.top + y * crop.image.height) / frame.height),
      ];
      const corners = s.corners.map(map);
      const [bx0, by0] = map([s.box[0], s.box[1]]);
      const [bx1, by1] = map([s.box[2], s.box[3]]);
      return { ...s, corners, box: [bx0, by0, bx1, by1] };
    };
    const hits = again.filter((s) => s.decoded).map(toFrame);
    if (hits.length) decoded.push(...hits);
    else undecoded.push(seen);
  }
  return { decoded: unique(decoded), undecoded, fullResolutionTries };
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

/** The same symbol found twice (on the copy and again in a crop) counts once. */
function unique(symbols: QrSymbol[]): QrSymbol[] {
  const out: QrSymbol[] = [];
  for (const s of symbols) {
    const cx = (s.box[0] + s.box[2]) / 2;
    const cy = (s.box[1] + s.box[3]) / 2;
    const same = out.some((o) => o.text === s.text && cx >= o.box[0] && cx <= o.box[2] && cy >= o.box[1] && cy <= o.box[3]);
    if (!same) out.push(s);
  }
  return out;
}

/** The small copy of an image, for a search: a page image intake admitted (under the one decode
 * limit), or a camera frame under its own. */
export async function qrSearchImage(png: Buffer, longSide: number, maxPixels = MAX_IMAGE_PIXELS): Promise<QrSearchImage> {
  const meta = await openImage(png, { maxPixels }).metadata();
  const { data, info } = await openImage(png, { maxPixels })
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { upright: png, width: meta.width!, height: meta.height!, work: { data, width: info.width, height: info.height }, maxPixels };
}

/** A region of the image at full resolution, RGBA, with a margin around it. */
async function fullResolutionCrop(
  frame: QrSearchImage,
  box: readonly [number, number, number, number],
  margin = 0.25,
): Promise<{ image: RgbaImage; left: number; top: number }> {
  const [x0, y0, x1, y1] = box;
  const mx = (x1 - x0) * margin;
  const my = (y1 - y0) * margin;
  const left = Math.max(0, Math.floor((x0 - mx) * frame.width));
  const top = Math.max(0, Math.floor((y0 - my) * frame.height));
  const width = Math.max(1, Math.min(frame.width - left, Math.ceil((x1 + mx) * frame.width) - left));
  const height = Math.max(1, Math.min(frame.height - top, Math.ceil((y1 + my) * frame.height) - top));
  const { data, info } = await openImage(frame.upright, { maxPixels: frame.maxPixels })
    .extract({ left, top, width, height })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { image: { data, width: info.width, height: info.height }, left, top };
}
