import { z } from 'zod';
import { EVIDENCE_ITEMS } from '../../domain/evidence.js';
import { RegionSchema } from '../../domain/result.js';
import { CV_SECTION_KINDS } from './headings.js';

/** The CV as data (`result.cv`): every item carries where it stood and what supports it. */

const Where = {
  region: RegionSchema.nullable(),
  evidence: z.array(z.enum(EVIDENCE_ITEMS)),
};

export const CvTextSchema = z.object({ value: z.string(), ...Where });
export type CvText = z.infer<typeof CvTextSchema>;

const DatesShape = {
  start: z.string().nullable().describe('"YYYY-MM" or "YYYY" as written; null when not given.'),
  end: z.string().nullable().describe('"YYYY-MM", "YYYY" or "present"; null when not given.'),
  dates_raw: z.string().nullable().describe('The dates as printed.'),
};

export const CvExperienceSchema = z.object({
  title: z.string().nullable(),
  employer: z.string().nullable(),
  place: z.string().nullable(),
  ...DatesShape,
  bullets: z.array(z.string()),
  ...Where,
});
export type CvExperience = z.infer<typeof CvExperienceSchema>;

export const CvEducationSchema = z.object({
  degree: z.string().nullable(),
  institution: z.string().nullable(),
  place: z.string().nullable(),
  ...DatesShape,
  details: z.array(z.string()),
  ...Where,
});
export type CvEducation = z.infer<typeof CvEducationSchema>;

export const CvProjectSchema = z.object({ name: z.string(), ...DatesShape, description: z.array(z.string()), ...Where });
export type CvProject = z.infer<typeof CvProjectSchema>;

export const CvSkillSchema = z.object({ value: z.string(), category: z.string().nullable(), ...Where });
export const CvLanguageSchema = z.object({ language: z.string(), level: z.string().nullable(), ...Where });
export const CvCertificationSchema = z.object({ name: z.string(), date: z.string().nullable(), ...Where });

export const CvSectionSchema = z.object({
  kind: z.enum(CV_SECTION_KINDS),
  heading: z.string().nullable().describe('The heading as printed; null for the header block above the first heading.'),
  region: RegionSchema.nullable(),
  lines: z.number().int(),
});

export const CvSchema = z
  .object({
    contact: z.object({
      name: CvTextSchema.nullable(),
      email: CvTextSchema.nullable(),
      phone: CvTextSchema.nullable(),
      location: CvTextSchema.nullable(),
      links: z.array(CvTextSchema),
    }),
    summary: CvTextSchema.nullable(),
    experience: z.array(CvExperienceSchema),
    education: z.array(CvEducationSchema),
    skills: z.array(CvSkillSchema),
    languages: z.array(CvLanguageSchema),
    certifications: z.array(CvCertificationSchema),
    projects: z.array(CvProjectSchema),
    sections: z.array(CvSectionSchema).describe('The layout: sections in reading order.'),
    source: z.object({ reader: z.string(), columns: z.number().int().describe('Most text columns found on a page.') }),
  })
  .meta({ id: 'Cv' });
export type Cv = z.infer<typeof CvSchema>;
