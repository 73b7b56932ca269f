import { lookupIssuingState } from '../countries.js';
import { assess } from './assess.js';
import { classForcedAlternatives, FILLER, fitsClass, safeCheckDigit } from './charset.js';
import { fitLine, MAX_MRZ_LINE_LENGTH, MAX_MRZ_LINES, normalizeLine } from './fit.js';
import { candidateFormats, classAt, fieldText, LAYOUTS, positionClasses, resolveFields, type FormatLayout, type ResolvedField } from './formats.js';
import { fillerLookingOffsets } from './names.js';
import {
  applySwaps,
  checkPasses,
  repairCheckedField,
  repairCountryCode,
  repairNameZone,
  replaceLookalikes,
  suggestAlnumRepairs,
  type Grid,
  type RepairLog,
  type Swap,
} from './repair.js';
import type { MrzProblem, MrzRepair, MrzResult, MrzSpan, ParseOptions } from './types.js';

/** Bound on what is even looked at, before any normalisation. */
const MAX_INPUT_CHARS = 200;
const STANDARD_LENGTHS = [30, 36, 44] as const;

interface Shaped {
  layout: FormatLayout;
  lines: string[];
  problems: MrzProblem[];
}

const gridLines = (grid: Grid): string[] => grid.map((row) => row.join(''));

/** How many check digits pass as read: decides between layouts sharing a shape (French card, TD2).
 * A check over characters its positions' classes cannot hold counts for nothing: a French card
 * read as TD2 has given names where TD2's dates stand, and a check over them, or the composite,
 * may pass by chance. */
function passingChecks(layout: FormatLayout, lines: string[]): number {
  const classes = positionClasses(layout);
  const fits = (s: MrzSpan): boolean => [...lines[s.line]!.slice(s.start, s.end)].every((ch, i) => fitsClass(ch, classes[s.line]![s.start + i]!));
  let n = 0;
  for (const f of resolveFields(layout, lines)) {
    if (f.check && fits(f.span) && checkPasses(fieldText(f, layout, lines), lines[f.check.line]![f.check.position]!, f.check)) n++;
  }
  if (layout.composite?.ranges.every(fits) && compositePasses(layout, lines)) n++;
  return n;
}

/** Visas share their line layout with a passport (2×44) or a TD2 card (2×36) and only the first
 * letter tells them apart, which no check digit covers. */
const NON_VISA_TWIN: Partial<Record<FormatLayout['format'], FormatLayout['format']>> = { 'MRV-A': 'TD3', 'MRV-B': 'TD2' };

function checkCount(layout: FormatLayout, lines: string[]): number {
  return resolveFields(layout, lines).filter((f) => f.check).length + (layout.composite ? 1 : 0);
}

/** A "visa" whose optional data also passes every check digit of its passport or card twin is
 * most likely that document with its first letter misread (by chance: about 1 in 100). */
function ambiguousVisa(layout: FormatLayout, lines: string[]): MrzProblem | null {
  const twin = NON_VISA_TWIN[layout.format];
  if (!twin) return null;
  const twinLayout = LAYOUTS[twin];
  if (passingChecks(twinLayout, lines) !== checkCount(twinLayout, lines)) return null;
  return {
    kind: 'ambiguous_format',
    code: 'CRITICAL_FIELD_INVALID',
    field: 'document_code',
    message: `the MRZ reads as a visa (${layout.format}) but every check digit of a ${twin} document also passes: the document code may be misread`,
  };
}

/** The letters an MRZ's first line opens with (passport, ID card, crew, visa). */
const DOCUMENT_CODE_FIRST = /^[ACIPV]$/;

/** A first line too long for `length` that opens with a mark no document code starts with, before
 * one that does ("JP<AUS…": a speck at the band's edge read as J), without the mark. Left in, the
 * filler run would absorb the length and every field of the line would sit one place off. */
function withoutLeadingMark(line: string, index: number, length: number): string {
  return index === 0 && line.length > length && !DOCUMENT_CODE_FIRST.test(line[0]!) && DOCUMENT_CODE_FIRST.test(line[1] ?? '') ? line.slice(1) : line;
}

