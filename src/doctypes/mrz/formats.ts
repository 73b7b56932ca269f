import type { CharClass } from './charset.js';
import type { MrzCheckName, MrzFieldName, MrzFormat, MrzSpan } from './types.js';

/** Field layouts per format (ICAO 9303 parts 4–7; the French card from its published layout). */

export interface CheckLayout {
  name: MrzCheckName;
  line: number;
  position: number;
  /** The protected field may be all fillers, and then its check digit may be `<` or 0. */
  optional?: boolean;
}

export interface FieldLayout {
  name: Exclude<MrzFieldName, 'surname' | 'given_names'>;
  span: MrzSpan;
  cls: CharClass;
  /** Per position from the span's start, where a field's parts differ in class (the French card's
   * administrative code: a department that may hold letters, then an office of digits). */
  classes?: readonly CharClass[];
  check?: CheckLayout;
}

/** The class of the character at `position` of a field's line. */
export const classAt = (f: { span: MrzSpan; cls: CharClass; classes?: readonly CharClass[] }, position: number): CharClass =>
  f.classes?.[position - f.span.start] ?? f.cls;

/** ICAO formats hold both names in one span, surname first and `<<` before the given names; the
 * French card has a surname span on line 1 and a given-names span on line 2, `<<` between names. */
export type NamesLayout = { kind: 'combined'; span: MrzSpan } | { kind: 'separate'; surname: MrzSpan; given: MrzSpan };

export interface FormatLayout {
  format: MrzFormat;
  lineCount: number;
  lineLength: number;
  fields: FieldLayout[];
  names: NamesLayout;
  composite: { ranges: MrzSpan[]; line: number; position: number } | null;
  /** TD1 and TD2: a document number longer than 9 characters has `<` in its check-digit position
   * and continues in the optional data, its check digit after the overflow. */
  longNumber: boolean;
}

const span = (line: number, start: number, end: number): MrzSpan => ({ line, start, end });
const check = (name: MrzCheckName, line: number, position: number, optional = false): CheckLayout =>
  optional ? { name, line, position, optional } : { name, line, position };

const header = (): FieldLayout[] => [
  { name: 'document_code', span: span(0, 0, 2), cls: 'alpha' },
  { name: 'issuing_state', span: span(0, 2, 5), cls: 'alpha' },
];

/** Line 2 of TD2, TD3 and both visas up to the expiry check digit. */
const dataLine = (): FieldLayout[] => [
  { name: 'document_number', span: span(1, 0, 9), cls: 'alnum', check: check('document_number', 1, 9) },
  { name: 'nationality', span: span(1, 10, 13), cls: 'alpha' },
  { name: 'date_of_birth', span: span(1, 13, 19), cls: 'date', check: check('date_of_birth', 1, 19) },
  { name: 'sex', span: span(1, 20, 21), cls: 'sex' },
  { name: 'expiry_date', span: span(1, 21, 27), cls: 'date', check: check('expiry_date', 1, 27) },
];

const TD1: FormatLayout = {
  format: 'TD1',
  lineCount: 3,
  lineLength: 30,
  fields: [
    ...header(),
    { name: 'document_number', span: span(0, 5, 14), cls: 'alnum', check: check('document_number', 0, 14) },
    { name: 'optional_data', span: span(0, 15, 30), cls: 'alnum' },
    { name: 'date_of_birth', span: span(1, 0, 6), cls: 'date', check: check('date_of_birth', 1, 6) },
    { name: 'sex', span: span(1, 7, 8), cls: 'sex' },
    { name: 'expiry_date', span: span(1, 8, 14), cls: 'date', check: check('expiry_date', 1, 14) },
    { name: 'nationality', span: span(1, 15, 18), cls: 'alpha' },
    { name: 'optional_data_2', span: span(1, 18, 29), cls: 'alnum' },
  ],
  names: { kind: 'combined', span: span(2, 0, 30) },
  composite: { ranges: [span(0, 5, 30), span(1, 0, 7), span(1, 8, 15), span(1, 18, 29)], line: 1, position: 29 },
  longNumber: true,
};

const TD2: FormatLayout = {
  format: 'TD2',
  lineCount: 2,
  lineLength: 36,
  fields: [...header(), ...dataLine(), { name: 'optional_data', span: span(1, 28, 35), cls: 'alnum' }],
  names: { kind: 'combined', span: span(0, 5, 36) },
  composite: { ranges: [span(1, 0, 10), span(1, 13, 20), span(1, 21, 35)], line: 1, position: 35 },
  longNumber: true,
};

const TD3: FormatLayout = {
  format: 'TD3',
  lineCount: 2,
  lineLength: 44,
  fields: [
    ...header(),
    ...dataLine(),
    {
      name: 'personal_number',
      span: span(1, 28, 42),
      cls: 'alnum',
      check: check('personal_number', 1, 42, true),
    },
  ],
  names: { kind: 'combined', span: span(0, 5, 44) },
  composite: { ranges: [span(1, 0, 10), span(1, 13, 20), span(1, 21, 43)], line: 1, position: 43 },
  longNumber: false,
};

