import { engineOf, type ReaderName } from '../../readers/types.js';
import { LAYOUTS } from '../mrz/formats.js';
import { parseMrz, type MrzCheckName, type MrzField, type MrzFieldName, type MrzResult, type MrzSpan } from '../mrz/index.js';

/** One MRZ from several readings of it. Each field is taken by majority among the readings the
 * parser accepts for it (its check digit passes; else it is well formed, e.g. a known country
 * code); the characters between fields by majority; ties go to the reader listed first. Every
 * engine weighs the same, however many readings it made (Tesseract's passes share its misreads). The result is parsed afresh, so its check
 * digits judge it like any reading: agreement is a vote, never evidence on its own. */

export interface MrzVote {
  reader: ReaderName;
  result: MrzResult;
  /** Fields this reading does not vote on, characters or value: the glyph reader's fields that
   * neither its check digits nor another engine's reading vouch for (mrz-image.ts's glyphVote). */
  withheld?: ReadonlySet<MrzFieldName>;
  /** Its lines are at the format's length by construction (the glyph reader reads a cell per
   * character): their length says nothing of how well they were read. */
  cellPerCharacter?: boolean;
}

/** One MRZ line a reader read whole when it found no MRZ (the others of its lines missed). */
export interface MrzLineVote {
  reader: ReaderName;
  line: string;
}

export interface MrzConsensus {
  lines: string[];
  result: MrzResult;
  /** Readings that took part (same format and line lengths). */
  readers: ReaderName[];
}

const CHECK_OF: Partial<Record<MrzFieldName, MrzCheckName>> = {
  document_number: 'document_number',
  date_of_birth: 'date_of_birth',
  expiry_date: 'expiry_date',
  personal_number: 'personal_number',
};

/** Each option with its vote's weight (see weights). */
function majority(options: string[], weights?: readonly number[]): string {
  const counts = new Map<string, number>();
  options.forEach((o, i) => counts.set(o, (counts.get(o) ?? 0) + (weights?.[i] ?? 1)));
  // Map keeps insertion order: on a tie the earliest reader's option stays
  let best = options[0]!;
  // weights are fractions: a hair's difference is a tie
  for (const [o, n] of counts) if (n > counts.get(best)! + 1e-9) best = o;
  return best;
}

/** A vote weighs one over the number of votes its engine cast among `among`. */
function weights(among: readonly MrzVote[]): number[] {
  const perEngine = new Map<string, number>();
  for (const v of among) perEngine.set(engineOf(v.reader), (perEngine.get(engineOf(v.reader)) ?? 0) + 1);
  return among.map((v) => 1 / perEngine.get(engineOf(v.reader))!);
}

/** Format and line lengths: readings of one shape vote together. */
export const shapeOf = (r: MrzResult): string => `${r.format}:${r.lines.repaired.map((l) => l.length).join('/')}`;

/** A lone line's share of agreement with the consensus's line it is taken for: below it the line is not that line. */
const LINE_MATCH = 0.6;

/** Lone lines as votes on the one line of the group's shape each matches best: the first of the
 * group's readings with that line replaced, voting on that line only. */
function lineVotes(lines: readonly MrzLineVote[], group: readonly MrzVote[], now: Date): Map<MrzVote, number> {
  const out = new Map<MrzVote, number>();
  const rows = group[0]!.result.lines.repaired;
  for (const { reader, line } of lines) {
    if (group.some((v) => engineOf(v.reader) === engineOf(reader))) continue;
    let best = { li: -1, share: 0 };
    rows.forEach((row, li) => {
      if (row.length !== line.length) return;
      const share = [...row].filter((ch, i) => line[i] === ch).length / row.length;
      if (share > best.share) best = { li, share };
    });
    if (best.li < 0 || best.share < LINE_MATCH) continue;
    const result = parseMrz(
      rows.map((row, li) => (li === best.li ? line : row)),
      { now },
    );
    if (shapeOf(result) === shapeOf(group[0]!.result)) out.set({ reader, result }, best.li);
  }
  return out;
}

