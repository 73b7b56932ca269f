import type { OutcomeCode } from '../../domain/outcome-codes.js';
import { lookupIssuingState } from '../countries.js';
import { fitsClass, isCheckBlind, safeCheckDigit } from './charset.js';
import { mrzDateToIso } from './dates.js';
import { classAt, fieldText, type FormatLayout, type ResolvedField } from './formats.js';
import { frenchGivenNames, frenchSurname, splitIcaoNames } from './names.js';
import { checkPasses } from './repair.js';
import type { MrzCheck, MrzField, MrzFieldName, MrzProblem, MrzRepair, MrzResult, MrzSpan } from './types.js';

/** Turns repaired lines into fields, checks, evidence and problems.
 *
 * Evidence rule. A field earns `mrz_checksum` only from check digits that cover its characters:
 * - with its own check digit (document number, dates, TD3 personal number): that digit passes, and
 *   so does the composite where the format has one — a failing composite says some covered
 *   character is wrong, and a wrong pair of characters can cancel out in one field's own check;
 * - without one but inside the composite (TD1/TD2 optional data; on the French card also the
 *   names, issuing state and document code): the composite passes and every own check inside it;
 * - covered by nothing (ICAO names, nationality, sex, issuing state, document code): never. A
 *   known country code or a well-formed name is not a checksum; such fields rest on the readers.
 * Fields that fail a check, hold a character their class forbids, give an impossible date or an
 * unknown country are `invalid`: value null (what was read stays in `raw`), never published. */

/** Fields whose failure makes the document's identity unreliable. */
export const KEY_FIELDS: ReadonlySet<MrzFieldName> = new Set([
  'document_number',
  'date_of_birth',
  'expiry_date',
  'surname',
  'given_names',
  'nationality',
  'issuing_state',
]);

const DOCUMENT_CODE_LETTERS = new Set(['A', 'C', 'I', 'P', 'V']);

interface Draft {
  span: MrzSpan;
  value: string | null;
  text: string;
  cls: ResolvedField['cls'] | 'name';
  check?: MrzCheck;
  problems: MrzProblem[];
  /** A name's whole zone: a repair among its fillers moves where the name ends, so it changes the value. */
  zone?: MrzSpan;
}

export interface AssessInput {
  layout: FormatLayout;
  fields: ResolvedField[];
  lines: string[];
  rawLines: string[];
  repairs: MrzRepair[];
  now: Date;
}

export type Assessment = Omit<MrzResult, 'format' | 'lines' | 'repairs'>;

const slice = (lines: readonly string[], s: MrzSpan): string => lines[s.line]!.slice(s.start, s.end);
const trimFill = (s: string): string => s.replace(/<+$/, '');
const within = (s: MrzSpan, r: MrzSpan): boolean => s.line === r.line && s.start >= r.start && s.end <= r.end;

function problem(kind: MrzProblem['kind'], field: MrzProblem['field'], message: string, code: OutcomeCode | null = null): MrzProblem {
  return { kind, code, field, message };
}

function keyCode(field: MrzFieldName): OutcomeCode | null {
  return KEY_FIELDS.has(field) ? 'CRITICAL_FIELD_INVALID' : null;
}

