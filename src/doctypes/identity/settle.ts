import { absentByCheck, settled, type FieldCandidate, type FieldReading } from '../../domain/field.js';
import { canonical } from '../../domain/normalise.js';
import { stripDiacritics } from '../../domain/normalise.js';
import { distinctEngines, type ReaderOutput } from '../../readers/types.js';
import type { MrzFieldName } from '../mrz/index.js';
import { sameValue } from './compare.js';
import { MRZ_FIELD_KEYS } from './mrz-fields.js';
import type { MrzReading } from './mrz-reading.js';

/** Disputes among the readings of an MRZ document that the document itself settles. */

/** Fewest letters a name must have to be looked for in the print's free text. */
const MIN_NAME_LETTERS = 3;

export type CompareKind = Parameters<typeof sameValue>[0];

/** One reader's reading of a field's printed value (the visual zone). */
export interface PrintedValue {
  reader: string;
  /** As read; names are compared in this form so that Ü can be the MRZ's UE. */
  raw: string;
  /** In the field's kind (an ISO date, a country's code), null when it is no value of the kind. */
  value: string | null;
}

/** The one candidate the print reads alike, when the print reads no other candidate alike and the
 * candidate's readers and the print's together are two engines: the same value in two forms (the
 * MRZ's and the print's), by two engines, corroborates it. A paddle "OUSPE" against the MRZ's
 * "QUISPE" that Tesseract read and Paddle printed "QUISPE" is a misreading, not a dispute. */
export function printBacked(
  kind: CompareKind,
  candidates: readonly FieldCandidate[],
  printed: readonly PrintedValue[],
  truncated: boolean,
): { value: string; readers: string[] } | null {
  const groups = new Map<string, FieldCandidate[]>();
  for (const c of candidates) {
    const key = typeof c.value === 'string' ? canonical(kind, c.value) : null;
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const backed = [...groups.values()].flatMap((group) => {
    const value = group[0]!.value as string;
    const prints = printed.filter((p) => {
      const text = kind === 'name' ? p.raw : p.value;
      return text !== null && sameValue(kind, value, text, truncated) === true;
    });
    return prints.length > 0 ? [{ value, readers: [...group.map((c) => c.reader), ...prints.map((p) => p.reader)] }] : [];
  });
  if (backed.length !== 1 || distinctEngines(backed[0]!.readers) < 2) return null;
  return backed[0]!;
}

/** A disputed field the MRZ and the print both give, settled by the print (see printBacked). */
export function settleByPrint(field: FieldReading, kind: CompareKind, printed: readonly PrintedValue[], truncated: boolean): FieldReading {
  if (field.status !== 'conflict') return field;
  const found = printBacked(kind, field.candidates, printed, truncated);
  if (!found) return field;
  const readers = [...new Set(found.readers)].join(', ');
  return settled(
    field,
    found.value,
    'reader_agree',
    `The readers disagreed on ${field.label}; "${found.value}" is the one reading the visual zone prints alike (read by ${readers}), the others misreadings.`,
  );
}

/** Optional data covered by the composite check digit: a reading whose checks all pass and whose
 * field is all fillers says the document holds none, and unchecked readings of something there
 * (a filler read as R) are misreadings, not a dispute. */
export function settleEmptyByCheck(field: FieldReading, mrzs: readonly MrzReading[]): FieldReading {
  if (field.status !== 'conflict') return field;
  const name = (Object.keys(MRZ_FIELD_KEYS) as MrzFieldName[]).find((n) => MRZ_FIELD_KEYS[n] === field.key);
  if (!name) return field;
  const checked = mrzs.flatMap((m) => {
    const f = m.result.fields[name];
    return f && m.result.valid && f.status === 'valid' && f.evidence.includes('mrz_checksum') ? [f] : [];
  });
  if (checked.length === 0 || checked.some((f) => f.value)) return field;
  return absentByCheck(field, `The MRZ reading whose check digits all pass, the composite included, holds no ${field.label}; other readings are misreadings.`);
}

/** A print line holds this form of a name as whole words: its letters, spaces and hyphens as one
 * space each. */
const spelled = (s: string): string =>
  ` ${stripDiacritics(s)
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim()} `;

/** Names the print gives where its label was not made out (a reader's "civen navies:" for "GIVEN
 * NAMES:"): every reading's print line (MRZ lines, which hold fillers, aside) that spells one of
 * the disputed names as whole words, as that reader's print of it. Used only when no label was
 * paired with a value, so that a name printed for another field does not stand in for this one's. */
export function namesInPrint(readings: readonly ReaderOutput[], candidates: readonly FieldCandidate[]): PrintedValue[] {
  const names = [...new Set(candidates.flatMap((c) => (typeof c.value === 'string' ? [c.value] : [])))].filter(
    (n) => spelled(n).trim().length >= MIN_NAME_LETTERS,
  );
  return readings.flatMap((r) =>
    r.pages.flatMap((p) =>
      p.lines
        .filter((l) => !l.text.includes('<'))
        .flatMap((l) => names.filter((n) => spelled(l.text).includes(spelled(n))).map((n) => ({ reader: r.reader, raw: n, value: n }))),
    ),
  );
}
