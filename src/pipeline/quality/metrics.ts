/** Every measurement the quality gate decides on, from one PNG/JPEG page image. The pixel work runs
 * in short synchronous phases with a yield between them, so a worker sharing the HTTP process
 * never holds the event loop for long. */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { median } from '../../domain/median.js';
import { alignedCharacters, countRows, heightOf, inkMask, isCharacterLike, label, textRegion, type Region } from './components.js';
import { brightness, sharpness, type Brightness, type Sharpness } from './filters.js';
import { framing, type Framing } from './framing.js';
import { glare, type Glare } from './glare.js';
import { loadGrey } from './raster.js';

export interface QualityMetrics {
  original: { width: number; height: number };
  normalised: { width: number; height: number; scale: number };
  brightness: Brightness;
  sharpness: Sharpness & {
    /** Edge ratio × median letter height (normalised px): blur judged against the size of the
     * letters it smears, as legibility is. Null when no text was found. */
    letterSharpness: number | null;
  };
  text: {
    /** Character-like components found, and those sitting in a row with a neighbour. */
    characters: number;
    alignedCharacters: number;
    /** Lines of text found. */
    rows: number;
    /** Median character height in ORIGINAL pixels (0 when no text was found). */
    height: number;
    /** The same at the normalised size. */
    heightNormalised: number;
    /** Bounding box of the text as fractions of the frame, or null. */
    region: Region | null;
  };
  glare: Glare;
  framing: Framing;
  ms: number;
}

export async function computeMetrics(image: Buffer): Promise<QualityMetrics> {
  const started = performance.now();
  const img = await loadGrey(image);
  const light = brightness(img);
  await yieldToLoop();
  const sharp = sharpness(img);
  await yieldToLoop();
  const ink = inkMask(img, light.contrast);
  await yieldToLoop();
  const map = { ink, ...label(ink, img.width, img.height) };
  await yieldToLoop();
  const chars = map.components.filter((c) => isCharacterLike(c, img.height));
  const aligned = alignedCharacters(chars);
  const heightNormalised = median(aligned.map(heightOf));
  const region = textRegion(aligned);
  await yieldToLoop();
  const glareMetrics = await glare(img, map.ink, aligned, region);
  await yieldToLoop();
  const framingMetrics = framing(map, aligned, heightNormalised, img.width, img.height);
  return {
    original: { width: img.originalWidth, height: img.originalHeight },
    normalised: { width: img.width, height: img.height, scale: img.scale },
    brightness: light,
    sharpness: { ...sharp, letterSharpness: aligned.length > 0 ? sharp.edgeRatio * heightNormalised : null },
    text: {
      characters: chars.length,
      alignedCharacters: aligned.length,
      rows: countRows(aligned, heightNormalised),
      height: heightNormalised * img.scale,
      heightNormalised,
      region: region && {
        x0: region.x0 / img.width,
        y0: region.y0 / img.height,
        x1: (region.x1 + 1) / img.width,
        y1: (region.y1 + 1) / img.height,
      },
    },
    glare: glareMetrics,
    framing: framingMetrics,
    ms: performance.now() - started,
  };
}
