import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, ZXING_CPP_COMMIT, ZXING_WASM_VERSION, type ReadResult } from 'zxing-wasm/reader';
import type { Box } from '../types.js';

/** QR codes with zxing-cpp (the `zxing-wasm` build). Its WebAssembly is read from node_modules
 * once: by default the package fetches it from a CDN, which a self-hosted service must not do.
 * Pixels come already decoded (sharp, with its pixel limit): the decoder never parses file bytes. */

const require = createRequire(import.meta.url);

export const QR_ENGINE = { name: 'zxing-cpp (zxing-wasm)', version: `${ZXING_WASM_VERSION} (zxing-cpp ${ZXING_CPP_COMMIT.slice(0, 7)})` };

let ready: Promise<unknown> | null = null;

function loadWasm(): Promise<unknown> {
  ready ??= (async () => {
    const file = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** RGBA pixels, as sharp gives them with `.ensureAlpha().raw()`. */
export interface RgbaImage {
  data: Buffer;
  width: number;
  height: number;
}

/** One symbol the decoder saw. `decoded` false: it was located but its data did not survive error
 * correction (blur, glare, too small) — the position still tells where to look closer. */
export interface QrSymbol {
  decoded: boolean;
  /** The payload as text (bytes decoded by the symbol's ECI or guessed character set); empty when not decoded. */
  text: string;
  /** `QRCode`, `MicroQRCode` or `RMQRCode`. */
  format: string;
  /** Corners clockwise from the symbol's own top-left, as fractions of the image. */
  corners: Array<[number, number]>;
  /** Axis-aligned bounds of the corners, fractions of the image. */
  box: Box;
  /** Error-correction level (L, M, Q, H) where the symbol states one. */
  ec_level: string | null;
  /** zxing's reason when not decoded. */
  error: string | null;
}

/** Enough for several codes on one invoice or card, few enough to bound the work on noise. */
const MAX_SYMBOLS = 8;

const round = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 1e5) / 1e5;

function toSymbol(r: ReadResult, width: number, height: number): QrSymbol {
  const p = r.position;
  const corners: Array<[number, number]> = [p.topLeft, p.topRight, p.bottomRight, p.bottomLeft].map((pt) => [round(pt.x / width), round(pt.y / height)]);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return {
    decoded: r.isValid,
    text: r.isValid ? r.text : '',
    format: r.format,
    corners,
    box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    ec_level: r.ecLevel || null,
    error: r.isValid ? null : r.error || 'not decoded',
  };
}

/** Every QR-family symbol in the image: the decoded ones, and (with `located`) those found but not
 * decoded. Positions are fractions of this image. */
export async function readQrCodes(image: RgbaImage, opts: { located?: boolean } = {}): Promise<QrSymbol[]> {
  await loadWasm();
  const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const results = await readBarcodes({ data, width: image.width, height: image.height } as unknown as Parameters<typeof readBarcodes>[0], {
    formats: ['QRCode', 'MicroQRCode', 'RMQRCode'],
    tryHarder: true,
    tryRotate: true,
    tryInvert: true,
    tryDownscale: true,
    // the payload as the symbol holds it: control characters stay characters, not "<SOH>" labels
    textMode: 'Plain',
    maxNumberOfSymbols: MAX_SYMBOLS,
    returnErrors: opts.located === true,
  });
  return results.filter((r) => r.format !== 'None').map((r) => toSymbol(r, image.width, image.height));
}
