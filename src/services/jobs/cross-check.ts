import { alpha3OfName, isoAlpha3, lookupIssuingState } from '../../doctypes/countries.js';
import { mrzNameForms } from '../../doctypes/identity/compare.js';
import type { FieldValue } from '../../domain/result.js';
import { canonicalCode } from '../../domain/normalise.js';

/** Cross-checks across the documents of one case: the same person must have the same name, date
 * of birth and nationality on every document, and a visa's passport number must be the passport's.
 * Only values that passed on their document (`result.values`) are compared, so a contradiction is
 * between readings each of which stood on its own. */

export interface CaseDocument {
  document_id: string;
  doc_type: string;
  values: Record<string, FieldValue>;
}

export type CrossCheckField = 'name' | 'date_of_birth' | 'nationality' | 'passport_number';

export interface Contradiction {
  code: 'CROSS_CHECK_MISMATCH';
  field: CrossCheckField;
  message: string;
  documents: Array<{ document_id: string; doc_type: string; field: string; value: string }>;
}

interface Fact {
  doc: CaseDocument;
  field: string;
  value: string;
}

const IDENTITY_TYPES = new Set(['passport', 'id_card', 'visa', 'qid', 'cv']);

const text = (v: FieldValue | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function nameOf(doc: CaseDocument): Fact | null {
  const v = doc.values;
  if (doc.doc_type === 'cv') return text(v.full_name) ? { doc, field: 'full_name', value: text(v.full_name)! } : null;
  if (doc.doc_type === 'qid') return text(v.name_en) ? { doc, field: 'name_en', value: text(v.name_en)! } : null;
  const surname = text(v.surname);
  if (!surname) return null;
  const given = text(v.given_names);
  return { doc, field: given ? 'given_names surname' : 'surname', value: given ? `${given} ${surname}` : surname };
}

/** Every ICAO 9303 form of a name as a set of words (Ü → UE or U, ß → SS, diacritics dropped,
 * hyphens and apostrophes as the MRZ writes them). */
function nameTokenSets(name: string): Array<Set<string>> {
  return mrzNameForms(name).map((form) => new Set(form.split(' ').filter(Boolean)));
}

/** Two names agree when, in some transliteration, every word of one is a word of the other: a CV
 * may leave out a middle name, and word order differs between documents. */
export function sameCaseName(a: string, b: string): boolean {
  const as = nameTokenSets(a);
  const bs = nameTokenSets(b);
  const within = (x: Set<string>, y: Set<string>) => x.size > 0 && [...x].every((t) => y.has(t));
  return as.some((x) => bs.some((y) => within(x, y) || within(y, x)));
}

/** ISO alpha-3 for a nationality written as a code (MRZ; Germany's D) or as a country name. */
export function nationalityCode(value: string): string | null {
  const code = value.trim().toUpperCase().replace(/<+$/, '');
  if (code !== isoAlpha3(code)) return isoAlpha3(code);
  if (/^[A-Z]{3}$/.test(code)) return lookupIssuingState(code) ? code : null;
  return alpha3OfName(value.trim(), 'en');
}

function facts(docs: CaseDocument[], pick: (d: CaseDocument) => Fact | null): Fact[] {
  return docs.map(pick).filter((f): f is Fact => f !== null);
}

/** Groups facts by agreement; more than one group is a contradiction naming every document. */
function disagreement(field: CrossCheckField, list: Fact[], same: (a: string, b: string) => boolean, what: string): Contradiction | null {
  if (list.length < 2) return null;
  const first = list[0]!;
  if (list.every((f) => same(first.value, f.value) && list.every((g) => same(f.value, g.value)))) return null;
  return {
    code: 'CROSS_CHECK_MISMATCH',
    field,
    message: `The documents of this job disagree on the ${what}: ${list.map((f) => `${f.doc.doc_type} ${f.doc.document_id} says ${JSON.stringify(f.value)}`).join('; ')}.`,
    documents: list.map((f) => ({ document_id: f.doc.document_id, doc_type: f.doc.doc_type, field: f.field, value: f.value })),
  };
}

export function crossCheck(all: CaseDocument[]): Contradiction[] {
  const docs = all.filter((d) => IDENTITY_TYPES.has(d.doc_type));
  const out: Array<Contradiction | null> = [
    disagreement('name', facts(docs, nameOf), sameCaseName, 'holder’s name'),
    disagreement(
      'date_of_birth',
      facts(docs, (d) => (text(d.values.date_of_birth) ? { doc: d, field: 'date_of_birth', value: text(d.values.date_of_birth)! } : null)),
      (a, b) => a === b,
      'date of birth',
    ),
    disagreement(
      'nationality',
      facts(docs, (d) => {
        const v = text(d.values.nationality);
        return v && nationalityCode(v) ? { doc: d, field: 'nationality', value: v } : null;
      }),
      (a, b) => nationalityCode(a) === nationalityCode(b),
      'nationality',
    ),
    visaPassportNumber(docs),
  ];
  return out.filter((c): c is Contradiction => c !== null);
}

const sameNumber = (a: string, b: string) => canonicalCode(a).replace(/</g, '') === canonicalCode(b).replace(/</g, '');

/** A visa names the passport it is in: its passport number must be one of the case's passports'
 * (two passports, an old and a renewed one, are no contradiction by themselves). */
function visaPassportNumber(docs: CaseDocument[]): Contradiction | null {
  const passports = facts(docs, (d) =>
    d.doc_type === 'passport' && text(d.values.document_number) ? { doc: d, field: 'document_number', value: text(d.values.document_number)! } : null,
  );
  const visas = facts(docs, (d) =>
    d.doc_type === 'visa' && text(d.values.passport_number) ? { doc: d, field: 'passport_number', value: text(d.values.passport_number)! } : null,
  );
  if (passports.length === 0) return null;
  const unmatched = visas.filter((v) => !passports.some((p) => sameNumber(p.value, v.value)));
  if (unmatched.length === 0) return null;
  const list = [...passports, ...unmatched];
  return {
    code: 'CROSS_CHECK_MISMATCH',
    field: 'passport_number',
    message: `A visa names a passport number that no passport of this job has: ${list.map((f) => `${f.doc.doc_type} ${f.doc.document_id} says ${JSON.stringify(f.value)}`).join('; ')}.`,
    documents: list.map((f) => ({ document_id: f.doc.document_id, doc_type: f.doc.doc_type, field: f.field, value: f.value })),
  };
}
