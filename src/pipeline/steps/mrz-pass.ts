import { enginesProve, readMrzFromImage, type MrzImageReading, type MrzImageResult } from '../../doctypes/identity/mrz-image.js';
import { withMrzLines, type MrzPassReader } from '../../readers/mrz-pass.js';
import type { MrzBand } from '../../readers/mrz/locate.js';
import type { ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';

export interface MrzPassReading {
  page: number;
  band: MrzBand;
  outputs: ReaderOutput[];
  /** The lines all readings of the band vote for, or null. */
  consensus: string[] | null;
  /** The consensus's fields its check digits verify (MrzConsensusShown). */
  verified: string[];
  /** Every reading of the band that found an MRZ, the glyph reader's included. */
  readings: Array<{ reader: string; lines: string[] }>;
}

/** Where a page carries a machine-readable zone, it is located, straightened and read on its own:
 * by Tesseract restricted to the MRZ alphabet, by plain Tesseract, by PaddleOCR and by the OCR-B
 * glyph reader. Pages with no band cost only the search for one. */
export async function readMrzBands(ctx: ReadContext, mrzPass: MrzPassReader): Promise<MrzPassReading[]> {
  const found: MrzPassReading[] = [];
  for (const image of ctx.intake!.images) {
    const band = await mrzPass.locate(image.png);
    if (!band) continue;
    const result = await readMrzFromImage(image.png, mrzPass, {
      page: image.page,
      now: ctx.input.now,
      band,
      joiningOnly: true,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    const withMrz = joiningReadings(result);
    if (!withMrz.length) continue;
    const verified = Object.entries(result.consensus?.result.fields ?? {}).flatMap(([name, f]) => (f.status === 'valid' ? [name] : []));
    const readings = result.readings.flatMap((r) => (r.result?.format ? [{ reader: r.reader, lines: r.result.lines.repaired }] : []));
    found.push({ page: image.page, band, outputs: withMrz.map((r) => r.output), consensus: result.consensus?.lines ?? null, verified, readings });
  }
  return found;
}

/** The readings of one MRZ that join the page's. A band of dense text lines is not always an MRZ
 * (receipts have them): only readings in which an MRZ was actually parsed join. The glyph reader's
 * joins only when its check digits alone may verify what it read (mrz-image.ts's standsAlone) and
 * no OCR engine's reading passed every check: where one did, it would add only a copy of every
 * field to the answer. */
export function joiningReadings(result: MrzImageResult): MrzImageReading[] {
  const proven = enginesProve(result.readings);
  return result.readings.filter((r) => r.result?.format && r.standsAlone && !(r.reader === 'ocrb' && proven));
}

/** The MRZ readings joined to the page readings: Tesseract's sharper MRZ lines replace those of
 * its page reading; the MRZ-alphabet pass and Paddle's MRZ reading stand as readings of their own
 * (Paddle reads the rest of the page in the cross-read step). */
export function joinMrzReadings(readings: ReaderOutput[], mrz: MrzPassReading[]): ReaderOutput[] {
  const out = [...readings];
  for (const { band, outputs } of mrz) {
    for (const output of outputs) {
      const same = out.findIndex((r) => r.reader === output.reader);
      if (same === -1) out.push(output);
      else if (output.reader === 'tesseract') out[same] = withMrzLines(out[same]!, output, band.box);
      else out[same] = { ...out[same]!, pages: mergePages(out[same]!, output), ms: out[same]!.ms + output.ms };
    }
  }
  return out;
}

function mergePages(a: ReaderOutput, b: ReaderOutput): ReaderOutput['pages'] {
  const pages = new Map(a.pages.map((p) => [p.page, { ...p, lines: [...p.lines] }]));
  for (const p of b.pages) {
    const existing = pages.get(p.page);
    if (existing) existing.lines.push(...p.lines);
    else pages.set(p.page, p);
  }
  return [...pages.values()].sort((x, y) => x.page - y.page);
}
