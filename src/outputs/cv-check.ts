/** A rebuilt CV is read back by the service's own readers (the intake's DOCX and PDF text, then
 * the CV reader) and its facts compared with the source's: any fact lost or added refuses the file. */
import type { Cv } from '../doctypes/cv/model.js';
import { AppError } from '../domain/errors.js';
import { compareFacts, cvFacts, type CvFact } from '../doctypes/cv/facts.js';
import { parseCv } from '../doctypes/cv/parse.js';
import type { IntakeResult } from '../pipeline/types.js';

export type ReadBack = (bytes: Buffer, kind: 'pdf' | 'docx') => Promise<IntakeResult>;

export interface CheckOutcome {
  lost: CvFact[];
  added: CvFact[];
}

export async function checkRebuilt(cv: Cv, bytes: Buffer, kind: 'pdf' | 'docx', readBack: ReadBack): Promise<CheckOutcome> {
  const intake = await readBack(bytes, kind);
  const back = parseCv('text_layer', intake.textLayer, { evidenceFor: () => ['text_layer'] });
  return compareFacts(cvFacts(cv), cvFacts(back));
}

/** "lost employer 'Acme' (experience[0].employer)" — what the 422 names. */
export function describeCheck(c: CheckOutcome): string[] {
  return [...c.lost.map((f) => `lost ${f.kind} '${f.value}' (${f.path})`), ...c.added.map((f) => `added ${f.kind} '${f.value}'`)];
}

/** Throws 422 cv_check_failed naming every fact the rebuilt file lost or added. */
export async function assertFactsKept(cv: Cv, bytes: Buffer, kind: 'pdf' | 'docx', readBack: ReadBack): Promise<void> {
  const outcome = await checkRebuilt(cv, bytes, kind, readBack);
  const problems = describeCheck(outcome);
  if (!problems.length) return;
  throw new AppError('cv_check_failed', `The rebuilt ${kind} does not give back the CV's facts: ${problems.slice(0, 10).join('; ')}.`, {
    extra: {
      lost: outcome.lost.map((f) => ({ kind: f.kind, value: f.value, path: f.path })),
      added: outcome.added.map((f) => ({ kind: f.kind, value: f.value })),
    },
  });
}
