import { withdrawn } from '../../domain/field.js';
import { greyPixels } from '../../imaging/accent-marks.js';
import { inkBesideLine } from '../../imaging/edge-ink.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';

/** A receipt's shop name that the readers agreed on is withheld when its line shows ink beyond
 * what they read: a faded first or last letter is dropped by both engines alike ("HREE STOOGES"),
 * and their agreement would publish a cut name. Only names read from pixels: a text layer spells
 * the whole line. */
export const nameEdgesStep: Step<ReadContext> = {
  name: 'name_edges',
  async run(ctx) {
    if (ctx.documentType !== 'receipt') return undefined;
    const at = ctx.fields.findIndex((f) => f.key === 'merchant_name');
    const field = ctx.fields[at];
    if (!field || field.status !== 'read' || !field.region || field.evidence.includes('text_layer')) return undefined;
    const page = await uprightPage(ctx, field.region.page);
    if (!page) return undefined;
    const grey = await greyPixels(page.png);
    const [x0, y0, x1, y1] = field.region.box;
    const ink = inkBesideLine(grey, [x0 * grey.width, y0 * grey.height, x1 * grey.width, y1 * grey.height]);
    ctx.raw.name_edges = { merchant_name: ink };
    if (!ink.left && !ink.right) return undefined;
    const side = ink.left && ink.right ? 'both ends' : ink.left ? 'its start' : 'its end';
    ctx.fields[at] = withdrawn(
      field,
      'LOW_CONFIDENCE',
      `The readers agreed on "${String(field.value)}", but the line shows faint print beyond ${side}: a faded letter both engines dropped would make the name a cut one.`,
    );
    return undefined;
  },
};
