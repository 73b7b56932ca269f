import { existsSync } from 'node:fs';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { GreyImage } from '../../src/readers/paddle/words.js';
import { OCRB_CLASSES } from '../../src/readers/ocrb/model.js';

/** Renders lines of MRZ characters the way a camera sees a document's MRZ: fixed pitch
 * (stretched a little either way), stroke weight, a small residual turn and shear, a lighting
 * gradient, blur, lost resolution, noise and JPEG. Mostly in OCR-B (Debian's fonts-ocr-b); a
 * share in the plain monospace faces that documents printed without OCR-B use (and that this
 * project's own document generator uses). Only training and the classifier's test need the fonts;
 * reading never does. */

export const OCRB_FONT_FILE = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';
export const OCRB_FAMILY = 'OCRB-train';

interface Face {
  file: string;
  family: string;
  /** Share of the lines rendered in it. */
  share: number;
  /** Advance and cap height per em, measured once registered. */
  advanceEm?: number;
  capEm?: number;
}

const FACES: Face[] = [
  { file: OCRB_FONT_FILE, family: OCRB_FAMILY, share: 0.7 },
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', family: 'DejaVuMono-train', share: 0.2 },
  { file: '/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf', family: 'LiberationMono-train', share: 0.1 },
];

export const fontAvailable = (): boolean => FACES.every((f) => existsSync(f.file));

let registered = false;
function register(): void {
  if (registered) return;
  const probe = createCanvas(200, 200).getContext('2d');
  for (const face of FACES) {
    if (!GlobalFonts.registerFromPath(face.file, face.family))
      throw new Error(`ocrb: cannot load ${face.file} (apt-get install fonts-ocr-b fonts-dejavu-core fonts-liberation)`);
    probe.font = `100px ${face.family}`;
    const m = probe.measureText('H');
    face.advanceEm = m.width / 100;
    face.capEm = m.actualBoundingBoxAscent / 100;
  }
  registered = true;
}

function pickFace(rng: Rng): Face {
  let r = rng();
  for (const face of FACES) if ((r -= face.share) < 0) return face;
  return FACES[0]!;
}

export type Rng = () => number;

/** mulberry32: small, seeded, good enough for augmentation. */
export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, a: number, b: number): number => a + (b - a) * rng();

/** MRZ-like text: any character, with the runs of fillers real lines have. */
export function mrzLikeText(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) {
    if (rng() < 0.15) out += '<'.repeat(1 + Math.floor(rng() * 6));
    else out += OCRB_CLASSES[Math.floor(rng() * (OCRB_CLASSES.length - 1))];
  }
  return out.slice(0, length);
}

export interface RenderedLine {
  grey: GreyImage;
  text: string;
  /** The font family it was rendered in. */
  family: string;
  /** Each character's cell centre, x, pixels. */
  centres: number[];
  pitch: number;
}

/** One degraded line of `text`. */
export async function renderLine(rng: Rng, text: string): Promise<RenderedLine> {
  register();
  const face = pickFace(rng);
  const [advanceEm, capEm] = [face.advanceEm!, face.capEm!];
  const cap = between(rng, 14, 40);
  const size = cap / capEm;
  const pitch = size * advanceEm * between(rng, 0.94, 1.08);
  const margin = Math.round(pitch * between(rng, 0.6, 2));
  const width = Math.round(margin * 2 + pitch * text.length);
  const height = Math.round(cap * between(rng, 2.2, 3.2));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const paper = between(rng, 150, 250);
  const ink = between(rng, 0, Math.max(10, paper - 100));
  const grad = ctx.createLinearGradient(0, 0, width * between(rng, -1, 1), height * between(rng, -1, 1));
  const shade = (v: number): string => `rgb(${v | 0},${v | 0},${v | 0})`;
  grad.addColorStop(0, shade(Math.min(255, paper + between(rng, -40, 20))));
  grad.addColorStop(1, shade(Math.min(255, paper + between(rng, -40, 20))));
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, width, height);
  // faint security print behind the zone, sometimes
  if (rng() < 0.3) {
    ctx.strokeStyle = shade(paper - between(rng, 10, 40));
    ctx.lineWidth = between(rng, 0.5, 1.5);
    const period = between(rng, 6, 30);
    for (let y = -height; y < height * 2; y += period) {
      ctx.beginPath();
      for (let x = 0; x <= width; x += 4) ctx.lineTo(x, y + Math.sin(x / between(rng, 10, 40)) * period);
      ctx.stroke();
    }
  }
  const baseline = (height + cap) / 2 + between(rng, -0.15, 0.15) * cap;
  const angle = (between(rng, -0.35, 0.35) * Math.PI) / 180;
  const shear = between(rng, -0.12, 0.12);
  const stretchY = between(rng, 0.9, 1.12);
  const [cx, cy] = [width / 2, baseline - cap / 2];
  // about the line's centre: turn × shear × vertical stretch
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const m = { a: c, b: s, c: c * shear * stretchY - s * stretchY, d: s * shear * stretchY + c * stretchY };
  ctx.setTransform(m.a, m.b, m.c, m.d, cx - m.a * cx - m.c * cy, cy - m.b * cx - m.d * cy);
  ctx.font = `${size.toFixed(2)}px ${face.family}`;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = shade(ink);
  ctx.strokeStyle = shade(ink);
  const bold = rng() < 0.5 ? between(rng, 0, 0.06) * size : 0;
  ctx.lineWidth = bold;
  const centres: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const x = margin + i * pitch + (pitch - size * advanceEm) / 2;
    ctx.fillText(ch, x, baseline);
    if (bold > 0) ctx.strokeText(ch, x, baseline);
    const [px, py] = [margin + (i + 0.5) * pitch, cy];
    centres.push(m.a * (px - cx) + m.c * (py - cy) + cx);
  }
  const rgba = ctx.getImageData(0, 0, width, height).data;
  let img = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length), { raw: { width, height, channels: 4 } }).greyscale();
  const blur = between(rng, -0.4, 1.6);
  if (blur >= 0.3) img = img.blur(blur);
  const raw = await img.raw().toBuffer();
  let data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = raw[i * (raw.length / data.length)]!;
  // lost resolution: down and back up
  if (rng() < 0.4) {
    const r = between(rng, 0.45, 0.9);
    const small = await sharp(data, { raw: { width, height, channels: 1 } })
      .resize({ width: Math.max(8, Math.round(width * r)), height: Math.max(4, Math.round(height * r)) })
      .raw()
      .toBuffer({ resolveWithObject: true });
    data = new Uint8Array(
      await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 1 } })
        .resize({ width, height, fit: 'fill' })
        .raw()
        .toBuffer(),
    );
  }
  const noise = between(rng, 0, 14);
  for (let i = 0; i < data.length; i++) {
    const g = (rng() + rng() + rng() - 1.5) * 2 * noise;
    data[i] = Math.max(0, Math.min(255, data[i]! + g));
  }
  const jpeg = await sharp(data, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: Math.round(between(rng, 25, 95)) })
    .toBuffer();
  const back = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = back.data[i * back.info.channels]!;
  return { grey: { data: grey, width, height }, text, family: face.family, centres, pitch };
}
