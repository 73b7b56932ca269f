import { countryCode } from './country-names.js';
import { parseDate, stripDiacritics, type FieldKind } from '../../domain/normalise.js';
import { touchesSide } from '../../readers/support/geometry.js';
import type { PageText, ReaderOutput } from '../../readers/types.js';
import type { ExtractedValue } from '../types.js';
import { KNOWN_LABELS, labelSpecs, type LabelName } from './labels.js';
import { readLabelledValues, type VizValue } from './viz.js';

/** Visual-zone values turned into field values of their kind. Dates are written day first on
 * identity documents (ICAO 9303: 12 AUG 1974; cards: 12/08/1974). */

/** Years a Gregorian date of an identity document can hold; 13xx–14xx read as Hijri. */
const MIN_YEAR = 1880;
const MAX_YEAR = 2100;

export interface VizField {
  key: string;
  kind: FieldKind;
  value: string | null;
  raw: string;
  /** Why the value cannot be taken as read (a date that is not a Gregorian date). */
  problem?: string;
  viz: VizValue;
}

function tidy(kind: FieldKind, text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  switch (kind) {
    case 'name':
      return stripDiacritics(t)
        .toUpperCase()
        .replace(/[^A-Z' -]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    case 'country':
      // a printed name ("UNITED STATES", "ÉTATS-UNIS") as the MRZ's code, so the two can agree
      return countryCode(t) ?? t.toUpperCase().replace(/[^A-Z0-9]/g, '');
    case 'code':
      return t.toUpperCase().replace(/[^A-Z0-9]/g, '');
    case 'sex':
      return t.trim().charAt(0).toUpperCase();
    default:
      return t;
  }
}

/** A printed date as readers garble it, put right where only one reading is possible: a gap
 * inside a number of a date its separators already split ("23/1 1/2032"; a space is no separator
 * there). A month's O read as zero is parseDate's. */
export function printedDate(text: string): string {
  return /\d\s*[./-]\s*\d/.test(text) ? text.replace(/(\d) (?=\d)/g, '$1') : text;
}

/** A printed text as a value of its kind: a date as its ISO day (null when it is no Gregorian date). */
export function printedValue(text: string, kind: FieldKind): string | null {
  if (kind !== 'date') return tidy(kind, text) || null;
  const parsed = parseDate(printedDate(text), 'dmy');
  const year = parsed ? Number(parsed.iso.slice(0, 4)) : NaN;
  return parsed && year >= MIN_YEAR && year <= MAX_YEAR ? parsed.iso : null;
}

export function vizField(v: VizValue, kind: FieldKind): VizField {
  const value = printedValue(v.text, kind);
  if (kind !== 'date' || value !== null) return { key: v.key, kind, value, raw: v.text, viz: v };
  return { key: v.key, kind, value: null, raw: v.text, viz: v, problem: `"${v.text}" is not a Gregorian date` };
}

export function readVizFields(page: PageText, labels: readonly LabelName[], kinds: Readonly<Record<string, FieldKind>>): VizField[] {
  return readLabelledValues(page, labelSpecs(labels), KNOWN_LABELS).map((v) => vizField(v, kinds[v.key] ?? 'text'));
}

/** Every reader's visual-zone reading, for the cross-checks. */
export function vizFieldsOf(
  readings: readonly ReaderOutput[],
  labels: readonly LabelName[],
  kinds: Readonly<Record<string, FieldKind>>,
): Array<VizField & { reader: string }> {
  return readings.flatMap((r) => r.pages.flatMap((p) => readVizFields(p, labels, kinds).map((f) => ({ ...f, reader: r.reader }))));
}

/** A visual-zone field as this reader's value. A date that is not a Gregorian date keeps the text
 * as read and raises DATE_NEEDS_REVIEW, so that it is shown but never published. */
export function vizExtracted(f: VizField, confidenceScale = 1): ExtractedValue {
  const base = { key: f.key, raw: f.raw, region: f.viz.region, confidence: f.viz.confidence * confidenceScale };
  if (f.problem) return { ...base, value: f.raw, problems: ['DATE_NEEDS_REVIEW'], reason: `${f.key.replace(/_/g, ' ')}: ${f.problem}.` };
  if (touchesSide(f.viz.region.box))
    return { ...base, value: null, reason: `${f.key.replace(/_/g, ' ')}: "${f.raw}" runs to the edge of the image and may be cut off; not taken.` };
  return { ...base, value: f.value };
}