const MRV_A: FormatLayout = {
  format: 'MRV-A',
  lineCount: 2,
  lineLength: 44,
  fields: [...header(), ...dataLine(), { name: 'optional_data', span: span(1, 28, 44), cls: 'alnum' }],
  names: { kind: 'combined', span: span(0, 5, 44) },
  composite: null,
  longNumber: false,
};

const MRV_B: FormatLayout = {
  format: 'MRV-B',
  lineCount: 2,
  lineLength: 36,
  fields: [...header(), ...dataLine(), { name: 'optional_data', span: span(1, 28, 36), cls: 'alnum' }],
  names: { kind: 'combined', span: span(0, 5, 36) },
  composite: null,
  longNumber: false,
};

/** optional_data holds the card's administrative code: the department of issue (digits; Corsica's
 * are 2A and 2B) and the office of issue (digits), or fillers. */
const FRENCH_ID: FormatLayout = {
  format: 'FRENCH_ID',
  lineCount: 2,
  lineLength: 36,
  fields: [
    ...header(),
    { name: 'optional_data', span: span(0, 30, 36), cls: 'alnum', classes: ['alnum', 'alnum', 'alnum', 'digits', 'digits', 'digits'] },
    { name: 'document_number', span: span(1, 0, 12), cls: 'alnum', check: check('document_number', 1, 12) },
    { name: 'date_of_birth', span: span(1, 27, 33), cls: 'date', check: check('date_of_birth', 1, 33) },
    { name: 'sex', span: span(1, 34, 35), cls: 'sex' },
  ],
  names: { kind: 'separate', surname: span(0, 5, 30), given: span(1, 13, 27) },
  composite: { ranges: [span(0, 0, 36), span(1, 0, 35)], line: 1, position: 35 },
  longNumber: false,
};

export const LAYOUTS: Readonly<Record<MrzFormat, FormatLayout>> = {
  TD1,
  TD2,
  TD3,
  'MRV-A': MRV_A,
  'MRV-B': MRV_B,
  FRENCH_ID,
};

/** Formats a group of lines could be, by count, length and first letter; French-card candidates
 * are returned beside TD2 for the caller to decide on the check digits. */
export function candidateFormats(lineCount: number, length: number, firstLine: string): MrzFormat[] {
  const isVisa = firstLine.startsWith('V');
  if (lineCount === 3 && length === 30) return ['TD1'];
  if (lineCount !== 2) return [];
  if (length === 44) return [isVisa ? 'MRV-A' : 'TD3'];
  if (length !== 36) return [];
  if (isVisa) return ['MRV-B'];
  return firstLine.startsWith('IDFRA') ? ['FRENCH_ID', 'TD2'] : ['TD2'];
}

/** A field with its check digit resolved against the characters actually read. */
export interface ResolvedField {
  name: FieldLayout['name'];
  span: MrzSpan;
  cls: CharClass;
  classes?: readonly CharClass[];
  check?: CheckLayout;
}

/** Resolves a layout's fields on the given lines: only the TD1/TD2 long document number moves
 * anything (its end and check digit come from where the overflow in the optional data stops). */
export function resolveFields(layout: FormatLayout, lines: readonly string[]): ResolvedField[] {
  const fields: ResolvedField[] = layout.fields.map((f) => ({ ...f }));
  if (!layout.longNumber) return fields;
  const doc = fields.find((f) => f.name === 'document_number')!;
  const opt = fields.find((f) => f.name === 'optional_data')!;
  const docCheck = doc.check!;
  if (lines[docCheck.line]?.[docCheck.position] !== '<') return fields;
  const optText = lines[opt.span.line]!.slice(opt.span.start, opt.span.end);
  const stop = optText.indexOf('<') === -1 ? optText.length : optText.indexOf('<');
  if (stop < 2) return fields;
  const checkPosition = opt.span.start + stop - 1;
  doc.span = { line: doc.span.line, start: doc.span.start, end: checkPosition };
  doc.check = { ...docCheck, position: checkPosition };
  opt.span = { line: opt.span.line, start: checkPosition + 1, end: opt.span.end };
  return fields;
}

/** The text of a field: for a long document number, the `<` that flags the overflow is skipped. */
export function fieldText(field: ResolvedField, layout: FormatLayout, lines: readonly string[]): string {
  const text = lines[field.span.line]!.slice(field.span.start, field.span.end);
  const flag = layout.fields.find((f) => f.name === field.name)?.check;
  if (field.name === 'document_number' && flag && field.check && field.check.position !== flag.position) {
    const at = flag.position - field.span.start;
    return text.slice(0, at) + text.slice(at + 1);
  }
  return text;
}

/** Per position of each line, the character classes a format admits there. */
export function positionClasses(layout: FormatLayout): CharClass[][] {
  const lines = Array.from({ length: layout.lineCount }, () => Array<CharClass>(layout.lineLength).fill('alnum'));
  const names = layout.names.kind === 'combined' ? [layout.names.span] : [layout.names.surname, layout.names.given];
  for (const s of names) for (let p = s.start; p < s.end; p++) lines[s.line]![p] = 'alpha';
  for (const f of layout.fields) {
    for (let p = f.span.start; p < f.span.end; p++) lines[f.span.line]![p] = classAt(f, p);
    if (f.check) lines[f.check.line]![f.check.position] = 'check';
  }
  if (layout.composite) lines[layout.composite.line]![layout.composite.position] = 'check';
  return lines;
}