export function mrzConsensus(votes: readonly MrzVote[], now: Date, loneLines: readonly MrzLineVote[] = []): MrzConsensus | null {
  const usable = votes.filter((v) => v.result.format !== null);
  if (usable.length === 0) return null;
  // the shape the engines agree on; between engines that disagree, the shape whose best reading
  // passes more check digits (a format read from too few rows passes none)
  const passing = (r: MrzResult): number => r.checks.filter((c) => c.valid).length;
  const ranked = [...usable].sort((a, b) => passing(b.result) - passing(a.result));
  const shape = majority(
    ranked.map((v) => shapeOf(v.result)),
    weights(ranked),
  );
  const full = usable.filter((v) => shapeOf(v.result) === shape);
  // an engine that read one line whole but found no MRZ votes on that line alone
  const only = lineVotes(loneLines, full, now);
  const group = [...full, ...only.keys()];
  const covers = (v: MrzVote, li: number): boolean => (only.get(v) ?? li) === li;
  // a line the parser had to resize has its characters shifted: it votes only when no reading
  // of that line came out at the right length (a reading whose lines always do is no such reading)
  const lineVoters = group[0]!.result.lines.repaired.map((row, li) => {
    const voters = group.filter((v) => covers(v, li));
    const exact = (v: MrzVote): boolean => !v.cellPerCharacter && v.result.lines.raw[li]?.length === row.length;
    return voters.some(exact) ? voters.filter((v) => v.cellPerCharacter || exact(v)) : voters;
  });
  // a character inside a field a reading withholds is not its vote; where every voter withholds
  // it, theirs stands but the field it lies in cannot be verified (onlyWithheld)
  const withholds = (v: MrzVote, li: number, ci: number): boolean =>
    [...(v.withheld ?? [])].some((name) => {
      const p = v.result.fields[name]?.positions;
      return p !== undefined && p.line === li && ci >= p.start && ci < p.end;
    });
  const onlyWithheld = new Set<string>();
  const out = group[0]!.result.lines.repaired.map((row, li) =>
    [...row].map((_, ci) => {
      const free = lineVoters[li]!.filter((v) => !withholds(v, li, ci));
      if (free.length === 0) onlyWithheld.add(`${li}:${ci}`);
      const voters = free.length > 0 ? free : lineVoters[li]!;
      return majority(
        voters.map((v) => v.result.lines.repaired[li]![ci]!),
        weights(voters),
      );
    }),
  );

  // field by field, only readings the parser accepts for that field vote: a check digit that
  // passes, else a well-formed value (a known country code, letters in a name)
  for (const field of Object.keys(group[0]!.result.fields) as MrzFieldName[]) {
    const line = group[0]!.result.fields[field]!.positions.line;
    const standing = (among: MrzVote[], status: string): MrzVote[] => among.filter((v) => v.result.fields[field]?.status === status && !v.withheld?.has(field));
    // readings of the line at its right length first; a resized line still counts for a field the parser accepts
    const voters = [
      standing(lineVoters[line]!, 'valid'),
      standing(lineVoters[line]!, 'unverified'),
      standing(
        group.filter((v) => covers(v, line)),
        'valid',
      ),
      standing(
        group.filter((v) => covers(v, line)),
        'unverified',
      ),
    ].find((v) => v.length > 0);
    if (!voters) continue;
    const pieces = voters.map((v) => {
      const f = v.result.fields[field]!;
      const lines = v.result.lines.repaired;
      const check = v.result.checks.find((c) => c.name === CHECK_OF[field]);
      return JSON.stringify([
        f.positions,
        lines[f.positions.line]!.slice(f.positions.start, f.positions.end),
        check ? [check.line, check.position, lines[check.line]![check.position]] : null,
      ]);
    });
    const [span, text, check] = JSON.parse(majority(pieces, weights(voters))) as [MrzSpan, string, [number, number, string] | null];
    [...text].forEach((ch, i) => {
      out[span.line]![span.start + i] = ch;
      onlyWithheld.delete(`${span.line}:${span.start + i}`);
    });
    if (check) out[check[0]]![check[1]] = check[2];
  }

  let lines = out.map((row) => row.join(''));
  let result = parseMrz(lines, { now });
  if (result.composite && !result.composite.valid) {
    // the composite digit as the readings whose composite passed read it
    const { line, position } = result.composite;
    const ranges = LAYOUTS[result.format!].composite?.ranges ?? [];
    for (const v of group.filter((g) => g.result.composite?.valid && ranges.every((r) => covers(g, r.line)))) {
      const trial = lines.map((l, i) => (i === line ? l.slice(0, position) + v.result.lines.repaired[line]![position] + l.slice(position + 1) : l));
      const tried = parseMrz(trial, { now });
      if (tried.composite?.valid) {
        [lines, result] = [trial, tried];
        break;
      }
    }
  }
  return { lines: result.lines.repaired, result: unverifiedWhere(result, onlyWithheld), readers: group.map((v) => v.reader) };
}

/** The result with every verified field that holds a character only withholding readings gave
 * ("line:position" keys) no longer verified: its check digit passing proves nothing there. */
function unverifiedWhere(result: MrzResult, positions: ReadonlySet<string>): MrzResult {
  const fields = { ...result.fields };
  for (const [name, f] of Object.entries(fields) as Array<[MrzFieldName, MrzField]>) {
    const p = f.positions;
    const touched = Array.from({ length: p.end - p.start }, (_, i) => `${p.line}:${p.start + i}`).some((k) => positions.has(k));
    if (f.status === 'valid' && touched) fields[name] = { ...f, status: 'unverified', evidence: [], blindSpots: [] };
  }
  return { ...result, fields };
}
