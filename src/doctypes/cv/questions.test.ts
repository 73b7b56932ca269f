import { describe, expect, it } from 'vitest';
import type { Cv } from './model.js';
import { cvQuestions } from './questions.js';

const w = { region: null, evidence: ['text_layer' as const] };
const role = (title: string | null, employer: string, start: string | null, end: string | null) => ({
  title,
  employer,
  place: null,
  start,
  end,
  dates_raw: null,
  bullets: [],
  ...w,
});

describe('questions for the candidate', () => {
  it('asks about gaps over six months, overlaps, missing dates, unclear titles and missing contact', () => {
    const cv: Cv = {
      contact: { name: { value: 'Ana Silva', ...w }, email: null, phone: { value: '+351 912 345 678', ...w }, location: null, links: [] },
      summary: null,
      experience: [
        role('Data Engineer', 'Acme', '2022-01', 'present'),
        role('Analyst', 'Globex', '2019-01', '2021-03'),
        role('Intern', 'Initech', '2018-06', '2019-03'),
        role(null, 'Hooli', null, '2017-01'),
      ],
      education: [],
      skills: [],
      languages: [],
      certifications: [],
      projects: [],
      sections: [],
      source: { reader: 'text_layer', columns: 1 },
    };
    const q = cvQuestions(cv, new Date(Date.UTC(2025, 5, 1)));
    const kinds = q.map((x) => x.kind);
    expect(kinds).toContain('missing_contact');
    expect(q.find((x) => x.kind === 'missing_contact')!.paths).toEqual(['contact.email']);
    expect(q.find((x) => x.kind === 'gap')!.question).toMatch(/9 months between Analyst at Globex and Data Engineer at Acme/);
    expect(q.find((x) => x.kind === 'overlap')!.paths).toEqual(['experience[2]', 'experience[1]']);
    expect(q.filter((x) => x.kind === 'missing_dates').map((x) => x.paths[0])).toEqual(['experience[3]']);
    expect(q.filter((x) => x.kind === 'unclear_title').map((x) => x.paths[0])).toEqual(['experience[3].title']);
    // a name or e-mail left out of the CV for a person to check is not asked of the candidate
    const withheld = { ...cv, contact: { ...cv.contact, name: null } };
    expect(cvQuestions(withheld, new Date(Date.UTC(2025, 5, 1)), new Set(['name', 'email'])).filter((x) => x.kind === 'missing_contact')).toEqual([]);
  });
});
