import sharp from 'sharp';
import type { Box } from '../../src/readers/types.js';

/** Test images with known text and known positions, rendered from SVG with the DejaVu fonts. */

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export interface DrawnText {
  text: string;
  /** The inked extent of the text, fractions of the image. */
  box: Box;
}

export interface RenderedImage {
  png: Buffer;
  width: number;
  height: number;
  texts: DrawnText[];
}

interface TextSpec {
  text: string;
  x: number;
  baseline: number;
  size: number;
  font?: 'DejaVu Sans' | 'DejaVu Sans Mono';
  bold?: boolean;
  color?: string;
  /** Right-to-left text anchored at x on its right. */
  rtl?: boolean;
}

function textElement(t: TextSpec): string {
  const attrs = [
    `x="${t.x}"`,
    `y="${t.baseline}"`,
    `font-family="${t.font ?? 'DejaVu Sans'}"`,
    `font-size="${t.size}"`,
    t.bold ? 'font-weight="bold"' : '',
    t.rtl ? 'direction="rtl"' : '',
    `fill="${t.color ?? '#111'}"`,
  ].join(' ');
  return `<text ${attrs}>${escape(t.text)}</text>`;
}

/** The inked extent of one text, found by rendering it alone and trimming the blank margin. */
async function inkBox(t: TextSpec, width: number, height: number): Promise<Box> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${textElement({ ...t, color: '#000' })}</svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim({ background: '#ffffff', threshold: 40 }).toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  return [left / width, top / height, (left + info.width) / width, (top + info.height) / height];
}

async function render(width: number, height: number, specs: TextSpec[], background = '#ffffff', extra = ''): Promise<RenderedImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${extra}${specs.map(textElement).join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const texts = await Promise.all(specs.map(async (t) => ({ text: t.text, box: await inkBox(t, width, height) })));
  return { png, width, height, texts };
}

export const ID_FIELDS = [
  ['SURNAME', 'ERIKSSON'],
  ['GIVEN NAMES', 'ANNA MARIA'],
  ['DATE OF BIRTH', '12 AUG 1974'],
  ['DOCUMENT NO', 'L898902C3'],
] as const;

export const ID_MRZ = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

/** An ID-card-like image (1000×630 at scale 1): title, four labelled fields, a photo area and a TD1 MRZ. */
export async function renderIdCard(scale = 1): Promise<RenderedImage> {
  const s = (v: number): number => Math.round(v * scale);
  const specs: TextSpec[] = [{ text: 'IDENTITY CARD', x: s(40), baseline: s(55), size: s(32), bold: true, color: '#123' }];
  ID_FIELDS.forEach(([label, value], i) => {
    const y = 130 + i * 80;
    specs.push({ text: label, x: s(330), baseline: s(y), size: s(18), color: '#444' });
    specs.push({ text: value, x: s(330), baseline: s(y + 34), size: s(30), bold: true });
  });
  ID_MRZ.forEach((line, i) => specs.push({ text: line, x: s(40), baseline: s(500 + i * 42), size: s(34), font: 'DejaVu Sans Mono', color: '#000' }));
  const photo = `<rect x="${s(40)}" y="${s(90)}" width="${s(250)}" height="${s(320)}" fill="#c8ccd0"/>`;
  return render(s(1000), s(630), specs, '#eef2f0', photo);
}

export const PAGE_LINES = [
  'INVOICE NUMBER 2024-0117',
  'Northwind Trading Company Limited',
  'Delivery of office furniture and supplies',
  'The goods remain our property until payment',
  'Payment is due within thirty days of the date',
  'Total amount due 1,250.00 EUR',
];

/** An A4-like page of printed lines at the given resolution (11 pt text): PAGE_LINES spaced out,
 * or with `full`, repeated at 16 pt leading down the whole page (about 40 lines, as a letter). */
export async function renderTextPage(dpi: number, full = false): Promise<RenderedImage> {
  const width = Math.round(8.27 * dpi);
  const height = Math.round(11.69 * dpi);
  const size = Math.round((11 / 72) * dpi);
  const leading = full ? 16 / 72 : 0.45;
  const count = full ? Math.floor((11.69 - 2.5) / leading) : PAGE_LINES.length;
  const specs = Array.from({ length: count }, (_, i) => ({
    text: PAGE_LINES[i % PAGE_LINES.length]!,
    x: Math.round(dpi),
    baseline: Math.round(dpi * (1.5 + i * leading)),
    size,
  }));
  return render(width, height, specs);
}

/** A card with Arabic text only (DejaVu Sans carries Arabic glyphs). */
export async function renderArabicCard(): Promise<RenderedImage> {
  const lines = ['الاسم: محمد عبد الله', 'تاريخ الميلاد ١٩٨٠', 'الجنسية قطري', 'رقم الهوية ٢٨٤٠١٢٣'];
  return render(
    900,
    380,
    lines.map((text, i) => ({ text, x: 850, baseline: 80 + i * 80, size: 36, rtl: true })),
  );
}

/** Character accuracy of `read` against `expected`: 1 − edit distance / expected length. */
export function charAccuracy(expected: string, read: string): number {
  const a = expected;
  const b = read;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return Math.max(0, 1 - prev[b.length]! / Math.max(1, a.length));
}