function draftField(f: ResolvedField, input: AssessInput): Draft {
  const text = fieldText(f, input.layout, input.lines);
  const d: Draft = { span: f.span, value: trimFill(text), text, cls: f.cls, problems: [] };
  if (f.check) {
    const actual = input.lines[f.check.line]![f.check.position]!;
    const valid = checkPasses(text, actual, f.check);
    d.check = { name: f.check.name, expected: safeCheckDigit(text), actual, valid, line: f.check.line, position: f.check.position };
    if (!valid) d.problems.push(problem('check_digit_failed', f.name, `${f.name} fails its check digit`, keyCode(f.name)));
  }
  // every position of the span (a long document number's `<` flag included, which its class holds)
  if (![...input.lines[f.span.line]!.slice(f.span.start, f.span.end)].every((ch, i) => fitsClass(ch, classAt(f, f.span.start + i)))) {
    d.problems.push(problem('invalid_character', f.name, `${f.name} holds characters its class (${f.cls}) cannot`, keyCode(f.name)));
    return d;
  }
  if (f.name === 'date_of_birth' || f.name === 'expiry_date') {
    const date = mrzDateToIso(text, f.name === 'date_of_birth' ? 'birth' : 'expiry', input.now);
    d.value = date.iso;
    if (date.problem === 'partial') d.problems.push(problem('partial_date', f.name, `${f.name} leaves the day or month unknown`, 'DATE_NEEDS_REVIEW'));
    else if (date.problem && d.check?.valid)
      d.problems.push(problem('impossible_date', f.name, `${f.name} ${text} is not a Gregorian date`, 'DATE_NEEDS_REVIEW'));
    else if (date.problem) d.value = null;
  } else if (f.name === 'sex') {
    d.value = text === '<' ? 'X' : text;
  } else if (f.name === 'issuing_state' || f.name === 'nationality') {
    if (!lookupIssuingState(text))
      d.problems.push(problem('unknown_country', f.name, `${f.name} ${trimFill(text)} is not a known ICAO or ISO 3166 code`, keyCode(f.name)));
  } else if (f.name === 'document_code' && !DOCUMENT_CODE_LETTERS.has(text[0]!)) {
    d.problems.push(problem('invalid_document_code', f.name, `document code ${text} does not start with A, C, I, P or V`));
  }
  return d;
}

function nameDrafts(input: AssessInput): { surname: Draft; given: Draft; truncated: boolean } {
  const names = input.layout.names;
  const draft = (zone: MrzSpan, part: { text: string; start: number; end: number }, name: MrzFieldName): Draft => {
    const span = { line: zone.line, start: zone.start + part.start, end: zone.start + part.end };
    const zoneText = slice(input.lines, zone);
    const d: Draft = { span, value: part.text, text: slice(input.lines, span), cls: 'name', problems: [], zone };
    if (!/^[A-Z<]*$/.test(zoneText))
      d.problems.push(problem('invalid_character', name, `${name} zone holds characters other than letters and fillers`, keyCode(name)));
    return d;
  };
  if (names.kind === 'combined') {
    const split = splitIcaoNames(slice(input.lines, names.span));
    return { surname: draft(names.span, split.surname, 'surname'), given: draft(names.span, split.given, 'given_names'), truncated: split.truncated };
  }
  const surnameZone = slice(input.lines, names.surname);
  const givenZone = slice(input.lines, names.given);
  const truncated = !surnameZone.endsWith('<') || !givenZone.endsWith('<');
  return {
    surname: draft(names.surname, frenchSurname(surnameZone), 'surname'),
    given: draft(names.given, frenchGivenNames(givenZone), 'given_names'),
    truncated,
  };
}

function compositeCheck(input: AssessInput): MrzCheck | null {
  const c = input.layout.composite;
  if (!c) return null;
  const text = c.ranges.map((r) => slice(input.lines, r)).join('');
  const actual = input.lines[c.line]![c.position]!;
  const expected = safeCheckDigit(text);
  return { name: 'composite', expected, actual, valid: expected !== null && actual === String(expected), line: c.line, position: c.position };
}

/** Check digits weigh characters modulo 10: digits are told apart, letters and fillers are not
 * (F, P and Z all count 5; A, K, U and < count 0). A repair that put a letter or a filler into a
 * value is therefore never proven by a check digit, however well it passes; only the country list
 * can confirm one, or the field's other readings support it. A character that is no MRZ character
 * at all can only be the filler, and a check digit position holds no value. */
function unprovenRepair(r: MrzRepair, input: AssessInput): boolean {
  if (/[0-9]/.test(r.to) || r.reason === 'filler_lookalike' || r.confirmedBy === 'country_list') return false;
  const atCheck = (c: { line: number; position: number } | undefined | null) => c?.line === r.line && c.position === r.position;
  return !input.fields.some((f) => atCheck(f.check)) && !atCheck(input.layout.composite);
}

/** Whether a check digit (a field's own or the composite) covers the repaired position. */
function coveredByCheck(r: MrzRepair, input: AssessInput): boolean {
  const inSpan = (s: { line: number; start: number; end: number }) => r.line === s.line && r.position >= s.start && r.position < s.end;
  return input.fields.some((f) => f.check && inSpan(f.span)) || (input.layout.composite?.ranges.some(inSpan) ?? false);
}

