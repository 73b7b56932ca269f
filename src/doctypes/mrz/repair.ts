import {
  classForcedAlternatives,
  DIGIT_TO_LETTERS,
  FILLER,
  FILLER_LOOKALIKES,
  FILLER_LOOKING_LETTERS,
  isDigit,
  LETTER_TO_DIGITS,
  safeCheckDigit,
} from './charset.js';
import { classAt, type CheckLayout, type ResolvedField } from './formats.js';
import type { MrzFieldName, MrzProblem, MrzRepair, MrzRepairReason } from './types.js';

/** Confusion repair. The rule that keeps a misread from looking certain: a swap is applied only
 * where the field's character class cannot hold what was read (a letter in a date, a digit in a
 * name) and, for a field with a check digit, only when the swapped field then passes it and no
 * other admissible swap does. Alphanumeric fields (document and personal numbers, optional data)
 * are never repaired: any character may stand there, so a check digit that fails cannot say where
 * the error is — of the swaps that would make it pass, one is right only if the misread was on the
 * confusion list, and the composite cannot confirm it (it weights those positions exactly as the
 * field's own check does). Such swaps are reported as candidates for a person. */

export type Grid = string[][];

export interface Swap {
  line: number;
  position: number;
  to: string;
}

export interface RepairLog {
  repairs: MrzRepair[];
  problems: MrzProblem[];
}

const MAX_COMBINATIONS = 256;

export function applySwaps(
  grid: Grid,
  swaps: readonly Swap[],
  field: MrzRepair['field'],
  reason: MrzRepairReason,
  confirmedBy: MrzRepair['confirmedBy'],
  log: RepairLog,
): void {
  for (const s of swaps) {
    const from = grid[s.line]![s.position]!;
    grid[s.line]![s.position] = s.to;
    log.repairs.push({ field, line: s.line, position: s.position, from, to: s.to, reason, confirmedBy });
  }
}

/** Every combination of one alternative per position (capped: beyond the cap nothing is applied). */
function combinations(options: Array<{ line: number; position: number; alts: readonly string[] }>): Swap[][] | null {
  let total = 1;
  for (const o of options) total *= o.alts.length;
  if (total > MAX_COMBINATIONS) return null;
  let out: Swap[][] = [[]];
  for (const o of options) out = out.flatMap((combo) => o.alts.map((to) => [...combo, { line: o.line, position: o.position, to }]));
  return out;
}

/** Passes the check: the value's check digit, or for an all-filler optional field `<` or 0. */
export function checkPasses(value: string, checkChar: string, check: CheckLayout): boolean {
  if (check.optional && /^<*$/.test(value) && (checkChar === FILLER || checkChar === '0')) return true;
  const expected = safeCheckDigit(value);
  return expected !== null && checkChar === String(expected);
}

export type TextOf = (grid: Grid) => string;

/** Forced swaps in a checked field and its check digit, kept only when exactly one combination passes. */
export function repairCheckedField(grid: Grid, field: ResolvedField, textOf: TextOf, log: RepairLog): void {
  const check = field.check!;
  const options: Array<{ line: number; position: number; alts: readonly string[] }> = [];
  for (let p = field.span.start; p < field.span.end; p++) {
    const ch = grid[field.span.line]![p]!;
    const alts = classForcedAlternatives(ch, classAt(field, p));
    if (alts.length > 0) options.push({ line: field.span.line, position: p, alts });
  }
  const checkChar = grid[check.line]![check.position]!;
  const emptyOptional = check.optional === true && /^<*$/.test(textOf(grid));
  const checkAlts = emptyOptional && FILLER_LOOKING_LETTERS.has(checkChar) ? [FILLER] : classForcedAlternatives(checkChar, 'check');
  if (checkAlts.length > 0) options.push({ line: check.line, position: check.position, alts: checkAlts });
  if (options.length === 0) return;

  const passing = (combinations(options) ?? []).filter((combo) => {
    const trial = grid.map((row) => [...row]);
    for (const s of combo) trial[s.line]![s.position] = s.to;
    return checkPasses(textOf(trial), trial[check.line]![check.position]!, check);
  });
  if (passing.length === 1) {
    applySwaps(grid, passing[0]!, field.name, 'character_class', 'check_digit', log);
  } else if (passing.length > 1) {
    log.problems.push({
      kind: 'ambiguous_repair',
      code: null,
      field: field.name,
      message: `${passing.length} different repairs of ${field.name} would each pass its check digit; none applied`,
      candidates: passing.map((combo) => describe(grid, combo)),
    });
  }
}

function describe(grid: Grid, combo: readonly Swap[]): string {
  return combo.map((s) => `line ${s.line + 1} pos ${s.position + 1}: ${grid[s.line]![s.position]} → ${s.to}`).join('; ');
}

/** For an alphanumeric field whose check fails: the single confusion swaps that would make it pass.
 * Reported, never applied (see the module comment). */
