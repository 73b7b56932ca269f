import type { MrzField, MrzFieldName, MrzResult } from '../mrz/index.js';
import { engineOf, type ReaderName } from '../../readers/types.js';

/** The blind-spot rule, shared by the capture check and the document MRZ reading. Passing every
 * check digit is not always enough: `<` read as K, and G read as 6 or S as 8 (or back), leave every
 * check digit unchanged (their values differ by a multiple of 10). Where a checked field holds such a
 * character (the parser's `blindSpots`), another engine must have read that field alike before
 * the reading's value for it counts. */

export interface BlindSpot {
  line: number;
  position: number;
  char: string;
  field: MrzFieldName;
}

/** Every reader's lines, normalised, parsed or not. */
export interface SeenText {
  reader: ReaderName;
  lines: string[];
}

export const passesEveryCheck = (r: MrzResult | null): boolean =>
  r !== null && r.format !== null && r.valid && r.checks.length > 0 && r.checks.every((c) => c.valid);

function blindSpots(r: MrzResult): BlindSpot[] {
  return (Object.entries(r.fields) as Array<[MrzFieldName, MrzField]>).flatMap(([field, f]) =>
    f.blindSpots.map((position) => ({ field, line: f.positions.line, position, char: r.lines.repaired[f.positions.line]![position]! })),
  );
}

export interface EngineReading {
  reader: ReaderName;
  result: MrzResult;
}

/** Another engine read the field alike: its text holds the same characters, the field with two
 * characters of the line either side to anchor it. That reading need not parse (a reader that
 * fumbles the names line still reads the data line). */
export function readAlikeElsewhere(reading: EngineReading, field: MrzFieldName, seen: readonly SeenText[]): boolean {
  const f = reading.result.fields[field]!;
  const line = reading.result.lines.repaired[f.positions.line]!;
  const anchored = line.slice(Math.max(0, f.positions.start - 2), Math.min(line.length, f.positions.end + 2));
  return seen.some((t) => engineOf(t.reader) !== engineOf(reading.reader) && t.lines.some((text) => text.includes(anchored)));
}

/** The blind spots of the reading that no other engine confirms. */
export function unconfirmedSpots(reading: EngineReading, seen: readonly SeenText[]): BlindSpot[] {
  return blindSpots(reading.result).filter((s) => !readAlikeElsewhere(reading, s.field, seen));
}
