import type { FieldKind } from '../domain/normalise.js';
import { fieldsByKey, fieldsInOrder, withProblem, type FieldReading } from '../domain/field.js';
import type { Problem } from '../domain/problem.js';
import type { Box, PageText, ReaderOutput, Word } from '../readers/types.js';
import { detectIdentity } from './identity/detect.js';
import { isArabicLabelWord, type LabelName } from './identity/labels.js';
import { qidInconsistencies } from './identity/qid-number.js';
import { readVizFields, vizExtracted, type VizField } from './identity/viz-fields.js';
import type { Doctype, ExtractContext, ExtractedValue, FieldSpec, RulesContext, RulesOutcome } from './types.js';

/** Qatar residence ID (QID): no MRZ, so every field rests on the readers; the ID number's own
 * structure (century and year of birth, nationality code) is checked against the card. */

const FIELDS: FieldSpec[] = [
  { key: 'id_number', label: 'ID number', kind: 'code', isKey: true, required: true },
  { key: 'name_en', label: 'Name', kind: 'name', isKey: true, required: true },
  { key: 'name_ar', label: 'Name (Arabic)', kind: 'text' },
  { key: 'nationality', label: 'Nationality', kind: 'name', isKey: true },
  { key: 'date_of_birth', label: 'Date of birth', kind: 'date', isKey: true, required: true },
  { key: 'expiry_date', label: 'Date of expiry', kind: 'date', isKey: true, required: true },
  { key: 'occupation', label: 'Occupation', kind: 'text' },
];
const KINDS: Record<string, FieldKind> = Object.fromEntries(FIELDS.map((f) => [f.key, f.kind]));
export const QID_LABELS: LabelName[] = ['id_number', 'name_en', 'nationality', 'qid_date_of_birth', 'qid_expiry_date', 'occupation'];

const ARABIC = /[\u0600-\u06FF]/g;
/** Card titles in Arabic ("State of Qatar", "residence permit"), not a holder's name. */
const ARABIC_TITLES = /دولة|قطر|رخصة|إقامة|اقامة|الإقامة|بطاقة/;

/** The holder's name in Arabic: the words of a line, other than an Arabic label, that are mostly
 * Arabic letters and no card title, nearest to the English name when that was found. */
export function arabicName(page: PageText, near: number | null): { text: string; box: Box; confidence: number; words: Word[] } | null {
  const names = page.lines.flatMap((l) => {
    const words = l.words.filter((w) => !isArabicLabelWord(w.text));
    const text = words.map((w) => w.text).join(' ');
    const letters = text.replace(/[\s\d\p{P}]/gu, '');
    if (letters.length < 4 || (text.match(ARABIC)?.length ?? 0) < letters.length * 0.6 || ARABIC_TITLES.test(text)) return [];
    const box: Box = [
      Math.min(...words.map((w) => w.box[0])),
      Math.min(...words.map((w) => w.box[1])),
      Math.max(...words.map((w) => w.box[2])),
      Math.max(...words.map((w) => w.box[3])),
    ];
    return [{ text, box, confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length, words }];
  });
  if (names.length === 0) return null;
  const distance = (n: { box: Box }): number => (near === null ? -(n.box[2] - n.box[0]) : Math.abs((n.box[1] + n.box[3]) / 2 - near));
  return names.reduce((a, b) => (distance(b) < distance(a) ? b : a));
}

/** The Arabic labels of the card by the field whose English label they stand beside, each by a
 * part the Arabic engine reads whole even when it misreads the rest ("الرقم الشخصوم", "لاسم"). */
export const ARABIC_FIELD_LABELS: ReadonlyArray<{ label: RegExp; key: string; spec: LabelName }> = [
  { label: /الرقم|الشخص|رقم الهوية/, key: 'id_number', spec: 'id_number' },
  { label: /تاريخ الميلاد/, key: 'date_of_birth', spec: 'qid_date_of_birth' },
  { label: /تاريخ الانتهاء/, key: 'expiry_date', spec: 'qid_expiry_date' },
  { label: /الجنسية/, key: 'nationality', spec: 'nationality' },
  { label: /المهنة/, key: 'occupation', spec: 'occupation' },
  { label: /اسم/, key: 'name_en', spec: 'name_en' },
];
export const QID_KINDS = KINDS;

/** A visual-zone field as a QID value: the ID number is its digits. */
export function qidExtracted(f: VizField): ExtractedValue {
  const value = vizExtracted(f);
  if (f.key === 'id_number') value.value = f.raw.replace(/\s/g, '').replace(/\D/g, '') || null;
  return value;
}

/** Lines whose last words line up on their right edge with at least this many other lines' make a column. */
const ROW_END_LINES = 2;

