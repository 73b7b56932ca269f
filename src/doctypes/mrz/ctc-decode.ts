import { greedyCtc } from '../../readers/support/ctc-greedy.js';
import { lookupIssuingState } from '../countries.js';
import { FILLER, type CharClass } from './charset.js';
import { LAYOUTS, candidateFormats, positionClasses, resolveFields, fieldText, type FormatLayout } from './formats.js';
import { checkPasses } from './repair.js';
import type { MrzFormat } from './types.js';

/** Reads an MRZ from a CTC line recogniser's output under the MRZ grammar instead of taking the
 * recogniser's best string: every line has its format's fixed length, every position only the
 * characters its field's class admits (digits in dates and check digits, letters and fillers in
 * country codes and names), and where a check digit fails, the recogniser's runner-up characters
 * inside the field choose a reading that passes — only when one such reading stands clearly above
 * the others. Names and nationality have no check digit: the grammar shapes them, nothing
 * confirms them (other engines must agree). */

export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** The recogniser's characters summed into each MRZ character: lower case into upper case, and
 * the filler's look-alikes (full-width, angle brackets) into the filler. */
export const MRZ_GROUPS: string[][] = [...MRZ_ALPHABET].map((ch) =>
  ch === FILLER ? [FILLER, '＜', '〈', '«', '‹', '≤', 'く'] : /[A-Z]/.test(ch) ? [ch, ch.toLowerCase()] : [ch],
);

const G = MRZ_ALPHABET.length;
const FILLER_INDEX = MRZ_ALPHABET.indexOf(FILLER);
const LETTERS = [...Array(26).keys()];
const DIGITS = [...Array(10).keys()].map((i) => 26 + i);
const ALLOWED: Record<CharClass, number[]> = {
  alpha: [...LETTERS, FILLER_INDEX],
  numeric: DIGITS,
  date: [...DIGITS, FILLER_INDEX],
  check: [...DIGITS, FILLER_INDEX],
  digits: [...DIGITS, FILLER_INDEX],
  alnum: [...Array(G).keys()],
  sex: ['M', 'F', 'X', FILLER].map((c) => MRZ_ALPHABET.indexOf(c)),
};

/** One text row: per CTC step, the blank's probability (column 0) then each MRZ_GROUPS entry's. */
export interface StepMatrix {
  steps: number;
  data: Float32Array;
}

export interface DecodedMrz {
  format: MrzFormat;
  lines: string[];
  /** The rows (indices into the input) the lines were read from. */
  rows: number[];
  /** Per line, the mean probability of its characters. */
  confidence: number[];
  /** Characters the check digits chose over the recogniser's first choice. */
  changed: Array<{ line: number; position: number; from: string; to: string }>;
  /** Every check digit passes: read from the steps, no text of the rows could then stand instead
   * (decodeMrzRows), so a caller need not fetch that text. */
  checked: boolean;
}

/** A runner-up character is considered when the recogniser gave it at least this probability. */
const MIN_ALTERNATIVE = 0.02;
/** The passing reading chosen must be this many times likelier than the next passing one. */
const CLEAR_MARGIN = Math.log(10);
const MAX_COMBINATIONS = 512;
const MAX_UNCERTAIN = 3;
const FLOOR = 1e-9;

/** OCR-B look-alikes across the letter/digit divide: where a position admits only one side, the
 * recogniser's belief in the other side's twin counts for it (a 0 in a country code is its O). */
const TWINS: ReadonlyArray<[string, string]> = [
  ['O', '0'],
  ['I', '1'],
  ['Z', '2'],
  ['S', '5'],
  ['B', '8'],
  ['G', '6'],
];
/** Letters whose only twin is 0 where a digit must stand (a D or Q in a date is a 0; a 0 in a
 * code is an O, not a D). */
const ROUND_LETTERS = ['Q', 'D'];

const COLUMNS = G + 1;