/** A composite check digit proves the fields it covers only when it passed on what was read: once an
 * unproven repair inside its ranges changed a character, its passing may be that repair's doing (a
 * filler repair in one name offsetting a misread in the other). */
function compositeProves(composite: MrzCheck, input: AssessInput): boolean {
  const ranges = input.layout.composite?.ranges ?? [];
  const inRanges = (r: MrzRepair) => ranges.some((s) => r.line === s.line && r.position >= s.start && r.position < s.end);
  return composite.valid && !input.repairs.some((r) => unprovenRepair(r, input) && inRanges(r));
}

function finish(d: Draft, input: AssessInput, composite: MrzCheck | null, ownChecksPass: boolean): MrzField {
  const invalid = d.problems.some((p) => p.kind !== 'partial_date');
  const inComposite = composite !== null && input.layout.composite!.ranges.some((r) => within(d.span, r));
  const checkSpan = d.check ? [{ line: d.check.line, start: d.check.position, end: d.check.position + 1 }] : [];
  const touched = (r: MrzRepair): boolean => [d.zone ?? d.span, ...checkSpan].some((s) => r.line === s.line && r.position >= s.start && r.position < s.end);
  const proven = !input.repairs.some((r) => touched(r) && unprovenRepair(r, input));
  const covered =
    proven && (d.check ? d.check.valid && (composite === null || composite.valid) : inComposite && compositeProves(composite!, input) && ownChecksPass);
  const status = invalid ? 'invalid' : covered ? 'valid' : 'unverified';
  const blindSpots =
    status === 'valid' && d.cls === 'alnum' ? [...slice(input.lines, d.span)].flatMap((ch, i) => (isCheckBlind(ch) ? [d.span.start + i] : [])) : [];
  const field: MrzField = {
    value: status === 'invalid' ? null : d.value,
    raw: slice(input.rawLines, d.span),
    repaired: input.repairs.some(touched),
    positions: d.span,
    status,
    evidence: status === 'valid' ? ['mrz_checksum'] : [],
    blindSpots,
  };
  if (d.check) field.checkDigit = { expected: d.check.expected, actual: d.check.actual, valid: d.check.valid };
  return field;
}

export function assess(input: AssessInput): Assessment {
  const drafts = new Map<MrzFieldName, Draft>();
  for (const f of input.fields) drafts.set(f.name, draftField(f, input));
  const names = nameDrafts(input);
  drafts.set('surname', names.surname);
  drafts.set('given_names', names.given);

  const composite = compositeCheck(input);
  const checks = [...drafts.values()].flatMap((d) => (d.check ? [d.check] : []));
  const ownChecksPass = checks.every((c) => c.valid);
  if (composite) checks.push(composite);

  const problems = [...drafts.values()].flatMap((d) => d.problems);
  if (composite && !composite.valid)
    problems.push(problem('composite_failed', 'composite', 'the composite check digit fails: some covered character is wrong', 'CRITICAL_FIELD_INVALID'));
  if (names.truncated) problems.push(problem('name_truncated', null, 'the name fills its zone and may be truncated'));

  const fields: MrzResult['fields'] = {};
  for (const [name, d] of drafts) fields[name] = finish(d, input, composite, ownChecksPass);

  const birth = fields.date_of_birth?.value;
  const expiry = fields.expiry_date?.value;
  if (birth && expiry && birth.length === 10 && expiry.length === 10 && birth > expiry) {
    problems.push(problem('birth_after_expiry', 'date_of_birth', 'the birth date falls after the expiry date', 'DATE_NEEDS_REVIEW'));
  }
  const issuing = fields.issuing_state;
  return {
    document_code: fields.document_code?.value ?? null,
    fields,
    checks,
    composite,
    // arithmetic alone is not enough: a check can pass over letters standing in a date
    valid:
      checks.length > 0 &&
      checks.every((c) => c.valid) &&
      !problems.some((p) => p.kind === 'invalid_character' && drafts.get(p.field as MrzFieldName)?.check) &&
      !input.repairs.some((r) => unprovenRepair(r, input) && coveredByCheck(r, input)),
    problems,
    issuing_country: issuing && issuing.status !== 'invalid' ? lookupIssuingState(slice(input.lines, issuing.positions)) : null,
    names_truncated: names.truncated,
  };
}