function shape(input: string[]): Shaped | null {
  let best: Shaped | null = null;
  let bestCost = Infinity;
  for (const length of STANDARD_LENGTHS) {
    const lines = input.map((l, i) => withoutLeadingMark(l, i, length));
    const fitted = lines.map((l) => fitLine(l, length));
    if (fitted.some((f) => f === null)) continue;
    const fittedLines = fitted.map((f) => f!.line);
    const formats = candidateFormats(lines.length, length, fittedLines[0]!);
    if (formats.length === 0) continue;
    const cost = lines.reduce((sum, l) => sum + Math.abs(l.length - length), 0);
    if (cost >= bestCost) continue;
    const layouts = formats.map((f) => LAYOUTS[f]);
    const layout = layouts.reduce((a, b) => (passingChecks(b, fittedLines) > passingChecks(a, fittedLines) ? b : a));
    const problems: MrzProblem[] = lines.flatMap((l, i) =>
      l.length === length && l === input[i]
        ? []
        : [
            {
              kind: 'line_length_adjusted' as const,
              code: null,
              field: null,
              message:
                l === input[i]
                  ? `line ${i + 1} had ${l.length} characters; the filler run at ${fitted[i]!.runStart + 1} was resized to make ${length}`
                  : `line ${i + 1} had ${input[i]!.length} characters; its first, "${input[i]![0]}", opens no document code and was dropped${l.length === length ? '' : `, and the filler run at ${fitted[i]!.runStart + 1} was resized to make ${length}`}`,
            },
          ],
    );
    best = { layout, lines: fittedLines, problems };
    bestCost = cost;
  }
  return best;
}

/** Which field a position belongs to, for the repair log. */
function fieldAt(layout: FormatLayout, lines: string[]): (line: number, position: number) => MrzRepair['field'] {
  return (line, position) => {
    for (const f of resolveFields(layout, lines)) {
      const inSpan = f.span.line === line && position >= f.span.start && position < f.span.end;
      if (inSpan || (f.check?.line === line && f.check.position === position)) return f.name;
    }
    const names = layout.names;
    if (names.kind === 'separate') {
      if (names.surname.line === line && position >= names.surname.start && position < names.surname.end) return 'surname';
      return names.given.line === line && position >= names.given.start && position < names.given.end ? 'given_names' : 'composite';
    }
    if (line !== names.span.line || position < names.span.start || position >= names.span.end) return 'composite';
    const sep = lines[line]!.indexOf('<<', names.span.start);
    return sep !== -1 && position >= sep + 2 ? 'given_names' : 'surname';
  };
}

function compositePasses(layout: FormatLayout, lines: string[]): boolean {
  const c = layout.composite;
  return c !== null && lines[c.line]![c.position] === String(safeCheckDigit(c.ranges.map((r) => lines[r.line]!.slice(r.start, r.end)).join('')));
}

function repairNames(grid: Grid, layout: FormatLayout, log: RepairLog): void {
  const before = gridLines(grid);
  const start = log.repairs.length;
  const names = layout.names;
  if (names.kind === 'combined') {
    repairNameZone(grid, names.span, 'surname', (z) => fillerLookingOffsets(z, 'single'), log);
    const sep = grid[names.span.line]!.join('').indexOf('<<', names.span.start);
    for (const r of log.repairs.slice(start)) if (sep !== -1 && r.position >= sep + 2) r.field = 'given_names';
    return;
  }
  // The French composite covers the names: names it already vouches for are read as they stand,
  // since a repair could only swap letters the check cannot tell apart.
  if (compositePasses(layout, before)) return;
  repairNameZone(grid, names.surname, 'surname', () => [], log);
  repairNameZone(grid, names.given, 'given_names', (z) => fillerLookingOffsets(z, 'double'), log);
}

function repairComposite(grid: Grid, layout: FormatLayout, log: RepairLog): void {
  const c = layout.composite;
  if (!c || compositePasses(layout, gridLines(grid))) return;
  const digit = classForcedAlternatives(grid[c.line]![c.position]!, 'check')[0];
  if (digit === undefined) return;
  const trial = grid.map((row) => [...row]);
  trial[c.line]![c.position] = digit;
  if (compositePasses(layout, gridLines(trial)))
    applySwaps(grid, [{ line: c.line, position: c.position, to: digit }], 'composite', 'character_class', 'check_digit', log);
}

