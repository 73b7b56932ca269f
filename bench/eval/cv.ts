/** CV reading accuracy per field: generated CVs in eight layouts and two languages (seeds from 1000,
 * never looked at while tuning) and the labelled samples in `cvs/` (RenderCV PDFs). Documents go
 * through the whole reading (intake, OCR for photos, classification, the CV reader). */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Cv } from '../../src/doctypes/cv/model.js';
import { fold } from '../../src/doctypes/cv/lexicon.js';
import type { FileKind } from '../../src/domain/document-types.js';
import { readDocument, type ReadDeps } from '../../src/pipeline/read-document.js';
import { CV_LAYOUTS, generateVariedCv, type CvLayout } from '../../test/fixtures/documents/cv/varied.js';

export const CV_FIELDS = ['name', 'email', 'phone', 'employers', 'titles', 'institutions', 'dates', 'skills'] as const;
export type CvField = (typeof CV_FIELDS)[number];

/** What a CV says, as labelled. */
export interface CvLabel {
  name: string;
  email: string | null;
  phone: string | null;
  experience: { title: string; employer: string; start: string | null; end: string | null }[];
  education: { institution: string; start: string | null; end: string | null }[];
  skills: string[];
}

/** For the contact facts, `withheld`: left out of `result.cv` (its field went to a person); `wrong`: published and wrong. */
type Tally = Record<CvField, { right: number; total: number; withheld: number; wrong: number }>;
const emptyTally = (): Tally => Object.fromEntries(CV_FIELDS.map((f) => [f, { right: 0, total: 0, withheld: 0, wrong: 0 }])) as Tally;
const same = (a: string | null | undefined, b: string | null | undefined) =>
  fold(a ?? '')
    .replace(/\s+/g, ' ')
    .trim() ===
  fold(b ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/** A name is right only with every accent right: "Soren" published for "Sören" is a wrong name,
 * not a near miss (case and spacing aside). */
const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim() === (b ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Scores one read CV against its label, adding to the tally. */
export function scoreCv(label: CvLabel, cv: Cv | null, t: Tally): void {
  const add = (f: CvField, ok: boolean) => {
    t[f].total++;
    if (ok) t[f].right++;
  };
  const contact = (f: CvField, v: { value: string } | null | undefined, ok: boolean) => {
    add(f, ok);
    if (cv && !v) t[f].withheld++;
    else if (v && !ok) t[f].wrong++;
  };
  contact('name', cv?.contact.name, sameName(label.name, cv?.contact.name?.value));
  if (label.email) contact('email', cv?.contact.email, same(label.email, cv?.contact.email?.value));
  if (label.phone) contact('phone', cv?.contact.phone, (cv?.contact.phone?.value ?? '').replace(/\D/g, '') === label.phone.replace(/\D/g, ''));
  const exp = cv?.experience ?? [];
  // A labelled entry matches the parsed entry of the same employer (institution) not matched before.
  const usedExp = new Set<number>();
  label.experience.forEach((e, i) => {
    const k = exp.findIndex((x, j) => !usedExp.has(j) && same(x.employer, e.employer));
    if (k >= 0) usedExp.add(k);
    const found = k >= 0 ? exp[k] : undefined;
    add('employers', !!found);
    const match = found ?? exp[i];
    add('titles', same(match?.title, e.title));
    add('dates', match?.start === e.start && match?.end === e.end);
  });
  const edu = cv?.education ?? [];
  const usedEdu = new Set<number>();
  label.education.forEach((e, i) => {
    const k = edu.findIndex((x, j) => !usedEdu.has(j) && same(x.institution, e.institution));
    if (k >= 0) usedEdu.add(k);
    const found = k >= 0 ? edu[k] : undefined;
    add('institutions', !!found);
    const match = found ?? edu[i];
    add('dates', match?.start === e.start && match?.end === e.end);
  });
  const skills = new Set((cv?.skills ?? []).map((s) => fold(s.value)));
  for (const s of label.skills) add('skills', skills.has(fold(s)));
}

interface RenderCvEntry {
  company?: string;
  position?: string;
  institution?: string;
  start_date?: string | null;
  end_date?: string | null;
  date?: string | null;
}

/** The labelled RenderCV samples: their generator input as a label. */
function renderCvLabel(path: string): CvLabel {
  const j = JSON.parse(readFileSync(path, 'utf8')) as { name: string; email: string | null; phone: string | null; sections: Record<string, unknown[]> };
  const s = j.sections;
  const exp = (s.experience ?? []) as RenderCvEntry[];
  const edu = (s.education ?? []) as RenderCvEntry[];
  const skills = ((s.skills ?? []) as { details: string }[]).flatMap((x) => x.details.split(/,\s*/));
  return {
    name: j.name,
    email: j.email,
    phone: j.phone,
    experience: exp.map((e) => ({ title: e.position ?? '', employer: e.company ?? '', start: e.start_date ?? e.date ?? null, end: e.end_date ?? null })),
    education: edu.map((e) => ({ institution: e.institution ?? '', start: e.start_date ?? e.date ?? null, end: e.end_date ?? null })),
    skills,
  };
}

const KIND: Record<string, FileKind> = { pdf: 'pdf', docx: 'docx', doc: 'doc', png: 'png', jpeg: 'jpeg' };

async function readCv(bytes: Buffer, kind: FileKind, deps: ReadDeps): Promise<{ cv: Cv | null; type: string }> {
  const out = await readDocument(
    { bytes, kind, typeHint: null, now: new Date(Date.UTC(2025, 5, 1)), lookups: { findInvoiceDuplicate: async () => null } },
    deps,
  );
  return { cv: (out.result.cv as unknown as Cv | null) ?? null, type: out.documentType };
}

export interface CvEvaluation {
  split: CvSplit;
  rows: { set: string; documents: number; classified: number; tally: Tally }[];
}

/** Seeds that tuning may look at (their misses may be inspected); held-out seeds start at 1000. */
export const CV_TUNE_BASE = 19;
export type CvSplit = 'tune' | 'held-out';

export async function evalCv(opts: { dataDir: string; deps: ReadDeps; count: number; seed: number; photos: number; split: CvSplit }): Promise<CvEvaluation> {
  const rows: CvEvaluation['rows'] = [];
  const base = opts.split === 'tune' ? CV_TUNE_BASE : 1000 + opts.seed * 100;
  // Generated: every layout; photos are costly (OCR), so fewer of them.
  for (const layout of CV_LAYOUTS) {
    const tally = emptyTally();
    const n = layout.startsWith('photo') ? opts.photos : opts.count;
    let classified = 0;
    for (let i = 0; i < n; i++) {
      const g = await generateVariedCv(base + i, layout as CvLayout);
      const { cv, type } = await readCv(g.bytes, KIND[g.kind]!, opts.deps);
      if (type === 'cv') classified++;
      const t = g.truth;
      scoreCv(
        {
          name: t.name,
          email: t.email,
          phone: t.phone,
          experience: t.experience.map((e) => ({ title: e.title, employer: e.employer, start: e.start, end: e.end })),
          education: t.education.map((e) => ({ institution: e.institution, start: e.start, end: e.end })),
          skills: t.skills,
        },
        cv,
        tally,
      );
    }
    rows.push({ set: `generated ${layout} (${opts.split} seeds ${base}–${base + n - 1})`, documents: n, classified, tally });
  }
  const dir = join(opts.dataDir, 'cvs');
  if (existsSync(join(dir, 'labels.jsonl'))) {
    const tally = emptyTally();
    let n = 0;
    let classified = 0;
    for (const line of readFileSync(join(dir, 'labels.jsonl'), 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { file: string; label_file: string };
      const { cv, type } = await readCv(readFileSync(join(dir, entry.file)), 'pdf', opts.deps);
      n++;
      if (type === 'cv') classified++;
      scoreCv(renderCvLabel(join(dir, entry.label_file)), cv, tally);
    }
    rows.push({ set: 'shared/data/cvs (RenderCV)', documents: n, classified, tally });
  }
  return { split: opts.split, rows };
}

export function printCvEvaluation(e: CvEvaluation): void {
  const pct = (x: Tally[CvField]) =>
    x.total
      ? `${((100 * x.right) / x.total).toFixed(1)}% (${x.right}/${x.total}${x.withheld || x.wrong ? `; withheld for review ${x.withheld}, published wrong ${x.wrong}` : ''})`
      : '—';
  for (const row of e.rows) {
    console.log(`${row.set}: ${row.documents} documents, ${row.classified} classified as cv`);
    for (const f of CV_FIELDS) console.log(`  ${f.padEnd(13)} ${pct(row.tally[f])}`);
  }
  const all = emptyTally();
  for (const row of e.rows.filter((r) => r.set.startsWith('generated')))
    for (const f of CV_FIELDS) {
      all[f].right += row.tally[f].right;
      all[f].total += row.tally[f].total;
      all[f].withheld += row.tally[f].withheld;
      all[f].wrong += row.tally[f].wrong;
    }
  console.log(`generated, all layouts (${e.split} seeds${e.split === 'tune' ? ', tuned on' : ', never tuned on'}):`);
  for (const f of CV_FIELDS) {
    const goal = f === 'name' || f === 'email' || f === 'phone' ? 1 : 0.9;
    const rate = all[f].total ? all[f].right / all[f].total : 0;
    console.log(`  ${f.padEnd(13)} ${pct(all[f])}  goal ${goal * 100}%: ${rate >= goal ? 'met' : 'missed'}`);
  }
}