export function suggestAlnumRepairs(grid: Grid, field: ResolvedField, textOf: TextOf, log: RepairLog): void {
  const check = field.check!;
  const candidates: string[] = [];
  for (let p = field.span.start; p < field.span.end; p++) {
    const ch = grid[field.span.line]![p]!;
    const alts = [...(LETTER_TO_DIGITS[ch] ?? []), ...(DIGIT_TO_LETTERS[ch] ?? []), ...(FILLER_LOOKING_LETTERS.has(ch) ? [FILLER] : [])];
    for (const to of alts) {
      const trial = grid.map((row) => [...row]);
      trial[field.span.line]![p] = to;
      if (checkPasses(textOf(trial), trial[check.line]![check.position]!, check)) {
        candidates.push(describe(grid, [{ line: field.span.line, position: p, to }]));
      }
    }
  }
  if (candidates.length === 0) return;
  log.problems.push({
    kind: candidates.length === 1 ? 'repair_suggested' : 'ambiguous_repair',
    code: null,
    field: field.name,
    message:
      candidates.length === 1
        ? `one confusion swap would make ${field.name} pass its check digit, but a check digit cannot locate an error in an alphanumeric field; not applied`
        : `${candidates.length} confusion swaps would each make ${field.name} pass its check digit; not applied`,
    candidates,
  });
}

/** A character that is not in the MRZ alphabet but looks like `<` can only be the filler. */
export function replaceLookalikes(grid: Grid, fieldAt: (line: number, position: number) => MrzRepair['field'], log: RepairLog): void {
  grid.forEach((row, line) =>
    row.forEach((ch, position) => {
      if (FILLER_LOOKALIKES.has(ch)) applySwaps(grid, [{ line, position, to: FILLER }], fieldAt(line, position), 'filler_lookalike', null, log);
    }),
  );
}

/** Country code: digits forced to letters, K/C after the first letter possibly fillers (D<< read as
 * DKK). Applied only when exactly one candidate is a known code. */
export function repairCountryCode(grid: Grid, field: ResolvedField, isKnown: (code: string) => boolean, log: RepairLog): void {
  const { line, start, end } = field.span;
  const read = grid[line]!.slice(start, end).join('');
  if (isKnown(read)) return;
  const options: Array<{ line: number; position: number; alts: readonly string[] }> = [];
  for (let p = start; p < end; p++) {
    const ch = grid[line]![p]!;
    const forced = classForcedAlternatives(ch, 'alpha');
    if (forced.length > 0) options.push({ line, position: p, alts: forced });
    else if (p > start && FILLER_LOOKING_LETTERS.has(ch)) options.push({ line, position: p, alts: [ch, FILLER] });
  }
  if (options.length === 0) return;
  const known = (combinations(options) ?? []).filter((combo) => {
    const chars = grid[line]!.slice(start, end);
    for (const s of combo) chars[s.position - start] = s.to;
    return isKnown(chars.join(''));
  });
  const changed = (combo: Swap[]): Swap[] => combo.filter((s) => grid[s.line]![s.position] !== s.to);
  if (known.length === 1) {
    for (const s of changed(known[0]!)) {
      const reason = isDigit(grid[s.line]![s.position]!) ? 'character_class' : 'country_code';
      applySwaps(grid, [s], field.name, reason, 'country_list', log);
    }
  } else if (known.length > 1) {
    log.problems.push({
      kind: 'ambiguous_repair',
      code: null,
      field: field.name,
      message: `${read} could be any of ${known.length} known codes; not repaired`,
      candidates: known.map((combo) => describe(grid, changed(combo))),
    });
  }
}

/** Name zone: digits from the confusion list become letters when every digit in the zone is on
 * it (a zone with 3, 4, 7 or 9 is not a misread Latin name — Russian internal passports encode
 * Cyrillic with digits — and is left for a person); K/C in the trailing filler run become fillers. */
export function repairNameZone(
  grid: Grid,
  zone: { line: number; start: number; end: number },
  field: MrzFieldName,
  offsetsOfFillers: (zoneText: string) => number[],
  log: RepairLog,
): void {
  const row = grid[zone.line]!;
  const chars = row.slice(zone.start, zone.end);
  const digits = chars.filter(isDigit);
  if (digits.length > 0 && digits.every((d) => DIGIT_TO_LETTERS[d] !== undefined)) {
    const swaps = chars.flatMap((ch, i) => (isDigit(ch) ? [{ line: zone.line, position: zone.start + i, to: DIGIT_TO_LETTERS[ch]![0]! }] : []));
    applySwaps(grid, swaps, field, 'character_class', null, log);
  }
  const text = row.slice(zone.start, zone.end).join('');
  if (!/^[A-Z<]*$/.test(text)) return;
  const fillers = offsetsOfFillers(text).map((o) => ({ line: zone.line, position: zone.start + o, to: FILLER }));
  applySwaps(grid, fillers, field, 'name_filler', null, log);
}
