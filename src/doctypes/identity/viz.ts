import type { Region } from '../../domain/result.js';
import { stripDiacritics } from '../../domain/normalise.js';
import type { Box, Line, PageText, Word } from '../../readers/types.js';

/** The visual zone: values found beside or under their printed labels ("Surname / Nom", "Date of
 * birth"…), by position. Readers put a label and its value on separate lines (value below) or on
 * one line after a colon; a line may also run across columns, so the value is the group of words
 * in the label's own column. */

export interface LabelSpec {
  key: string;
  /** Tested against the line's text lower-cased without diacritics. */
  label: RegExp;
  /** Whether a candidate value is what this field holds (e.g. a date); others are skipped. */
  accepts?: (text: string) => boolean;
}

export interface VizValue {
  key: string;
  text: string;
  region: Region;
  confidence: number;
}

const MAX_LINES = 400;
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
      const [start, end] = [m.index, m.index + m[0].length];
      const covered = offsets.filter((o) => o.end > start && o.start < end);
      if (covered.length === 0) continue;
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
function columnGroups(words: Word[]): Word[][] {
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

function valueBelow(hit: LabelHit, page: PageText, isLabel: (text: string) => boolean): Word[] {
  const labelBox = union(hit.words.map((w) => w.box));
  const h = height(labelBox);
  const below = page.lines
    .filter((l) => l !== hit.line && l.box[1] >= labelBox[1] + h * 0.5 && l.box[1] - labelBox[3] <= MAX_DROP * h)
    .sort((a, b) => a.box[1] - b.box[1]);
  for (const line of below) {
    const words = firstColumnRun(line.words, labelBox);
    if (words.length === 0) continue;
    // reaching the next label down the column means this one's value was not read
    return isLabel(words.map((w) => w.text).join(' ')) ? [] : words;
  }
  return [];
}

/** Every labelled value found on the page, first hit per key. */
export function readLabelledValues(page: PageText, specs: readonly LabelSpec[]): VizValue[] {
  const hits = findLabels(page, specs);
  const isLabel = (text: string): boolean => specs.some((s) => s.label.test(searchable(text)));
  const out = new Map<string, VizValue>();
  for (const hit of hits) {
    if (out.has(hit.spec.key)) continue;
    const candidates = [hit.after, valueBelow(hit, page, isLabel)].filter((ws) => ws.length > 0);
    for (const words of candidates) {
      const text = words
        .map((w) => w.text)
        .join(' ')
        .trim();
      if (!text || (hit.spec.accepts && !hit.spec.accepts(text))) continue;
      out.set(hit.spec.key, {
        key: hit.spec.key,
        text,
        region: { page: page.page, box: union(words.map((w) => w.box)) },
        confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
      });
      break;
    }
  }
  return [...out.values()];
}