/** Best class per step, repeats collapsed, blanks dropped: the recogniser's own reading. */
export function greedyText(m: StepMatrix): string {
  return greedyCtc(m.data, m.steps, COLUMNS)
    .map((s) => MRZ_ALPHABET[s.cls])
    .join('');
}

interface LineDecoding {
  chars: number[];
  /** Per position, the steps [from, to] the character was read over. */
  spans: Array<[number, number]>;
  logScore: number;
}

/** The most probable CTC alignment of `m` that spells exactly `classes.length` characters, each
 * of its position's class (a Viterbi search over positions × characters). Null when the row has
 * too few steps for that many characters. */
export function decodeLine(m: StepMatrix, classes: readonly CharClass[]): LineDecoding | null {
  const L = classes.length;
  const T = m.steps;
  if (T < L) return null;
  const byClass = new Map<CharClass, Float64Array>();
  for (const c of new Set(classes)) byClass.set(c, logProbabilities(m, c));
  const lps = classes.map((c) => byClass.get(c)!);
  const allowed = classes.map((c) => ALLOWED[c]);
  // B[k]: k characters read, now on a blank; E[k*G+g]: k characters read, the k-th is g and still under way.
  // Two generations of each, reused step by step (a step allocates nothing).
  let B = new Float64Array(L + 1).fill(-Infinity);
  let E = new Float64Array((L + 1) * G).fill(-Infinity);
  let nB = new Float64Array(L + 1);
  let nE = new Float64Array((L + 1) * G);
  // per k, over the endings of character k the step before: the best (first of equals), its
  // character, and the best of the others with its character
  const first = new Float64Array(L + 1);
  const firstG = new Int8Array(L + 1);
  const second = new Float64Array(L + 1);
  const secondG = new Int8Array(L + 1);
  B[0] = 0;
  // back-pointers: for B, -1 = stayed on the blank, g = came from E[k][g]; for E, -1 = stayed,
  // -2 = came from B[k-1], g = came from E[k-1][g]
  const backB = new Int8Array(T * (L + 1));
  const backE = new Int8Array(T * (L + 1) * G);
  for (let t = 0; t < T; t++) {
    nB.fill(-Infinity);
    nE.fill(-Infinity);
    const blank = lps[0]![t * COLUMNS]!;
    // k characters cannot be read in fewer than k steps, and a state that leaves too few steps
    // for the rest can never end the line: neither is on the best path
    const kFrom = Math.max(0, L - (T - t));
    const kTo = Math.min(L, t + 1);
    for (let k = Math.max(1, kFrom - 1); k <= kTo; k++) {
      let f = -Infinity;
      let fg = -1;
      let s2 = -Infinity;
      let sg = -1;
      const base = k * G;
      for (const g of allowed[k - 1]!) {
        const v = E[base + g]!;
        if (v > f) {
          s2 = f;
          sg = fg;
          f = v;
          fg = g;
        } else if (v > s2) {
          s2 = v;
          sg = g;
        }
      }
      first[k] = f;
      firstG[k] = fg;
      second[k] = s2;
      secondG[k] = sg;
    }
    for (let k = kFrom; k <= kTo; k++) {
      // onto a blank
      let best = B[k]!;
      let from = -1;
      if (k > 0 && first[k]! > best) {
        best = first[k]!;
        from = firstG[k]!;
      }
      if (best > -Infinity) {
        nB[k] = best + blank;
        backB[t * (L + 1) + k] = from;
      }
      if (k === 0) continue;
      // onto character k: the two best endings of character k-1 (a repeat needs a blank between)
      const f = k > 1 ? first[k - 1]! : -Infinity;
      const fg = k > 1 ? firstG[k - 1]! : -1;
      const s2 = k > 1 ? second[k - 1]! : -Infinity;
      const sg = k > 1 ? secondG[k - 1]! : -1;
      const fromBlank = B[k - 1]!;
      const lp = lps[k - 1]!;
      const base = k * G;
      const at = t * COLUMNS + 1;
      const backAt = (t * (L + 1) + k) * G;
      for (const g of allowed[k - 1]!) {
        let v = E[base + g]!;
        let b = -1;
        if (fromBlank > v) {
          v = fromBlank;
          b = -2;
        }
        const repeat = fg === g;
        const prev = repeat ? s2 : f;
        if (prev > v) {
          v = prev;
          b = repeat ? sg : fg;
        }
        if (v === -Infinity) continue;
        nE[base + g] = v + lp[at + g]!;
        backE[backAt + g] = b;
      }
    }
    [B, nB] = [nB, B];
    [E, nE] = [nE, E];
  }
  let state: { k: number; g: number } = { k: L, g: -1 };
  let score = B[L]!;
  for (const g of allowed[L - 1]!) if (E[L * G + g]! > score) [score, state] = [E[L * G + g]!, { k: L, g }];
  if (score === -Infinity) return null;

  const chars = Array<number>(L).fill(FILLER_INDEX);
  const spans: Array<[number, number]> = Array.from({ length: L }, () => [T, -1] as [number, number]);
  for (let t = T - 1; t >= 0; t--) {
    const { k, g } = state;
    if (g === -1) {
      const from = backB[t * (L + 1) + k]!;
      state = from === -1 ? { k, g: -1 } : { k, g: from };
    } else {
      chars[k - 1] = g;
      const span = spans[k - 1]!;
      span[0] = Math.min(span[0], t);
      span[1] = Math.max(span[1], t);
      const from = backE[(t * (L + 1) + k) * G + g]!;
      state = from === -1 ? { k, g } : from === -2 ? { k: k - 1, g: -1 } : { k: k - 1, g: from };
    }
  }
  return { chars, spans, logScore: score };
}

