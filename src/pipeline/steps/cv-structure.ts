import { fold } from '../../doctypes/cv/lexicon.js';
import { sidebarBand, withBandReading } from '../../doctypes/cv/reading-order.js';
import { openImage } from '../../imaging/open.js';
import type { CvText } from '../../doctypes/cv/model.js';
import { parseCv } from '../../doctypes/cv/parse.js';
import type { PageImage, PageText, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** The reading a CV's structure is taken from: the file's own text when it has any, else the page reader. */
function primaryReading(readings: ReaderOutput[]): ReaderOutput | null {
  const withText = readings.filter((r) => r.pages.some((p) => p.lines.length > 0));
  return withText.find((r) => r.reader === 'text_layer') ?? withText.find((r) => r.reader === 'tesseract') ?? withText[0] ?? null;
}

/** A photographed two-column CV: its sidebar read again on its own, where whole-page OCR drops runs
 * of short lines (a skills list of single words). The band reading replaces the sidebar's lines
 * only when it has more words. */
async function rereadSidebars(ctx: ReadContext, reading: ReaderOutput): Promise<PageText[]> {
  const tesseract = await ctx.deps.readers.get('tesseract');
  return Promise.all(
    reading.pages.map(async (page) => {
      const image = ctx.pageImages.find((i) => i.page === page.page);
      const band = image && !page.rotation ? sidebarBand(page) : null;
      if (!image || !band) return page;
      const png = await cropBand(image, band);
      const region = await tesseract.readRegion(png, { psm: 6, ...(ctx.signal ? { signal: ctx.signal } : {}) });
      return withBandReading(page, band, region.lines);
    }),
  );
}

async function cropBand(image: PageImage, band: { x0: number; x1: number }): Promise<Buffer> {
  const left = Math.round(band.x0 * image.width);
  const width = Math.max(1, Math.min(image.width, Math.round(band.x1 * image.width)) - left);
  return openImage(image.png).extract({ left, top: 0, width, height: image.height }).png().toBuffer();
}

const squash = (s: string) => fold(s).replace(/[^\p{L}\p{N}@.+]/gu, '');

/** For CVs: the whole structure (`result.cv`; its contact follows the decided fields, see cv/contact.ts). */
export const cvStructureStep: Step<ReadContext> = {
  name: 'cv_structure',
  async run(ctx) {
    if (ctx.documentType !== 'cv') return undefined;
    const primary = primaryReading(ctx.readings);
    if (!primary) return undefined;
    // A fact the file's own text carries stands; from a photo it is corroborated when another reader read it too.
    const others = ctx.readings.filter((r) => r !== primary).map((r) => squash(r.pages.flatMap((p) => p.lines.map((l) => l.text)).join(' ')));
    const evidenceFor = (text: string): CvText['evidence'] => {
      if (primary.reader === 'text_layer') return ['text_layer'];
      const wanted = squash(text);
      return wanted && others.some((o) => o.includes(wanted)) ? ['reader_agree'] : ['single_reader'];
    };
    const pages = primary.reader === 'tesseract' ? await rereadSidebars(ctx, primary) : primary.pages;
    ctx.cv = parseCv(primary.reader, pages, { evidenceFor });
    return undefined;
  },
};
