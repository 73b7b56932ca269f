import type { Detection, Doctype } from '../../doctypes/types.js';
import { median } from '../../domain/median.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { readPaddlePages, readThinPagesTiled } from './read.js';

/** A type is recognised at this score; a caller's hint is overruled only by a strong
 * contradiction (another type at STRONG while the hinted one scores below WEAK). */
export const RECOGNISED = 0.5;
const STRONG = 0.8;
const WEAK = 0.2;

/** Picks the document type from what the readers saw, recording why. */
export const classifyStep: Step<ReadContext> = {
  name: 'classify',
  async run(ctx) {
    if (classify(ctx)) return undefined;
    // Nothing recognised from the first reader: its thin pages read again tile by tile, then the
    // second reader's whole pages, each followed by another look.
    if (await readThinPagesTiled(ctx)) {
      ctx.problems = ctx.problems.filter((p) => p.code !== 'DOCUMENT_TYPE_UNKNOWN');
      if (classify(ctx)) return undefined;
    }
    if (ctx.intake!.images.length > 0 && (await readPaddlePages(ctx, await ctx.deps.readers.get('paddle')))) {
      ctx.problems = ctx.problems.filter((p) => p.code !== 'DOCUMENT_TYPE_UNKNOWN');
      if (classify(ctx)) return undefined;
    }
    return 'stop';
  },
};

/** Scores every type on all text read so far; true when a type was chosen. */
function classify(ctx: ReadContext): boolean {
  const lines = ctx.readings.flatMap((r) => r.pages.flatMap((p) => p.lines.map((l) => l.text)));
  const embedded = ctx.intake?.embeddedInvoice;
  const input = {
    kind: ctx.input.kind,
    lines,
    text: lines.join('\n').toUpperCase(),
    textWidth: textWidthInLetters(ctx),
    ...(embedded && 'invoice' in embedded
      ? { embedded: { kind: 'en16931_invoice' as const, source: `${embedded.invoice.syntax}, ${embedded.attachment}` } }
      : {}),
  };
  const scored = ctx.deps.doctypes.map((d) => ({ doctype: d, detection: safeDetect(d, input) })).sort((a, b) => b.detection.score - a.detection.score);
  const best = scored[0];
  const hint = ctx.input.typeHint;
  const hinted = hint ? scored.find((s) => s.doctype.type === hint) : undefined;
  ctx.raw.classification = {
    hint,
    text_width: input.textWidth === null ? null : round(input.textWidth),
    scores: scored.map((s) => ({ type: s.doctype.type, score: round(s.detection.score), reason: s.detection.reason })),
  };

  let chosen = best && best.detection.score >= RECOGNISED ? best : undefined;
  if (hint && hinted) {
    const contradicted = best && best.doctype !== hinted.doctype && best.detection.score >= STRONG && hinted.detection.score < WEAK;
    if (contradicted) {
      ctx.problems.push({
        code: 'DOCUMENT_TYPE_UNKNOWN',
        detail: `The caller said ${hint}, but the document reads as ${best.doctype.type} (${best.detection.reason}).`,
      });
    } else {
      chosen = hinted;
    }
  }

  if (!chosen) {
    if (!ctx.problems.some((p) => p.code === 'DOCUMENT_TYPE_UNKNOWN')) {
      const why = best ? ` The closest was ${best.doctype.type} at ${round(best.detection.score)} (${best.detection.reason}).` : '';
      ctx.problems.push({ code: 'DOCUMENT_TYPE_UNKNOWN', detail: `The document type could not be recognised.${why}` });
    }
    return false;
  }
  ctx.doctype = chosen.doctype;
  ctx.documentType = chosen.doctype.type;
  ctx.classified = true;
  ctx.raw.classification = {
    ...(ctx.raw.classification as object),
    type: chosen.doctype.type,
    reason: chosen === hinted && hint ? `caller's hint, consistent with the text (${chosen.detection.reason})` : chosen.detection.reason,
  };
  return true;
}

function safeDetect(d: Doctype, input: Parameters<Doctype['detect']>[0]): Detection {
  try {
    return d.detect(input);
  } catch (err) {
    return { score: 0, reason: `detector failed: ${(err as Error).message}` };
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/** How wide the first page's text runs, in letter heights: the span of the first reader's lines
 * over the page image, against their typical height. A till slip's paper (58 or 80 mm) holds 32–48
 * characters, about 15–30 letter heights; a page of an A4 or letter document runs to 40 and more.
 * Null where there is no image or too few lines to tell. */
function textWidthInLetters(ctx: ReadContext): number | null {
  const reading = ctx.readings.find((r) => r.reader === 'tesseract');
  const page = reading?.pages.find((p) => p.page === 1);
  const image = ctx.pageImages.find((p) => p.page === 1) ?? ctx.intake?.images.find((p) => p.page === 1);
  if (!page || !image) return null;
  const lines = page.lines.filter((l) => (l.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3);
  if (lines.length < 5) return null;
  const turned = page.rotation === 90 || page.rotation === 270;
  const [w, h] = turned ? [image.height, image.width] : [image.width, image.height];
  const span = (Math.max(...lines.map((l) => l.box[2])) - Math.min(...lines.map((l) => l.box[0]))) * w;
  const letter = median(lines.map((l) => (l.box[3] - l.box[1]) * h));
  return letter > 0 ? span / letter : null;
}
