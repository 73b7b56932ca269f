import { checkDigit } from './check-digit.js';
import { LAYOUTS, type FieldLayout } from './formats.js';
import type { MrzFormat, MrzSpan } from './types.js';

/** Writes a well-formed MRZ from field values: test fixtures, benchmarks and rendered specimens.
 * Values use MRZ characters already (A–Z, 0–9); spaces in names become `<`. */
export interface MrzInput {
  format: MrzFormat;
  documentCode: string;
  issuingState: string;
  surname: string;
  /** Given names; on the French card separate names with ", ". */
  givenNames: string;
  documentNumber: string;
  /** Not on the French card. */
  nationality?: string;
  /** YYMMDD (or with `<<` for an unknown day or month). */
  birthDate: string;
  sex: 'M' | 'F' | 'X';
  /** YYMMDD; not on the French card. */
  expiryDate?: string;
  personalNumber?: string;
  optionalData?: string;
  optionalData2?: string;
}

type Row = string[];

function write(rows: Row[], span: MrzSpan, value: string): void {
  const text = value.slice(0, span.end - span.start);
  for (let i = 0; i < text.length; i++) rows[span.line]![span.start + i] = text[i]!;
}

const read = (rows: Row[], span: MrzSpan): string => rows[span.line]!.slice(span.start, span.end).join('');
const mrzText = (s: string): string =>
  s
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '<');

function valueFor(f: FieldLayout, input: MrzInput): string {
  switch (f.name) {
    case 'document_code':
      return input.documentCode;
    case 'issuing_state':
      return input.issuingState;
    case 'document_number':
      return input.documentNumber;
    case 'nationality':
      return input.nationality ?? '';
    case 'date_of_birth':
      return input.birthDate;
    case 'sex':
      return input.sex === 'X' ? '<' : input.sex;
    case 'expiry_date':
      return input.expiryDate ?? '';
    case 'personal_number':
      return input.personalNumber ?? '';
    case 'optional_data':
      return input.optionalData ?? '';
    case 'optional_data_2':
      return input.optionalData2 ?? '';
  }
}

export function composeMrz(input: MrzInput): string[] {
  const layout = LAYOUTS[input.format];
  const rows: Row[] = Array.from({ length: layout.lineCount }, () => Array<string>(layout.lineLength).fill('<'));
  const long = layout.longNumber && input.documentNumber.length > 9;
  for (const f of layout.fields) {
    const value = valueFor(f, input);
    if (f.name === 'optional_data' && long) {
      const overflow = input.documentNumber.slice(9);
      write(rows, f.span, overflow + checkDigit(input.documentNumber) + value);
      continue;
    }
    write(rows, f.span, value);
    if (!f.check) continue;
    if (f.name === 'document_number' && long) continue; // its check position holds the `<` flag
    const emptyOptional = f.check.optional && /^<*$/.test(read(rows, f.span));
    rows[f.check.line]![f.check.position] = emptyOptional ? '<' : String(checkDigit(read(rows, f.span)));
  }
  const names = layout.names;
  if (names.kind === 'combined') {
    write(rows, names.span, `${mrzText(input.surname)}<<${mrzText(input.givenNames)}`);
  } else {
    write(rows, names.surname, mrzText(input.surname));
    write(rows, names.given, input.givenNames.split(',').map(mrzText).join('<<'));
  }
  const c = layout.composite;
  if (c) rows[c.line]![c.position] = String(checkDigit(c.ranges.map((r) => read(rows, r)).join('')));
  return rows.map((r) => r.join(''));
}
