import { describe, expect, it } from 'vitest';
import type { Grey } from './accent-marks.js';
import { unreadRowsAbove, unreadRowsBetween } from './unread-line.js';

/** Whether a line is found, where the step asks which rows it stands on. */
const unreadLineBetween = (...args: Parameters<typeof unreadRowsBetween>): boolean => unreadRowsBetween(...args) !== null;
const unreadLineAbove = (...args: Parameters<typeof unreadRowsAbove>): boolean => unreadRowsAbove(...args) !== null;

const W = 400;
const H = 200;
/** A page whose paper `paper(x, y)` gives, with two read lines of letter stems (y 20–44 and 110–134). */
function pageWith(paper: (x: number, y: number) => number, extra: (img: Grey) => void = () => {}): Grey {
  const img: Grey = { data: new Uint8Array(W * H), width: W, height: H };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) img.data[y * W + x] = paper(x, y);
  stems(img, 20, 44, 60);
  stems(img, 110, 134, 60);
  extra(img);
  return img;
}
function stems(img: Grey, y0: number, y1: number, ink: number, x0 = 100, x1 = 300): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x += 14) for (let d = 0; d < 3; d++) img.data[y * W + x + d] = Math.min(img.data[y * W + x + d]!, ink);
}
const name = [100, 20, 300, 44] as const;
const next = [100, 110, 300, 134] as const;

describe('a line of print between two read lines that no reader read', () => {
  it('is found, however faint against the paper beside it', () => {
    expect(
      unreadLineBetween(
        pageWith(
          () => 240,
          (g) => stems(g, 64, 88, 205),
        ),
        name,
        next,
      ),
    ).toBe(true);
    // under a shadow's gradient too, and wider than either read line
    const shaded = pageWith(
      (x) => 240 - Math.round(x / 4),
      (g) => stems(g, 64, 88, 150, 60, 340),
    );
    expect(unreadLineBetween(shaded, name, next)).toBe(true);
  });

  it('is not a blank gap, a gradient, a hairline rule or a speck', () => {
    expect(
      unreadLineBetween(
        pageWith(() => 240),
        name,
        next,
      ),
    ).toBe(false);
    expect(
      unreadLineBetween(
        pageWith((x, y) => 250 - Math.round((x + y) / 5)),
        name,
        next,
      ),
    ).toBe(false);
    const rule = pageWith(
      () => 240,
      (g) => g.data.fill(90, 75 * W + 100, 75 * W + 300),
    );
    expect(unreadLineBetween(rule, name, next)).toBe(false);
    const speck = pageWith(
      () => 240,
      (g) => stems(g, 66, 86, 60, 200, 204),
    );
    expect(unreadLineBetween(speck, name, next)).toBe(false);
  });

  it('needs room for a line between the two', () => {
    expect(
      unreadLineBetween(
        pageWith(() => 240),
        name,
        [100, 50, 300, 74],
      ),
    ).toBe(false);
  });
});

describe('a line of print right over a read line that no reader read', () => {
  /** A blank page with the read line (y 110–134) and what `extra` draws. */
  const over = (extra: (img: Grey) => void = () => {}): Grey => {
    const img: Grey = { data: new Uint8Array(W * H).fill(240), width: W, height: H };
    stems(img, 110, 134, 60);
    extra(img);
    return img;
  };
  const line = [100, 110, 300, 134] as const;

  it("is found where a name's first line stands over its second, wider than it", () => {
    expect(
      unreadLineAbove(
        over((g) => stems(g, 80, 104, 120, 60, 340)),
        line,
        null,
      ),
    ).toBe(true);
  });

  it('is not print far fainter than the read line: the edge of a glare band across a photo', () => {
    expect(
      unreadLineAbove(
        over((g) => stems(g, 80, 104, 200, 60, 340)),
        line,
        null,
      ),
    ).toBe(false);
  });

  it('is not the lower part of a dark logo, whose white letters leave only fainter rows over it', () => {
    const logo = over((g) => {
      stems(g, 80, 104, 60);
      stems(g, 56, 80, 200);
    });
    expect(unreadLineAbove(logo, line, null)).toBe(false);
  });

  it('is not a graphic logo as tall as several lines, nor a line standing further off, nor blank paper', () => {
    expect(
      unreadLineAbove(
        over((g) => stems(g, 20, 104, 60)),
        line,
        null,
      ),
    ).toBe(false);
    expect(
      unreadLineAbove(
        over((g) => stems(g, 40, 64, 60)),
        line,
        null,
      ),
    ).toBe(false);
    expect(unreadLineAbove(over(), line, null)).toBe(false);
  });

  it('is not a line the page read did read', () => {
    expect(
      unreadLineAbove(
        over((g) => stems(g, 80, 104, 60)),
        line,
        [100, 80, 300, 104],
      ),
    ).toBe(false);
  });
});