/** Per class, per character: its twins from outside the class (see TWINS and ROUND_LETTERS). */
const TWINS_OF = Object.fromEntries(
  Object.entries(ALLOWED).map(([cls, allowed]) => {
    const admitted = new Set(allowed);
    const twinsOf: number[][] = Array.from({ length: G }, () => []);
    for (const [a, b] of TWINS) {
      const [ia, ib] = [MRZ_ALPHABET.indexOf(a), MRZ_ALPHABET.indexOf(b)];
      if (admitted.has(ia) && !admitted.has(ib)) twinsOf[ia]!.push(ib);
      if (admitted.has(ib) && !admitted.has(ia)) twinsOf[ib]!.push(ia);
    }
    const zero = MRZ_ALPHABET.indexOf('0');
    for (const letter of ROUND_LETTERS) {
      const il = MRZ_ALPHABET.indexOf(letter);
      if (admitted.has(zero) && !admitted.has(il)) twinsOf[zero]!.push(il);
    }
    return [cls, twinsOf];
  }),
) as Record<CharClass, number[][]>;

/** logProbabilities already worked out, per matrix and class: a matrix is decoded under several
 * formats and its positions scored again after. */
const logCache = new WeakMap<StepMatrix, Map<CharClass, Float64Array>>();

/** A position class's view of the steps: each admitted character's probability plus its twins'
 * from outside the class, as logarithms (column 0 the blank). */
function logProbabilities(m: StepMatrix, cls: CharClass): Float64Array {
  let cached = logCache.get(m);
  if (!cached) logCache.set(m, (cached = new Map()));
  const known = cached.get(cls);
  if (known) return known;
  const out = new Float64Array(m.steps * COLUMNS);
  const twinsOf = TWINS_OF[cls];
  const data = m.data;
  for (let t = 0; t < m.steps; t++) {
    const at = t * COLUMNS;
    out[at] = Math.log(Math.max(FLOOR, data[at]!));
    for (let g = 0; g < G; g++) {
      let p = data[at + g + 1]!;
      for (const twin of twinsOf[g]!) p += data[at + twin + 1]!;
      out[at + g + 1] = Math.log(Math.max(FLOOR, p));
    }
  }
  cached.set(cls, out);
  return out;
}