/** The last words of the page's lines whose right edges line up (within `within` of the word, page
 * fraction) with the last words of at least ROW_END_LINES other lines: where the card sets its
 * Arabic labels, right to left at the rows' ends, and the English read makes Latin of them. */
export function rowEndColumn(page: PageText, within: (w: Word) => number): Word[] {
  const last = page.lines.flatMap((l) => (l.words.length ? [l.words.reduce((a, b) => (b.box[2] > a.box[2] ? b : a))] : []));
  return last.filter((w) => last.filter((o) => o !== w && Math.abs(o.box[2] - w.box[2]) <= within(w)).length >= ROW_END_LINES);
}

const inside = (w: Word, [x0, y0, x1, y1]: Box): boolean => w.box[0] >= x0 && w.box[1] >= y0 && w.box[2] <= x1 && w.box[3] <= y1;

/** The visual zone's fields. A value that runs into the column of Arabic labels at the rows' ends
 * (a long name set close to its row's label: "HASSAN AL-MANSOURI oi") is read again without that
 * column's words, when most of them belong to no value (they are labels, not values set flush right). */
function vizFields(page: PageText): VizField[] {
  const fields = readVizFields(page, QID_LABELS, KINDS);
  const ends = rowEndColumn(page, (w) => 0.25 * (w.box[3] - w.box[1]));
  const inValue = (w: Word): boolean => fields.some((f) => inside(w, f.viz.region.box));
  const taken = ends.filter(inValue);
  if (taken.length === 0 || taken.length * 2 >= ends.length) return fields;
  const apart = new Set(taken);
  const lines = page.lines.flatMap((l) => {
    const words = l.words.filter((w) => !apart.has(w));
    if (words.length === l.words.length) return [l];
    const box: Box = [
      Math.min(...words.map((w) => w.box[0])),
      Math.min(...words.map((w) => w.box[1])),
      Math.max(...words.map((w) => w.box[2])),
      Math.max(...words.map((w) => w.box[3])),
    ];
    return words.length ? [{ ...l, text: words.map((w) => w.text).join(' '), words, box }] : [];
  });
  return readVizFields({ ...page, lines }, QID_LABELS, KINDS);
}

function extract(reading: ReaderOutput, _ctx: ExtractContext): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  for (const page of reading.pages) {
    for (const f of vizFields(page)) {
      if (out.some((v) => v.key === f.key)) continue;
      out.push(qidExtracted(f));
    }
    const en = out.find((v) => v.key === 'name_en' && v.region?.page === page.page);
    const ar = out.some((v) => v.key === 'name_ar') ? null : arabicName(page, en?.region ? (en.region.box[1] + en.region.box[3]) / 2 : null);
    if (ar) out.push({ key: 'name_ar', value: ar.text, raw: ar.text, region: { page: page.page, box: ar.box }, confidence: ar.confidence });
  }
  return out;
}

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const text = (f: FieldReading | undefined): string | null => (f && f.status === 'read' && typeof f.value === 'string' ? f.value : null);

async function rules(ctx: RulesContext): Promise<RulesOutcome> {
  const byKey = fieldsByKey(ctx.fields);
  const problems: Problem[] = [];
  const today = isoDay(ctx.now);
  const birth = text(byKey.get('date_of_birth'));
  const expiry = text(byKey.get('expiry_date'));
  if (birth && birth > today)
    byKey.set('date_of_birth', withProblem(byKey.get('date_of_birth')!, 'DATE_NEEDS_REVIEW', `The date of birth ${birth} lies in the future.`));
  if (expiry && /^\d{4}-\d{2}-\d{2}$/.test(expiry) && expiry < today)
    problems.push({ code: 'DOCUMENT_EXPIRED', detail: `The residence permit expired on ${expiry}.`, fields: ['expiry_date'] });
  const id = text(byKey.get('id_number'));
  if (id) {
    const found = qidInconsistencies(id, birth, text(byKey.get('nationality')));
    if (found.length > 0)
      byKey.set('id_number', withProblem(byKey.get('id_number')!, 'CRITICAL_FIELD_INVALID', `The ID number is inconsistent: ${found.join('; ')}.`));
  }
  // the card is Qatar's by definition; the issuing state is not printed as a code
  return { problems, fields: fieldsInOrder(ctx.fields, byKey), issuingCountry: 'QAT' };
}

export const qid: Doctype = {
  type: 'qid',
  fields: FIELDS,
  detect: (input) =>
    detectIdentity(input, {
      codes: [],
      keywords: [/\bRESIDENCY\b/, /\bRESIDENCE PERMIT\b/, /\bSTATE OF QATAR\b/, /\bQATAR\b/],
      nativeKeywords: [/دولة قطر/, /رخصة إقامة/, /إقامة|اقامة/],
    }),
  extract,
  rules,
};
