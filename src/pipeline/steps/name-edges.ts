import { bannerOrTitle, nameBeginsWith, nameThenRegistration } from '../../doctypes/finance/merchant.js';
import { withdrawn } from '../../domain/field.js';
import { greyPixels } from '../../imaging/accent-marks.js';
import { inkBesideLine } from '../../imaging/edge-ink.js';
import { unreadRowsAbove, unreadRowsBetween } from '../../imaging/unread-line.js';
import type { Box } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';

/** A receipt's shop name that the readers agreed on is withheld when its line shows ink beyond
 * what they read: a faded first or last letter is dropped by both engines alike ("HREE STOOGES"),
 * and their agreement would publish a cut name. So is one with a line of print under it that the
 * page read skipped, before the next line it read, or right over it: the name may go on or begin
 * there, and the cross-read only looked where the page read found the name. An agreed address is
 * looked beside line by line as well. Only values read from pixels: a text layer spells the whole line. */
export const nameEdgesStep: Step<ReadContext> = {
  name: 'name_edges',
  async run(ctx) {
    if (ctx.documentType !== 'receipt') return undefined;
    // One grey image per page for both fields.
    const pages = new Map<number, ReturnType<typeof greyPage>>();
    const pageOf: PageOf = (page) => pages.get(page) ?? pages.set(page, greyPage(ctx, page)).get(page)!;
    await nameEdges(ctx, pageOf);
    await addressEdges(ctx, pageOf);
    return undefined;
  },
};

/** An agreed field read from pixels (a text layer spells the whole line), with where it is. */
function agreedFromPixels(ctx: ReadContext, key: string) {
  const at = ctx.fields.findIndex((f) => f.key === key);
  const field = ctx.fields[at];
  if (!field || field.status !== 'read' || !field.region || field.evidence.includes('text_layer')) return null;
  return { at, field, region: field.region };
}

type PageOf = (page: number) => ReturnType<typeof greyPage>;
type GreyPage = NonNullable<Awaited<ReturnType<typeof greyPage>>>;

async function greyPage(ctx: ReadContext, page: number) {
  const image = await uprightPage(ctx, page);
  if (!image) return null;
  const grey = await greyPixels(image.png);
  const px = (b: Box): [number, number, number, number] => [b[0] * grey.width, b[1] * grey.height, b[2] * grey.width, b[3] * grey.height];
  return { image, grey, px };
}

async function nameEdges(ctx: ReadContext, pageOf: PageOf): Promise<void> {
  const agreed = agreedFromPixels(ctx, 'merchant_name');
  if (!agreed) return;
  const { at, field, region } = agreed;
  const page = await pageOf(region.page);
  if (!page) return;
  const { grey, px } = page;
  const line = px(region.box);
  // Each of the name's lines on its own: a name set over two has a box as tall as both, and
  // beside so tall a box the strip looked into reaches the paper's edge.
  const lines = (linesOfName(ctx) ?? [region.box]).map(px);
  const sides = lines.map((l) => inkBesideLine(grey, l));
  // Print after the name that a reader read as its registration is that, not a faded letter.
  const registered = field.candidates.some((c) => nameThenRegistration(c.raw, String(field.value)));
  const ink = { left: sides.some((s) => s.left), right: !registered && sides.some((s) => s.right) };
  const next = nextLineUnder(ctx, region.page, region.box);
  const nextPx = next && px(next);
  const below = await unreadNameLine(ctx, page, nextPx && unreadRowsBetween(grey, line, nextPx), [line[3], nextPx?.[1] ?? grey.height]);
  const prev = lineOver(ctx, region.page, region.box);
  const prevPx = prev && px(prev);
  // A brand's word over the name that the name opens with stands for it ("Bar" over "Bar Los Amigos S.L.U.").
  const above = await unreadNameLine(ctx, page, unreadRowsAbove(grey, lines[0]!, prevPx), [prevPx?.[3] ?? 0, lines[0]![1]], String(field.value));
  ctx.raw.name_edges = { ...(ctx.raw.name_edges as object | undefined), merchant_name: { ...ink, below, above } };
  if (!ink.left && !ink.right && !below && !above) return;
  const reason = below
    ? `The readers agreed on "${String(field.value)}", but a line of print under it was read by neither: the name may go on there.`
    : above
      ? `The readers agreed on "${String(field.value)}", but a line of print right over it was read by neither: the name may begin there.`
      : `The readers agreed on "${String(field.value)}", but the line shows faint print beyond ${sideWords(ink)}: a faded letter both engines dropped would make the name a cut one.`;
  ctx.fields[at] = withdrawn(field, 'LOW_CONFIDENCE', reason);
}