/** How likely each admissible character is at a position: its highest probability over the steps
 * the position was read over (one step of margin each side). */
function positionScores(lp: Float64Array, steps: number, span: [number, number], allowed: readonly number[]): Map<number, number> {
  const from = Math.max(0, span[0] - 1);
  const to = Math.min(steps - 1, span[1] + 1);
  const scores = new Map<number, number>();
  for (const g of allowed) {
    let best = Number.NEGATIVE_INFINITY;
    for (let t = from; t <= to; t++) best = Math.max(best, lp[t * COLUMNS + g + 1]!);
    scores.set(g, Math.exp(best));
  }
  return scores;
}

interface Decoded {
  layout: FormatLayout;
  lines: string[][];
  /** [line][position] → admissible character → probability */
  scores: Array<Array<Map<number, number>>>;
  logScore: number;
}

/** One text row, read in several presentations (see MrzRowSteps), and as the text detector's
 * own recognition read it (when there is one). */
export interface RowReadings {
  variants: readonly StepMatrix[];
  text?: string;
}

/** How sure a text reading is taken to be of each of its characters: firm, so that the grammar
 * shapes it (a 0 in a country code is its O) but offers no runner-ups for check digits to pick. */
const TEXT_CHAR_P = 0.9;

/** A read string as a step matrix: one step per character, a blank between. Characters outside
 * the MRZ groups (and spaces) are dropped. */
export function textMatrix(text: string): StepMatrix {
  const groupOf = new Map(MRZ_GROUPS.flatMap((chars, g) => chars.map((ch) => [ch, g] as const)));
  const chars = [...text.toUpperCase()].flatMap((ch) => {
    const g = groupOf.get(ch) ?? groupOf.get(ch.toLowerCase());
    return g === undefined ? [] : [g];
  });
  const data = new Float32Array(chars.length * 2 * COLUMNS);
  const rest = (1 - TEXT_CHAR_P) / G;
  chars.forEach((g, i) => {
    const at = 2 * i * COLUMNS;
    for (let c = 1; c < COLUMNS; c++) data[at + c] = rest;
    data[at + g + 1] = TEXT_CHAR_P;
    data[at + COLUMNS] = 1;
  });
  return { steps: chars.length * 2, data };
}

/** Each presentation is decoded under the grammar on its own; the fixed length aligns them
 * position by position, so their scores combine per position (a geometric mean) and each
 * position takes the character the presentations together find likeliest. */
function decodeAs(layout: FormatLayout, rows: readonly RowReadings[]): Decoded | null {
  const classes = positionClasses(layout);
  const lines: string[][] = [];
  const scores: Decoded['scores'] = [];
  let logScore = 0;
  for (let i = 0; i < layout.lineCount; i++) {
    const perVariant: Array<Array<Map<number, number>>> = [];
    for (const m of rows[i]!.variants) {
      const d = decodeLine(m, classes[i]!);
      if (!d) continue;
      const byClass = new Map<CharClass, Float64Array>();
      perVariant.push(
        d.spans.map((span, p) => {
          const cls = classes[i]![p]!;
          if (!byClass.has(cls)) byClass.set(cls, logProbabilities(m, cls));
          return positionScores(byClass.get(cls)!, m.steps, span, ALLOWED[cls]);
        }),
      );
      logScore += d.logScore / rows[i]!.variants.length;
    }
    if (perVariant.length === 0) return null;
    const combined = classes[i]!.map((cls, p) => {
      const out = new Map<number, number>();
      for (const g of ALLOWED[cls]) out.set(g, Math.exp(perVariant.reduce((sum, v) => sum + Math.log(Math.max(FLOOR, v[p]!.get(g)!)), 0) / perVariant.length));
      return out;
    });
    scores.push(combined);
    lines.push(combined.map((m) => MRZ_ALPHABET[[...m.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0]]!));
  }
  return { layout, lines, scores, logScore };
}

