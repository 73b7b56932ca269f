/** Rewording by the hosted model: it proposes new text for the bullet points and the summary, and
 * every proposal goes through the same fact lock as the local rules (cv/improve.ts). */
import { z } from 'zod';
import { improveCv, improveWith, type CvImproved } from '../doctypes/cv/improve.js';
import type { Cv } from '../doctypes/cv/model.js';
import type { LlmClient } from '../readers/llm/client.js';

const AnswerSchema = z.object({ items: z.array(z.object({ id: z.string(), text: z.string().max(2000) })).max(500) });

const PROMPT = [
  'You improve the wording of CV bullet points and summaries.',
  'Use strong action verbs, the past tense for finished roles (finished: true), and fewer words.',
  'Never change, add or drop a fact: every number, unit, date, name of a company, product, place or person, email and link stays exactly as written.',
  'Answer in json: {"items": [{"id": "...", "text": "..."}]} with one item per input id.',
].join(' ');

/** The texts the model may reword, keyed as improveWith names them. */
function texts(cv: Cv): Array<{ id: string; text: string; finished: boolean }> {
  const out: Array<{ id: string; text: string; finished: boolean }> = [];
  if (cv.summary) out.push({ id: 'summary', text: cv.summary.value, finished: false });
  cv.experience.forEach((e, i) =>
    e.bullets.forEach((b, j) => out.push({ id: `experience[${i}].bullets[${j}]`, text: b, finished: e.end !== 'present' && e.end !== null })),
  );
  cv.projects.forEach((p, i) => p.description.forEach((d, j) => out.push({ id: `projects[${i}].description[${j}]`, text: d, finished: p.end !== 'present' })));
  return out;
}

export function modelImprover(client: LlmClient, onError: (err: unknown) => void): (cv: Cv) => Promise<CvImproved> {
  return async (cv) => {
    const items = texts(cv);
    if (!items.length) return improveCv(cv);
    try {
      const answer = await client.complete(
        [
          { role: 'system', content: PROMPT },
          { role: 'user', content: JSON.stringify({ items }) },
        ],
        (json) => AnswerSchema.parse(json),
      );
      const proposals = new Map(answer.value.items.map((i) => [i.id, i.text]));
      return improveWith(cv, (text, where) => proposals.get(where) ?? text, answer.modelVersion);
    } catch (err) {
      // The model unavailable or answering nonsense: the local rules still improve the wording.
      onError(err);
      return improveCv(cv);
    }
  };
}
