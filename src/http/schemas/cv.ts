import { z } from 'zod';
import { CV_FACT_KINDS } from '../../doctypes/cv/facts.js';
import { CvSchema, CvSectionSchema } from '../../doctypes/cv/model.js';
import { CV_QUESTION_KINDS } from '../../doctypes/cv/questions.js';
import { EVIDENCE_ITEMS } from '../../domain/evidence.js';
import { RegionSchema } from '../../domain/result.js';

export const CvFactSchema = z.object({
  kind: z.enum(CV_FACT_KINDS),
  value: z.string(),
  path: z.string().describe('Where in result.cv, e.g. experience[0].employer.'),
  region: RegionSchema.nullable(),
  evidence: z.array(z.enum(EVIDENCE_ITEMS)),
});

export const CvViewSchema = z
  .object({
    id: z.string(),
    layout: z.array(CvSectionSchema).describe('The sections in reading order, with their headings as printed.'),
    questions: z
      .array(z.object({ kind: z.enum(CV_QUESTION_KINDS), question: z.string(), paths: z.array(z.string()) }))
      .describe('Questions for the candidate: gaps over six months, missing dates, overlapping roles, unclear titles, missing contact.'),
    fact_check: z.object({ facts: z.array(CvFactSchema), count: z.number().int() }).describe('Every fact and where it came from.'),
    cv: CvSchema,
  })
  .meta({ id: 'CvView' });

const RewriteSchema = z.object({ where: z.string(), original: z.string(), improved: z.string() });

export const CvImprovedSchema = z
  .object({
    engine: z.string().describe('local_rules, or the hosted model that proposed the wording.'),
    text: z.string().describe('The improved CV as plain text.'),
    changes: z.array(RewriteSchema),
    refused: z.array(RewriteSchema.extend({ reason: z.string() })).describe('Rewrites refused because a fact would have changed; the source text is kept.'),
    fact_diff: z
      .object({ facts: z.number().int(), lost: z.array(z.string()), added: z.array(z.string()) })
      .describe('Locked facts of the source against the improved text; both lists are empty.'),
    cv: CvSchema,
  })
  .meta({ id: 'CvImproved' });