/** Names end in fillers: from the first run of three fillers on, the zone holds nothing else (a
 * stray mark there is not a name). */
function settleNameZones(d: Decoded): void {
  const { names } = d.layout;
  const spans = names.kind === 'combined' ? [names.span] : [names.surname, names.given];
  for (const s of spans) {
    const row = d.lines[s.line]!;
    const zone = row.slice(s.start, s.end).join('');
    const at = zone.indexOf('<<<');
    if (at === -1) continue;
    for (let p = s.start + at; p < s.end; p++) row[p] = FILLER;
  }
}

/** Country codes have no check digit but a closed list: the likeliest known code over the
 * recogniser's candidates per position (a U read as O, a T as I) stands for an unknown one. It is
 * still one engine's reading: only another engine agreeing corroborates it. */
function settleCountries(d: Decoded, changed: DecodedMrz['changed']): void {
  for (const f of d.layout.fields) {
    if (f.name !== 'issuing_state' && f.name !== 'nationality') continue;
    const { line, start, end } = f.span;
    const row = d.lines[line]!;
    if (lookupIssuingState(row.slice(start, end).join('')) !== null) continue;
    const options = Array.from({ length: end - start }, (_, i) =>
      [...d.scores[line]![start + i]!.entries()]
        .filter(([, p]) => p >= MIN_ALTERNATIVE / 10)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([g, p]) => ({ ch: MRZ_ALPHABET[g]!, logP: Math.log(p) })),
    );
    let best: { code: string; logP: number } | null = null;
    const walk = (i: number, code: string, logP: number): void => {
      if (i === options.length) {
        if (lookupIssuingState(code) !== null && (!best || logP > best.logP)) best = { code, logP };
        return;
      }
      for (const o of options[i]!) walk(i + 1, code + o.ch, logP + o.logP);
    };
    walk(0, '', 0);
    const found = best as { code: string; logP: number } | null;
    if (!found) continue;
    [...found.code].forEach((ch, i) => {
      if (row[start + i] === ch) return;
      changed.push({ line, position: start + i, from: row[start + i]!, to: ch });
      row[start + i] = ch;
    });
  }
}

/** Where a check fails, the recogniser's runner-up characters over the positions it covers: the
 * passing reading is taken when it is clearly the likeliest of the passing ones. */
function settleChecks(d: Decoded, changed: DecodedMrz['changed']): void {
  const text = (): string[] => d.lines.map((r) => r.join(''));
  for (const field of resolveFields(d.layout, text())) {
    if (!field.check) continue;
    const positions: Array<[number, number]> = [];
    for (let p = field.span.start; p < field.span.end; p++) positions.push([field.span.line, p]);
    positions.push([field.check.line, field.check.position]);
    const check = field.check;
    choose(d, positions, (lines) => checkPasses(fieldText(field, d.layout, lines), lines[check.line]![check.position]!, check), changed);
  }
  const composite = d.layout.composite;
  if (!composite) return;
  const covered = composite.ranges.flatMap((r) => Array.from({ length: r.end - r.start }, (_, i) => [r.line, r.start + i] as [number, number]));
  const checkedOk = new Set<string>();
  for (const field of resolveFields(d.layout, text())) {
    if (!field.check) continue;
    const lines = text();
    if (!checkPasses(fieldText(field, d.layout, lines), lines[field.check.line]![field.check.position]!, field.check)) continue;
    for (let p = field.span.start; p < field.span.end; p++) checkedOk.add(`${field.span.line}:${p}`);
    checkedOk.add(`${field.check.line}:${field.check.position}`);
  }
  // the composite may only move what no passing check already vouches for
  const open = [...covered.filter(([l, p]) => !checkedOk.has(`${l}:${p}`)), [composite.line, composite.position] as [number, number]];
  const digits = (lines: string[]): string => composite.ranges.map((r) => lines[r.line]!.slice(r.start, r.end)).join('');
  choose(
    d,
    open,
    (lines) =>
      checkPasses(digits(lines), lines[composite.line]![composite.position]!, { name: 'composite', line: composite.line, position: composite.position }),
    changed,
  );
}

