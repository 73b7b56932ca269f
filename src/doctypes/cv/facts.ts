/** Every fact of a CV, with where it came from: what the fact check lists, what a rebuilt file
 * must give back, and what the wording improvement must never change. */
import type { Region } from '../../domain/result.js';
import type { EvidenceItem } from '../../domain/evidence.js';
import { fold } from './lexicon.js';
import type { Cv } from './model.js';

export const CV_FACT_KINDS = [
  'name',
  'email',
  'phone',
  'location',
  'link',
  'title',
  'employer',
  'place',
  'start',
  'end',
  'degree',
  'institution',
  'project',
  'skill',
  'language',
  'certification',
] as const;
export type CvFactKind = (typeof CV_FACT_KINDS)[number];

export interface CvFact {
  kind: CvFactKind;
  value: string;
  /** Where in the structure, e.g. "experience[0].employer". */
  path: string;
  region: Region | null;
  evidence: EvidenceItem[];
}

export function cvFacts(cv: Cv): CvFact[] {
  const out: CvFact[] = [];
  const push = (kind: CvFactKind, value: string | null | undefined, path: string, where: { region: Region | null; evidence: EvidenceItem[] }) => {
    if (value) out.push({ kind, value, path, region: where.region, evidence: where.evidence });
  };
  const c = cv.contact;
  if (c.name) push('name', c.name.value, 'contact.name', c.name);
  if (c.email) push('email', c.email.value, 'contact.email', c.email);
  if (c.phone) push('phone', c.phone.value, 'contact.phone', c.phone);
  if (c.location) push('location', c.location.value, 'contact.location', c.location);
  c.links.forEach((l, i) => push('link', l.value, `contact.links[${i}]`, l));
  cv.experience.forEach((e, i) => {
    push('title', e.title, `experience[${i}].title`, e);
    push('employer', e.employer, `experience[${i}].employer`, e);
    push('place', e.place, `experience[${i}].place`, e);
    push('start', e.start, `experience[${i}].start`, e);
    push('end', e.end, `experience[${i}].end`, e);
  });
  cv.education.forEach((e, i) => {
    push('degree', e.degree, `education[${i}].degree`, e);
    push('institution', e.institution, `education[${i}].institution`, e);
    push('place', e.place, `education[${i}].place`, e);
    push('start', e.start, `education[${i}].start`, e);
    push('end', e.end, `education[${i}].end`, e);
  });
  cv.projects.forEach((p, i) => {
    push('project', p.name, `projects[${i}].name`, p);
    push('start', p.start, `projects[${i}].start`, p);
    push('end', p.end, `projects[${i}].end`, p);
  });
  cv.skills.forEach((s, i) => push('skill', s.value, `skills[${i}]`, s));
  cv.languages.forEach((l, i) => push('language', l.language, `languages[${i}]`, l));
  cv.certifications.forEach((x, i) => push('certification', x.name, `certifications[${i}]`, x));
  return out;
}

/** How facts are compared: case, accents, spacing and dashes do not count. */
export const factKey = (f: Pick<CvFact, 'kind' | 'value'>) =>
  `${f.kind}:${fold(f.value)
    .replace(/[\s\u2010-\u2015-]+/g, ' ')
    .trim()}`;

/** Facts of `expected` missing from `actual` (lost) and facts of `actual` not in `expected` (added). */
export function compareFacts(expected: CvFact[], actual: CvFact[]): { lost: CvFact[]; added: CvFact[] } {
  const take = (from: CvFact[], against: CvFact[]) => {
    const pool = against.map(factKey);
    const out: CvFact[] = [];
    for (const f of from) {
      const i = pool.indexOf(factKey(f));
      if (i >= 0) pool.splice(i, 1);
      else out.push(f);
    }
    return out;
  };
  return { lost: take(expected, actual), added: take(actual, expected) };
}
