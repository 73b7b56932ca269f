import type { MrzBandReading, MrzGrammar, MrzPassReader } from '../../readers/mrz-pass.js';
import type { MrzBand } from '../../readers/mrz/locate.js';
import type { ReaderName, ReaderOutput } from '../../readers/types.js';
import { decodeMrzRows, MRZ_GROUPS } from '../mrz/ctc-decode.js';
import type { MrzResult } from '../mrz/index.js';
import { normalizeLine } from '../mrz/fit.js';
import { mrzConsensus, type MrzConsensus, type MrzLineVote } from './mrz-consensus.js';
import { mrzScore, readMrzOf } from './mrz-reading.js';

/** Reads the MRZ of a photo with the MRZ reader (readers/mrz-pass.ts: the band found, cut out
 * straight and read by a Tesseract pass restricted to the MRZ alphabet, plain Tesseract and
 * Paddle) and judges its readings by the MRZ's rules. Every reading is kept (the pipeline
 * reconciles them) as a ReaderOutput in the page's coordinates; the best is the one whose check
 * digits pass most. */

export interface MrzImageReading {
  reader: ReaderName;
  /** The MRZ lines found in this reading (empty when none). */
  lines: string[];
  result: MrzResult | null;
  output: ReaderOutput;
}

export interface MrzImageResult {
  band: MrzBand | null;
  readings: MrzImageReading[];
  /** The single reading whose check digits pass most. */
  best: MrzImageReading | null;
  /** All readings voted into one MRZ (see mrz-consensus.ts); what the MRZ "reads" as a whole. */
  consensus: MrzConsensus | null;
}

export interface ReadMrzImageOptions {
  page?: number;
  now?: Date;
  signal?: AbortSignal;
  /** The band when the caller already located it (null: read the whole page). */
  band?: MrzBand | null;
}

/** Sizes, relative to the crop, of the MRZ pass's retries. */
const RETRY_SCALES = [0.7, 1.4];

/** Paddle's rows are decoded under the MRZ grammar (ctc-decode.ts). */
export const MRZ_GRAMMAR: MrzGrammar = { groups: MRZ_GROUPS, decode: decodeMrzRows };

export async function readMrzFromImage(png: Buffer, reader: MrzPassReader, opts: ReadMrzImageOptions = {}): Promise<MrzImageResult> {
  const page = opts.page ?? 1;
  const now = opts.now ?? new Date();
  const signal = opts.signal ? { signal: opts.signal } : {};
  const read: MrzBandReading = await reader.read(png, { page, grammar: MRZ_GRAMMAR, ...(opts.band !== undefined ? { band: opts.band } : {}), ...signal });
  const band = read.band;

  const toReading = (output: ReaderOutput): MrzImageReading => {
    const m = readMrzOf(output, now);
    return { reader: output.reader, lines: m?.result.lines.raw ?? [], result: m?.result ?? null, output };
  };
  const readings = read.outputs.map(toReading);
  // Paddle's reading, decoded under the MRZ grammar, votes first: ties between the engines go to it
  const votes = [...readings]
    .sort((a, b) => Number(b.reader === 'paddle') - Number(a.reader === 'paddle'))
    .flatMap((r) => (r.result ? [{ reader: r.reader, result: r.result }] : []));

  // Readings that disagree or fail a check: the MRZ pass again at other sizes. Tesseract's errors
  // change with the scale (a final 6 read as H, J as I), so the retries vote, and the best of them
  // stands as the MRZ pass when it checks better than the first.
  if (!readings.every((r) => r.result?.valid && r.lines.join() === readings[0]!.lines.join())) {
    for (const factor of RETRY_SCALES) {
      const retry = toReading(await reader.reread(read, factor, { page, ...signal }));
      if (!retry.result) continue;
      votes.push({ reader: 'mrz_pass', result: retry.result });
      const first = readings[0]!;
      if (!first.result || mrzScore(retry.result) > mrzScore(first.result)) readings[0] = retry;
    }
  }
  // a reader that found no MRZ may still have read one of its lines whole (the detector missed the others)
  const loneLines: MrzLineVote[] = readings.flatMap((r) => (r.result?.format ? [] : wholeMrzLines(r)));
  let best: MrzImageReading | null = null;
  for (const r of readings) if (r.result && (!best || mrzScore(r.result) > mrzScore(best.result!))) best = r;
  return { band, readings, best, consensus: mrzConsensus(votes, now, loneLines) };
}

/** Line lengths of the MRZ formats. */
const MRZ_LINE_LENGTHS = new Set([30, 36, 44]);

/** A reading's lines that are MRZ lines by their alphabet and length alone. */
function wholeMrzLines(r: MrzImageReading): MrzLineVote[] {
  return r.output.pages.flatMap((p) =>
    p.lines.flatMap((l) => {
      const line = normalizeLine(l.text);
      return MRZ_LINE_LENGTHS.has(line.length) && /^[A-Z0-9<]+$/.test(line) && line.includes('<') ? [{ reader: r.reader, line }] : [];
    }),
  );
}