function alternatives(
  d: Decoded,
  positions: ReadonlyArray<[number, number]>,
  threshold: number,
): Array<{ line: number; position: number; alts: Array<{ ch: string; logP: number }> }> {
  return positions.map(([l, p]) => {
    const scores = d.scores[l]![p]!;
    const current = MRZ_ALPHABET.indexOf(d.lines[l]![p]!);
    const alts = [...scores.entries()]
      .filter(([g, s]) => g === current || s >= threshold)
      .map(([g, s]) => ({ ch: MRZ_ALPHABET[g]!, logP: Math.log(Math.max(FLOOR, s)) }));
    return { line: l, position: p, alts: alts.length > 0 ? alts : [{ ch: d.lines[l]![p]!, logP: 0 }] };
  });
}

function choose(d: Decoded, positions: ReadonlyArray<[number, number]>, passes: (lines: string[]) => boolean, changed: DecodedMrz['changed']): void {
  const lines = d.lines.map((r) => r.join(''));
  if (passes(lines)) return;
  // Every uncertain position is one more way for a wrong reading to pass the check by chance (one
  // in ten per reading tried): with more than a few, the check cannot say which reading is right.
  const options = alternatives(d, positions, MIN_ALTERNATIVE);
  const uncertain = options.filter((o) => o.alts.length > 1).length;
  const total = options.reduce((n, o) => n * o.alts.length, 1);
  if (uncertain === 0 || uncertain > MAX_UNCERTAIN || total > MAX_COMBINATIONS) return;
  const passing: Array<{ picks: string[]; logP: number }> = [];
  const walk = (i: number, picks: string[], logP: number): void => {
    if (i === options.length) {
      const trial = d.lines.map((r) => [...r]);
      options.forEach((o, j) => (trial[o.line]![o.position] = picks[j]!));
      if (passes(trial.map((r) => r.join('')))) passing.push({ picks: [...picks], logP });
      return;
    }
    for (const a of options[i]!.alts) walk(i + 1, [...picks, a.ch], logP + a.logP);
  };
  walk(0, [], 0);
  passing.sort((a, b) => b.logP - a.logP);
  const [best, next] = passing;
  if (!best || (next && best.logP - next.logP < CLEAR_MARGIN)) return;
  options.forEach((o, j) => {
    const from = d.lines[o.line]![o.position]!;
    if (from === best.picks[j]) return;
    d.lines[o.line]![o.position] = best.picks[j]!;
    changed.push({ line: o.line, position: o.position, from, to: best.picks[j]! });
  });
}

/** Lengths a group of rows may have per count. */
const LENGTHS: Record<number, number[]> = { 2: [36, 44], 3: [30] };

type Found = { d: Decoded; rows: number[] };

/** The MRZ among the rows: the last run of 2 or 3 rows whose first reading is about an MRZ line
 * long, read under every format it could be; the reading that passes most checks, then the
 * likeliest, wins. Null when no run of rows can be an MRZ. */
function findMrzRows(rows: readonly RowReadings[], lineLength?: number): Found | null {
  const lengths = rows.map((r) => (r.variants[0] ? greedyText(r.variants[0]).length : 0));
  const mrzLike = lengths.map((n) => n >= 24 && n <= 52);
  let best = null as (Found & { passed: number }) | null;
  for (const count of [3, 2]) {
    for (let start = rows.length - count; start >= 0; start--) {
      const idx = Array.from({ length: count }, (_, i) => start + i);
      if (!idx.every((i) => mrzLike[i])) continue;
      const group = idx.map((i) => rows[i]!);
      for (const length of LENGTHS[count]!) {
        if (lineLength !== undefined && length !== lineLength) continue;
        if (idx.some((i) => Math.abs(lengths[i]! - length) > 8)) continue;
        for (const format of formatsFor(group, count, length)) {
          const d = decodeAs(LAYOUTS[format], group);
          if (!d) continue;
          settleNameZones(d);
          settleCountries(d, []);
          const passed = passingChecks(d);
          if (!best || passed > best.passed || (passed === best.passed && d.logScore > best.d.logScore)) best = { d, rows: idx, passed };
        }
      }
    }
    if (best) break;
  }
  return best;
}

