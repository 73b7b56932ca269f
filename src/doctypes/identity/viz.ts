import type { Region } from '../../domain/result.js';
import { stripDiacritics } from '../../domain/normalise.js';
import type { Box, Line, PageText, Word } from '../../readers/types.js';

/** The visual zone: values found beside or under their printed labels ("Surname / Nom", "Date of
 * birth"…), by position. A value may sit under its label, over it, to its right in the same row
 * (a label column) or to its left (labels at the row's end); the page's own arrangement is the
 * direction most labels find their nearest value in, and every label takes its value from that
 * direction only, so that a label whose value was not read never borrows a neighbour's. A value
 * after a colon on the label's line is always its own. Readers put a label and its value on
 * separate lines or on one; a line may also run across columns, so the value is the group of
 * words in the label's own column. */

export interface LabelSpec {
  key: string;
  /** Tested against the line's text lower-cased without diacritics. */
  label: RegExp;
  /** Whether a candidate value is what this field holds (e.g. a date); others are skipped. */
  accepts?: (text: string) => boolean;
  /** The value has a shape `accepts` checks (a date, a number): free text beside a label (a neighbour's
   * label read as garbage) passes a loose check, so this label's vote on the page's arrangement counts double. */
  shaped?: boolean;
}

export interface VizValue {
  key: string;
  text: string;
  region: Region;
  confidence: number;
}

const MAX_LINES = 400;
const ENUMERATOR = /^\d{1,2}[.)]$/;
const MAX_LABELS_PER_PAGE = 64;
/** A value sits at most this many label heights under its label. */
const MAX_DROP = 3.2;
/** Words further apart than this many line heights belong to different columns. */
const COLUMN_GAP = 1.6;

