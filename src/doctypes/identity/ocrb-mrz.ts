import { decodeMrzRows, type StepMatrix } from '../mrz/ctc-decode.js';
import { LAYOUTS } from '../mrz/formats.js';
import { parseMrz } from '../mrz/index.js';
import { OCRB_CLASSES } from '../../readers/ocrb/model.js';
import { mrzLineLengths, readRowsAs, type OcrbRowCells } from '../../readers/ocrb/read.js';
import { mrzPixelRows } from '../../readers/paddle/mrz-rows.js';
import type { GreyImage, Rect } from '../../readers/paddle/words.js';
import type { Line } from '../../readers/types.js';

/** The in-process OCR-B reader on a straightened MRZ crop's pixels (readers/mrz/locate.ts's cutMrzBand):
 * the crop's rows from its ink, each cut into its format's fixed number of cells and classified
 * (readers/ocrb), then decoded under the MRZ grammar (doctypes/mrz/ctc-decode.ts) from the cells'
 * class probabilities, so that position classes and check digits choose among each cell's
 * alternatives. A few milliseconds of arithmetic: no OCR engine, no worker. */

export interface OcrbMrz {
  lines: Line[];
  /** Per line, per position, the cell's characters at ≥ 2% probability, likeliest first. */
  alternatives: Array<Array<Array<{ ch: string; p: number }>>>;
  /** The box (crop fractions) of positions `start`…`end - 1` of a line: where another engine can
   * look at those characters alone. */
  spanBox(line: number, start: number, end: number): Line['box'];
}

const CLASSES = OCRB_CLASSES.length;

/** Cells as the CTC decoder's steps: each cell one step with its class probabilities (the MRZ
 * alphabet's order is the classifier's), then a blank step, so that the decoder reads exactly one
 * character per cell. */
function asSteps(row: OcrbRowCells): StepMatrix {
  const columns = CLASSES + 1;
  const data = new Float32Array(row.length * 2 * columns);
  for (let k = 0; k < row.length; k++) {
    data.set(row.probs.subarray(k * CLASSES, (k + 1) * CLASSES), 2 * k * columns + 1);
    data[(2 * k + 1) * columns] = 1;
  }
  return { steps: row.length * 2, data };
}

/** The MRZ read from the crop, one reading per line length the rows allow (the second length only
 * when the first reading fails a check); empty when the crop's rows cannot be found from its ink.
 * Lines carry boxes in crop fractions. */
export function readOcrbMrz(grey: GreyImage): OcrbMrz[] {
  const rows = mrzPixelRows(grey);
  if (!rows) return [];
  const out: OcrbMrz[] = [];
  for (const length of mrzLineLengths(rows.length)) {
    const cells = readRowsAs(grey, rows, length);
    const reading = cells && decodeCells(grey, rows, cells, length);
    if (!reading) continue;
    out.push(reading);
    if (everyCheckPasses(reading.lines.map((l) => l.text))) break;
  }
  return out;
}

function everyCheckPasses(lines: string[]): boolean {
  const { checks } = parseMrz(lines);
  return checks.length > 0 && checks.every((c) => c.valid);
}

function decodeCells(grey: GreyImage, rows: readonly Rect[], cells: OcrbRowCells[], length: number): OcrbMrz | null {
  // a cell is one character: the decoder must not read the cells as another line length
  const decoded = decodeMrzRows(
    cells.map((c) => ({ variants: [asSteps(c)] })),
    { lineLength: length },
  );
  if (!decoded || LAYOUTS[decoded.format].lineLength !== length || decoded.rows.length !== cells.length) return null;
  const lines = decoded.lines.map((text, i): Line => {
    const c = cells[i]!;
    const rect = rows[i]!;
    const box: Line['box'] = [
      Math.max(0, (c.centres[0]! - c.pitch / 2) / grey.width),
      rect.y0 / grey.height,
      Math.min(1, (c.centres.at(-1)! + c.pitch / 2) / grey.width),
      rect.y1 / grey.height,
    ];
    return { text, box, confidence: decoded.confidence[i]!, words: [{ text, box, confidence: decoded.confidence[i]! }] };
  });
  const alternatives = cells.map((c) =>
    Array.from({ length: c.length }, (_, k) =>
      [...c.probs.subarray(k * CLASSES, (k + 1) * CLASSES)]
        .map((p, g) => ({ ch: OCRB_CLASSES[g]!, p: Math.round(p * 1000) / 1000 }))
        .filter((a) => a.p >= 0.02)
        .sort((a, b) => b.p - a.p),
    ),
  );
  const spanBox = (line: number, start: number, end: number): Line['box'] => {
    const c = cells[line]!;
    const rect = rows[line]!;
    const first = Math.max(0, start);
    const last = Math.min(c.length - 1, end - 1);
    // half a cell either side, and the glyphs' lean over the row's height
    const lean = Math.abs(c.slant) * (rect.y1 - rect.y0);
    return [
      Math.max(0, (c.centres[first]! - c.pitch / 2 - lean) / grey.width),
      rect.y0 / grey.height,
      Math.min(1, (c.centres[last]! + c.pitch / 2 + lean) / grey.width),
      rect.y1 / grey.height,
    ];
  };
  return { lines, alternatives, spanBox };
}
