/** Cut-off: text or ink running into the edge of the frame. A character touching the border is
 * one the camera clipped; one per cut line is enough to tell, since lines of text end in margins. */
import { heightOf, type Component, type InkMap } from './components.js';

export interface Framing {
  /** Text characters touching each edge of the frame. */
  clipped: { left: number; right: number; top: number; bottom: number };
  /** The largest of the four counts. */
  clippedMax: number;
  /** Share of a 2 px border band that is ink. */
  borderInk: number;
}

/** A clipped character is at least this share of the text height (a top/bottom cut leaves part
 * of the line) and at most twice it (larger marks are pictures or document edges). */
const CLIPPED_MIN_HEIGHT = 0.4;
const CLIPPED_MAX_HEIGHT = 2;
const BAND = 2;

export function framing(map: InkMap, chars: Component[], textHeight: number, w: number, h: number): Framing {
  const clipped = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const c of chars) {
    const ch = heightOf(c);
    if (ch < CLIPPED_MIN_HEIGHT * textHeight || ch > CLIPPED_MAX_HEIGHT * textHeight) continue;
    if (c.x0 <= 0) clipped.left += 1;
    if (c.x1 >= w - 1) clipped.right += 1;
    if (c.y0 <= 0) clipped.top += 1;
    if (c.y1 >= h - 1) clipped.bottom += 1;
  }
  let ink = 0;
  let band = 0;
  for (let y = 0; y < h; y += 1) {
    const edgeRow = y < BAND || y >= h - BAND;
    for (let x = 0; x < w; x += 1) {
      if (!edgeRow && x >= BAND && x < w - BAND) {
        x = w - BAND - 1;
        continue;
      }
      band += 1;
      ink += map.ink[y * w + x] ?? 0;
    }
  }
  return {
    clipped,
    clippedMax: Math.max(clipped.left, clipped.right, clipped.top, clipped.bottom),
    borderInk: band > 0 ? ink / band : 0,
  };
}