/** A found MRZ settled: countries from the closed list, check digits choosing among the
 * recogniser's runner-ups. */
function settle({ d, rows }: Found): DecodedMrz {
  const changed: DecodedMrz['changed'] = [];
  settleCountries(d, changed);
  settleChecks(d, changed);
  const confidence = d.lines.map((row, l) => row.reduce((s, ch, p) => s + (d.scores[l]![p]!.get(MRZ_ALPHABET.indexOf(ch)) ?? 0), 0) / row.length);
  const checks =
    resolveFields(
      d.layout,
      d.lines.map((r) => r.join('')),
    ).filter((f) => f.check).length + (d.layout.composite ? 1 : 0);
  const checked = checks > 0 && passingChecks(d) === checks;
  return { format: d.layout.format, lines: d.lines.map((r) => r.join('')), rows, confidence, changed, checked };
}

/** The MRZ among the rows of a crop, decoded from the recogniser's step probabilities; the
 * detector's text of the rows, shaped by the same grammar, stands instead only when every one of
 * its check digits passes and the steps' reading does not (the row presentations can all lose a
 * line the detector read whole). Measured on the tuning images: letting the text stand whenever
 * it passed more checks than the steps made readings worse (formats differ in how many checks
 * they have). `lineLength`, where the rows' length is known (a fixed-pitch reader's cells), keeps
 * the decoder from reading them as another length. */
export function decodeMrzRows(rows: readonly RowReadings[], opts: { lineLength?: number } = {}): DecodedMrz | null {
  const fromSteps = findMrzRows(rows, opts.lineLength);
  const steps = fromSteps && settle(fromSteps);
  if (steps?.checked) return steps;
  const fromText = findMrzRows(
    rows.map((r) => ({ variants: r.text ? [textMatrix(r.text)] : [] })),
    opts.lineLength,
  );
  const text = fromText && settle(fromText);
  return text?.checked ? text : steps;
}

/** The formats a group could be, judged by its first line read as a header and names. */
function formatsFor(group: readonly RowReadings[], count: number, length: number): MrzFormat[] {
  if (count === 3) return ['TD1'];
  const header = positionClasses(LAYOUTS[length === 44 ? 'TD3' : 'TD2'])[0]!;
  const first = group[0]!.variants[0] && decodeLine(group[0]!.variants[0], header);
  if (!first) return [];
  const line = first.chars.map((g) => MRZ_ALPHABET[g]).join('');
  const formats = candidateFormats(2, length, line);
  // a document code misread as something else leaves the formats of that length to the check digits
  if (formats.length > 0 && /^[PVIAC]/.test(line)) return formats;
  return length === 44 ? ['TD3', 'MRV-A'] : ['TD2', 'MRV-B'];
}

/** Check digits that pass, the composite's among them. */
function passingChecks(d: Decoded): number {
  const lines = d.lines.map((r) => r.join(''));
  let passed = 0;
  for (const field of resolveFields(d.layout, lines)) {
    if (field.check && checkPasses(fieldText(field, d.layout, lines), lines[field.check.line]![field.check.position]!, field.check)) passed++;
  }
  const c = d.layout.composite;
  const digits = c?.ranges.map((r) => lines[r.line]!.slice(r.start, r.end)).join('');
  if (c && digits !== undefined && checkPasses(digits, lines[c.line]![c.position]!, { name: 'composite', line: c.line, position: c.position })) passed++;
  return passed;
}