const height = (b: Box): number => Math.max(1e-6, b[3] - b[1]);
const union = (boxes: Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

interface LabelHit {
  spec: LabelSpec;
  line: Line;
  /** Words of the line the label covers. */
  words: Word[];
  /** Words after the label on the same line, when a colon or a wide gap says they are its value. */
  after: Word[];
}

/** Offsets of each word in the text made by joining the words with single spaces. */
function wordOffsets(words: Word[]): Array<{ word: Word; start: number; end: number }> {
  let at = 0;
  return words.map((word) => {
    const start = at;
    at += word.text.length + 1;
    return { word, start, end: start + word.text.length };
  });
}

const searchable = (s: string): string => stripDiacritics(s).toLowerCase();

function findLabels(page: PageText, specs: readonly LabelSpec[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const line of page.lines.slice(0, MAX_LINES)) {
    if (line.words.length === 0) continue;
    const offsets = wordOffsets(line.words);
    const text = searchable(line.words.map((w) => w.text).join(' '));
    for (const spec of specs) {
      const m = spec.label.exec(text);
      if (!m) continue;
      const start = m.index;
      let end = m.index + m[0].length;
      // the label's other language after a slash ("Surname / Nom", "Nom / Surname") is the label too
      const slash = /^\s*\/\s*/.exec(text.slice(end));
      const other = slash ? spec.label.exec(text.slice(end + slash[0].length)) : null;
      if (slash && other?.index === 0) end += slash[0].length + other[0].length;
      const covered = offsets.filter((o) => o.end > start && o.start < end);
      if (covered.length === 0) continue;
      // a card's field number before the label ("3. Surname") belongs to it
      const before = offsets[offsets.indexOf(covered[0]!) - 1];
      if (before && ENUMERATOR.test(before.word.text)) covered.unshift(before);
      const lastCovered = covered[covered.length - 1]!;
      // the label's own bilingual tail ("/ Nom") is part of it, not a value
      const rest = offsets.filter((o) => o.start >= lastCovered.end).map((o) => o.word);
      const colon = /:\s*$/.test(lastCovered.word.text) || rest[0]?.text === ':';
      const after = colon ? rest.filter((w) => w.text !== ':') : [];
      hits.push({ spec, line, words: covered.map((o) => o.word), after });
      if (hits.length >= MAX_LABELS_PER_PAGE) return hits;
    }
  }
  return hits;
}

/** Splits a line's words into column groups at wide gaps. */
export function columnGroups(words: Word[]): Word[][] {
  const groups: Word[][] = [];
  for (const w of [...words].sort((a, b) => a.box[0] - b.box[0])) {
    const group = groups[groups.length - 1];
    const prev = group?.[group.length - 1];
    if (group && prev && w.box[0] - prev.box[2] <= COLUMN_GAP * Math.max(height(prev.box), height(w.box))) group.push(w);
    else groups.push([w]);
  }
  return groups;
}

/** Drops the words of a group that belong to the next column's label or value on the same line. */
function firstColumnRun(words: Word[], labelBox: Box): Word[] {
  const h = height(labelBox);
  const group = columnGroups(words).find((g) => g[g.length - 1]!.box[2] > labelBox[0] - h && g[0]!.box[0] < labelBox[0] + 4 * h);
  return group ?? [];
}

/** A value is set at most a few times its label's size; a far taller "word" is a reader's reading of
 * a picture beside it (the holder's photo), and would widen the column gap enough to join the value. */
const MAX_VALUE_TO_LABEL = 3;
const tooTall = (w: Word, labelHeight: number): boolean => height(w.box) > MAX_VALUE_TO_LABEL * labelHeight;

export type Direction = 'below' | 'above' | 'right' | 'left';
/** Preference when as many labels find their value one way as another. */
const DIRECTIONS: readonly Direction[] = ['below', 'right', 'above', 'left'];

interface Candidate {
  words: Word[];
  /** Distance from the label, in label heights. */
  gap: number;
}

/** The first line under (or over) the label that has words in its column; none when that is another label. */
function valueVertical(hit: LabelHit, page: PageText, isLabel: (text: string) => boolean, down: boolean): Candidate | null {
  const labelBox = union(hit.words.map((w) => w.box));
  const h = height(labelBox);
  const gapOf = (l: Line): number => (down ? l.box[1] - labelBox[3] : labelBox[1] - l.box[3]);
  const lines = page.lines
    .filter((l) => l !== hit.line && (down ? l.box[1] >= labelBox[1] + h * 0.5 : l.box[3] <= labelBox[3] - h * 0.5) && gapOf(l) <= MAX_DROP * h)
    .sort((a, b) => gapOf(a) - gapOf(b));
  for (const line of lines) {
    const words = firstColumnRun(
      line.words.filter((w) => !tooTall(w, h)),
      labelBox,
    );
    if (words.length === 0) continue;
    // reaching the next label along the column means this one's value was not read
    return isLabel(textOf(words)) ? null : { words, gap: Math.max(0, gapOf(line)) / h };
  }
  return null;
}

/** The nearest group of words beside the label in its row, to its right or left; none when that is another label. */
function valueBeside(hit: LabelHit, page: PageText, isLabel: (text: string) => boolean, right: boolean): Candidate | null {
  const labelBox = union(hit.words.map((w) => w.box));
  const h = height(labelBox);
  const cy = (labelBox[1] + labelBox[3]) / 2;
  const inRow = (b: Box): boolean => Math.abs((b[1] + b[3]) / 2 - cy) <= 0.5 * Math.max(h, height(b));
  const side = (b: Box): boolean => (right ? b[0] >= labelBox[2] - h * 0.1 : b[2] <= labelBox[0] + h * 0.1);
  const words = page.lines
    .filter((l) => l === hit.line || inRow(l.box))
    .flatMap((l) => l.words)
    .filter((w) => !hit.words.includes(w) && !tooTall(w, h) && inRow(w.box) && side(w.box));
  if (words.length === 0) return null;
  // words set close before a label are its own ("Issuing" of "Issuing authority"), not a value
  const groups = columnGroups(right ? words : [...words, ...hit.words]).filter((g) => !g.some((w) => hit.words.includes(w)));
  if (groups.length === 0) return null;
  const group = right ? groups[0]! : groups[groups.length - 1]!;
  if (isLabel(textOf(group))) return null;
  const gap = right ? group[0]!.box[0] - labelBox[2] : labelBox[0] - group[group.length - 1]!.box[2];
  return { words: group, gap: Math.max(0, gap) / h };
}

/** A value neither starts nor ends with a "word" of no letter or digit (a reader's reading of a rule or a wave). */
function trimmed(words: Word[]): Word[] {
  const real = (w: Word): boolean => /[\p{L}\p{N}]/u.test(w.text);
  const first = words.findIndex(real);
  if (first < 0) return [];
  let last = words.length - 1;
  while (!real(words[last]!)) last--;
  return words.slice(first, last + 1);
}

const textOf = (words: Word[]): string =>
  words
    .map((w) => w.text)
    .join(' ')
    .trim();

function candidate(hit: LabelHit, page: PageText, isLabel: (text: string) => boolean, direction: Direction): Candidate | null {
  const found =
    direction === 'below' || direction === 'above'
      ? valueVertical(hit, page, isLabel, direction === 'below')
      : valueBeside(hit, page, isLabel, direction === 'right');
  if (!found) return null;
  const words = trimmed(found.words);
  const text = textOf(words);
  return text && (!hit.spec.accepts || hit.spec.accepts(text)) ? { ...found, words } : null;
}

/** The page's labels, each one's candidate value per direction, and the page's arrangement: the
 * direction most labels find their nearest value in (null when no label found any). */
function arrangement(page: PageText, specs: readonly LabelSpec[], known: readonly RegExp[]) {
  const hits = findLabels(page, specs);
  const isLabel = (text: string): boolean => known.some((re) => re.test(searchable(text)));
  const options = hits.map((hit) => new Map(DIRECTIONS.map((d) => [d, candidate(hit, page, isLabel, d)] as const)));
  // each label votes for the direction of its nearest value; the page's arrangement is the most voted
  const votes = new Map<Direction, number>();
  for (const [i, found] of options.entries()) {
    let best: Direction | null = null;
    for (const d of DIRECTIONS) {
      const c = found.get(d);
      if (c && (best === null || c.gap < found.get(best)!.gap)) best = d;
    }
    if (best) votes.set(best, (votes.get(best) ?? 0) + (hits[i]!.spec.shaped ? 2 : 1));
  }
  const direction = votes.size ? DIRECTIONS.reduce((a, b) => ((votes.get(b) ?? 0) > (votes.get(a) ?? 0) ? b : a)) : null;
  return { hits, isLabel, options, direction };
}

/** Where the page sets its values against their labels (see `arrangement`): under, over, to the
 * right or to the left of them; null when no label found a value. */
export function labelledArrangement(page: PageText, specs: readonly LabelSpec[], known: readonly RegExp[] = specs.map((s) => s.label)): Direction | null {
  return arrangement(page, specs, known).direction;
}

/** Every labelled value found on the page, first hit per key. `known` are every label the page may
 * print (also of fields not read here): a value is never one of them. */
export function readLabelledValues(page: PageText, specs: readonly LabelSpec[], known: readonly RegExp[] = specs.map((s) => s.label)): VizValue[] {
  const { hits, isLabel, options, direction } = arrangement(page, specs, known);
  const out = new Map<string, VizValue>();
  hits.forEach((hit, i) => {
    if (out.has(hit.spec.key)) return;
    // after a colon, the words up to the next column (an Arabic label at the row's end is not the value)
    const inline = hit.after.length > 0 ? trimmed(columnGroups(hit.after)[0]!) : [];
    const after = textOf(inline);
    const words =
      after && (!hit.spec.accepts || hit.spec.accepts(after)) && !isLabel(after) ? inline : direction ? options[i]!.get(direction)?.words : undefined;
    if (!words) return;
    out.set(hit.spec.key, {
      key: hit.spec.key,
      text: textOf(words),
      region: { page: page.page, box: union(words.map((w) => w.box)) },
      confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
    });
  });
  return [...out.values()];
}
