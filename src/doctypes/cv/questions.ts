/** Questions for the candidate: what a recruiter would ask before trusting the CV's timeline. */
import { monthIndex } from './dates.js';
import { titleScore } from './lexicon.js';
import type { Cv } from './model.js';

export const CV_QUESTION_KINDS = ['gap', 'missing_dates', 'overlap', 'unclear_title', 'missing_contact'] as const;
export type CvQuestionKind = (typeof CV_QUESTION_KINDS)[number];

export interface CvQuestion {
  kind: CvQuestionKind;
  question: string;
  /** The parts of `result.cv` the question is about. */
  paths: string[];
}

const GAP_MONTHS = 6;

const role = (e: Cv['experience'][number]) => [e.title, e.employer].filter(Boolean).join(' at ') || 'this role';

/** `inReview`: contact facts the CV shows but that are left out of it for a person to check (see
 * cv/contact.ts); the candidate is not asked for those. */
export function cvQuestions(cv: Cv, now: Date, inReview: ReadonlySet<string> = new Set()): CvQuestion[] {
  const out: CvQuestion[] = [];
  const c = cv.contact;
  for (const [key, label] of [
    ['name', 'full name'],
    ['email', 'email address'],
    ['phone', 'phone number'],
  ] as const) {
    if (!c[key] && !inReview.has(key))
      out.push({ kind: 'missing_contact', question: `What is your ${label}? The CV does not show one.`, paths: [`contact.${key}`] });
  }
  cv.experience.forEach((e, i) => {
    if (!e.start || !e.end)
      out.push({ kind: 'missing_dates', question: `When did you ${!e.start ? 'start' : 'leave'} ${role(e)}?`, paths: [`experience[${i}]`] });
    if (!e.title || e.title === e.employer || (e.title.split(/\s+/).length === 1 && titleScore(e.title) === 0 && e.title.length < 4)) {
      out.push({ kind: 'unclear_title', question: `What was your job title${e.employer ? ` at ${e.employer}` : ''}?`, paths: [`experience[${i}].title`] });
    }
  });
  cv.education.forEach((e, i) => {
    if (!e.start && !e.end)
      out.push({ kind: 'missing_dates', question: `When did you study${e.institution ? ` at ${e.institution}` : ''}?`, paths: [`education[${i}]`] });
  });
  const dated = cv.experience
    .map((e, i) => ({ e, i, from: monthIndex(e.start, now, 'start'), to: monthIndex(e.end, now, 'end') }))
    .filter((d): d is typeof d & { from: number; to: number } => d.from !== null && d.to !== null)
    .sort((a, b) => a.from - b.from);
  for (let k = 1; k < dated.length; k++) {
    const covered = Math.max(...dated.slice(0, k).map((d) => d.to));
    const next = dated[k]!;
    const gap = next.from - covered - 1;
    if (gap >= GAP_MONTHS) {
      const before = dated.slice(0, k).find((d) => d.to === covered)!;
      out.push({
        kind: 'gap',
        question: `What did you do in the ${gap} months between ${role(before.e)} and ${role(next.e)}?`,
        paths: [`experience[${before.i}]`, `experience[${next.i}]`],
      });
    }
    for (const prev of dated.slice(0, k)) {
      const overlap = Math.min(prev.to, next.to) - next.from;
      if (overlap >= 1)
        out.push({
          kind: 'overlap',
          question: `${role(prev.e)} and ${role(next.e)} overlap by ${overlap + 1} months: were they held at the same time?`,
          paths: [`experience[${prev.i}]`, `experience[${next.i}]`],
        });
    }
  }
  return out;
}
