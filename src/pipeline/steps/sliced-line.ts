import { withdrawn } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** A page whose top or bottom line the frame's edge slices is read anyway (a capture doubt), but a
 * value read off that line may be cut: the lower half of a sliced "8" reads as "o" or "0" to both
 * engines alike, and their agreement would publish it. Such a value is withdrawn as not there, so
 * the doubt stands (the photo is sent back as cut off) when the field is required, and the field is
 * left out when it is not. A value its own check digit proves is kept. */
export const slicedLineStep: Step<ReadContext> = {
  name: 'sliced_line',
  async run(ctx) {
    if (!ctx.slicedEdges?.length) return undefined;
    ctx.fields = ctx.fields.map((f) => {
      if (f.value === null || !f.region || f.evidence.includes('mrz_checksum')) return f;
      const region = f.region;
      const cut = ctx.slicedEdges!.find((s) => s.page === region.page && nearEdge(region.box, s.edge, s.band, turned(ctx, region.page)));
      return cut ? withdrawn(f, 'REQUIRED_FIELD_MISSING', `${f.label} was read on the line the ${cut.edge} edge of the photo slices, so it may be cut.`) : f;
    });
    return undefined;
  },
};

/** The readers' turn of the page (regions are in the upright page, the slice in the photo as sent). */
const turned = (ctx: ReadContext, page: number): number =>
  ctx.readings.find((r) => r.reader === 'tesseract')?.pages.find((p) => p.page === page)?.rotation ?? 0;

function nearEdge(box: readonly number[], edge: 'top' | 'bottom', band: number, rotation: number): boolean {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  // Turned a quarter, the photo's top or bottom is a side of the upright page: either side is taken.
  if (rotation === 90 || rotation === 270) return x0 <= band || x1 >= 1 - band;
  const top = rotation === 180 ? edge === 'bottom' : edge === 'top';
  return top ? y0 <= band : y1 >= 1 - band;
}
