import { fold } from '../../doctypes/cv/lexicon.js';
import { sidebarBand, withBandReading } from '../../doctypes/cv/reading-order.js';
import { openImage } from '../../imaging/open.js';
import type { CvText } from '../../doctypes/cv/model.js';
import { linksIn, parseCv } from '../../doctypes/cv/parse.js';
import type { PageImage, PageText, ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { linesWithin, widen } from './cross-read.js';
import { uprightPage } from './page-image.js';
import { reReadText } from './re-read.js';

/** Most links of a photographed CV checked by both readers (each is one or two crop reads); more go to a person. */
const MAX_LINKS = 6;

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

/** A photographed CV's links rest on both engines, as its name, e-mail and phone do (through their
 * fields): PaddleOCR reads each link's line from its crop; where it reads another address, Tesseract
 * reads the line again from its prepared crop, and the link stands when the two then read the same.
 * A link they never agree on is left out of `result.cv` and sent to a person (FIELD_CONFLICT). */
async function corroboratedLinks(ctx: ReadContext, links: CvText[]): Promise<CvText[]> {
  if (links.length === 0) return links;
  const paddle = await ctx.deps.readers.get('paddle');
  // Every dot, hyphen and slash of an address counts; only case and spaces do not.
  const key = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  const same = (a: string, b: string) => key(a) === key(b);
  const kept: CvText[] = [];
  for (const link of links.slice(0, MAX_LINKS)) {
    const region = link.region;
    const page = region && paddle ? await uprightPage(ctx, region.page) : null;
    let theirs: string[] = [];
    if (page && region && paddle) {
      const [crop] = await paddle.readCrops(page.png, [widen(region.box)], { signal: ctx.signal });
      theirs = linksIn(
        linesWithin(crop?.lines ?? [], region.box)
          .map((l) => l.text)
          .join(' '),
      );
    }
    let value = theirs.some((t) => same(t, link.value)) ? link.value : null;
    if (!value && theirs.length && region) {
      // The line may hold other links: only readings that are none of them can be this one.
      const others = links.filter((l) => l !== link).map((l) => l.value);
      const candidate = (v: string) => !others.some((o) => same(o, v));
      const again = await reReadText(ctx, region);
      value = (again ? linksIn(again) : []).filter(candidate).find((m) => theirs.filter(candidate).some((t) => same(t, m))) ?? null;
    }
    if (value) kept.push({ ...link, value, evidence: ['reader_agree'] });
    else
      ctx.problems.push({
        code: 'FIELD_CONFLICT',
        detail: `The readers do not agree on the CV's link "${link.value}" (${paddle ? (theirs.length ? `the second reader read "${theirs.join(', ')}"` : 'the second reader read no link there') : 'no second reader'}); it is left out of the CV for a person to check.`,
      });
  }
  if (links.length > MAX_LINKS)
    ctx.problems.push({
      code: 'FIELD_CONFLICT',
      detail: `${links.length - MAX_LINKS} more links of the CV were not checked by both readers and are left out for a person to check.`,
    });
  return kept;
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
    const cv = parseCv(primary.reader, pages, { evidenceFor });
    if (primary.reader !== 'text_layer') cv.contact.links = await corroboratedLinks(ctx, cv.contact.links);
    ctx.cv = cv;
    return undefined;
  },
};