/** A letter where a field without a check digit of its own admits only digits (the French card's
 * office of issue, "O75O25") is the one digit it stands for, as a digit in a name is the letter:
 * the class leaves nothing else it could be. A composite that passes as read keeps it as it is. In
 * a field that holds fillers the letter may as well be a misread filler, and the composite cannot
 * tell a filler from a 0 (both weigh 0): such a field is left as read. */
function repairUncheckedDigits(grid: Grid, layout: FormatLayout, fields: ResolvedField[], log: RepairLog): void {
  if (compositePasses(layout, gridLines(grid))) return;
  for (const f of fields) {
    if (f.check || !f.classes || grid[f.span.line]!.slice(f.span.start, f.span.end).includes(FILLER)) continue;
    const swaps: Swap[] = [];
    for (let p = f.span.start; p < f.span.end; p++) {
      const cls = classAt(f, p);
      if (cls !== 'digits' && cls !== 'numeric') continue;
      const alts = classForcedAlternatives(grid[f.span.line]![p]!, cls);
      if (alts.length === 1) swaps.push({ line: f.span.line, position: p, to: alts[0]! });
    }
    applySwaps(grid, swaps, f.name, 'character_class', null, log);
  }
}

function repair(grid: Grid, layout: FormatLayout, log: RepairLog): void {
  replaceLookalikes(grid, fieldAt(layout, gridLines(grid)), log);
  const fields = resolveFields(layout, gridLines(grid));
  for (const f of fields) {
    const textOf = (g: Grid): string => fieldText(f, layout, gridLines(g));
    if (f.check) repairCheckedField(grid, f, textOf, log);
    if (f.check && f.cls === 'alnum' && !checkPasses(textOf(grid), grid[f.check.line]![f.check.position]!, f.check)) {
      suggestAlnumRepairs(grid, f, textOf, log);
    }
    if (f.name === 'issuing_state' || f.name === 'nationality') repairCountryCode(grid, f, (code) => lookupIssuingState(code) !== null, log);
  }
  repairNames(grid, layout, log);
  repairUncheckedDigits(grid, layout, fields, log);
  repairComposite(grid, layout, log);
}

function unrecognised(raw: string[], message: string): MrzResult {
  return {
    format: null,
    document_code: null,
    lines: { raw, repaired: raw },
    fields: {},
    checks: [],
    composite: null,
    valid: false,
    repairs: [],
    problems: [{ kind: 'unrecognised_layout', code: null, field: null, message }],
    issuing_country: null,
    names_truncated: false,
  };
}

/** Parses and validates MRZ lines (already picked out of the page, see detect.ts). Never throws. */
export function parseMrz(input: readonly string[], options: ParseOptions = {}): MrzResult {
  const raw = input.slice(0, MAX_MRZ_LINES + 1).map((l) => normalizeLine(String(l).slice(0, MAX_INPUT_CHARS)));
  if (input.length < 2 || input.length > MAX_MRZ_LINES) return unrecognised(raw, `an MRZ has 2 or 3 lines, not ${input.length}`);
  if (raw.some((l) => l.length > MAX_MRZ_LINE_LENGTH)) return unrecognised(raw, `a line is longer than ${MAX_MRZ_LINE_LENGTH} characters`);
  const shaped = shape(raw);
  if (!shaped) return unrecognised(raw, `line lengths ${raw.map((l) => l.length).join('/')} match no MRZ format`);

  const { layout } = shaped;
  const grid: Grid = shaped.lines.map((l) => [...l]);
  const log: RepairLog = { repairs: [], problems: [] };
  if (options.repair !== false) repair(grid, layout, log);
  const lines = gridLines(grid);
  const assessment = assess({
    layout,
    fields: resolveFields(layout, lines),
    lines,
    rawLines: shaped.lines,
    repairs: log.repairs,
    now: options.now ?? new Date(),
  });
  const ambiguity = ambiguousVisa(layout, lines);
  return {
    format: layout.format,
    ...assessment,
    ...(ambiguity ? { valid: false } : {}),
    lines: { raw, repaired: lines },
    repairs: log.repairs,
    problems: [...shaped.problems, ...log.problems, ...assessment.problems, ...(ambiguity ? [ambiguity] : [])],
  };
}