/** Whether a line the page read skipped (its pixel rows, or null where there is none) may be part
 * of the name: unless PaddleOCR, reading the strip across the page, reads a banner, the slip's
 * title or the shop's hours there ("*** ECO ***", whose stars the page read took for no text;
 * "24h"), which no name begins or goes on over, or, over the name (`nameUnder`), a brand's word
 * the name opens with ("Bar" over "Bar Los Amigos S.L.U.", seed 25388), which stands for it as a
 * logo's word does in findMerchant. A strip it cannot read stays a doubt. The strip
 * stops halfway to the read lines around it (`between`, pixel rows): a line set larger than the
 * name pads its strip into the name's, whose letters then join the reading ("24h SUND"). */
async function unreadNameLine(
  ctx: ReadContext,
  { image, grey }: GreyPage,
  rows: [number, number] | null,
  between: [number, number],
  nameUnder?: string,
): Promise<boolean> {
  if (rows === null) return false;
  const pad = 0.3 * (rows[1] - rows[0]);
  const top = Math.max(rows[0] - pad, (between[0] + rows[0]) / 2, 0);
  const bottom = Math.min(rows[1] + pad, (rows[1] + between[1]) / 2, grey.height);
  const box: Box = [0, top / grey.height, 1, bottom / grey.height];
  try {
    const paddle = await ctx.deps.readers.get('paddle');
    if (!paddle) return true;
    const [crop] = await paddle.readCrops(image.png, [box], { detectLines: true, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    const text = (crop?.lines ?? []).map((l) => l.text).join(' ');
    ctx.raw.name_edges_unread = [...((ctx.raw.name_edges_unread as string[] | undefined) ?? []), text];
    return !(text.trim() && (bannerOrTitle(text) || (nameUnder !== undefined && nameBeginsWith(nameUnder, text))));
  } catch (err) {
    ctx.signal?.throwIfAborted();
    ctx.raw.name_edges_error = err instanceof Error ? err.message : String(err);
    return true;
  }
}

/** The shop's address is printed in the same faint type as its name, a line under it, and loses
 * a faded first or last letter to both engines alike ("LAZA NUEVA 4" for PLAZA). Each of its lines
 * is looked beside as the name's are. */
async function addressEdges(ctx: ReadContext, pageOf: PageOf): Promise<void> {
  const agreed = agreedFromPixels(ctx, 'merchant_address');
  if (!agreed) return;
  const { at, field, region } = agreed;
  // The page read's line boxes: a union of several lines is too tall to look beside.
  const own = pageReadValue(ctx, 'merchant_address');
  const boxes = own?.parts ?? (own?.region ? [own.region.box] : null);
  if (!boxes || own?.region?.page !== region.page) return;
  const page = await pageOf(region.page);
  if (!page) return;
  const sides = boxes.map((b) => inkBesideLine(page.grey, page.px(b)));
  const ink = { left: sides.some((s) => s.left), right: sides.some((s) => s.right) };
  ctx.raw.name_edges = { ...(ctx.raw.name_edges as object | undefined), merchant_address: ink };
  if (!ink.left && !ink.right) return;
  const reason = `The readers agreed on the address "${String(field.value)}", but a line of it shows faint print beyond ${sideWords(ink)}: a faded letter both engines dropped would make it a cut one.`;
  ctx.fields[at] = withdrawn(field, 'LOW_CONFIDENCE', reason);
}

const sideWords = (ink: { left: boolean; right: boolean }): string => (ink.left && ink.right ? 'both ends' : ink.left ? 'its start' : 'its end');

const pageReadValue = (ctx: ReadContext, key: string) => ctx.extracted.find((e) => e.reader === 'tesseract')?.values.find((v) => v.key === key);

/** The boxes of the name's lines as the page read placed them, when the name took several. */
function linesOfName(ctx: ReadContext): Box[] | null {
  const value = pageReadValue(ctx, 'merchant_name');
  return value?.parts?.length ? value.parts : null;
}

/** The box of the last line the page read found over the name's first line, or null. */
function lineOver(ctx: ReadContext, page: number, box: Box): Box | null {
  const over = pageLines(ctx, page).filter((l) => (l.box[1] + l.box[3]) / 2 < box[1]);
  return over.sort((a, b) => b.box[3] - a.box[3])[0]?.box ?? null;
}

function pageLines(ctx: ReadContext, page: number) {
  return ctx.readings.filter((r) => r.reader === 'tesseract').flatMap((r) => r.pages.filter((p) => p.page === page).flatMap((p) => p.lines));
}

/** The box of the first line the page read found under the name's line, or null. */
function nextLineUnder(ctx: ReadContext, page: number, box: Box): Box | null {
  const under = pageLines(ctx, page).filter((l) => (l.box[1] + l.box[3]) / 2 > box[3] && l.box[1] > box[1]);
  return under.sort((a, b) => a.box[1] - b.box[1])[0]?.box ?? null;
}
