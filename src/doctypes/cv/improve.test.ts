import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cvFacts, factKey } from './facts.js';
import { improveCv, improveWith, lockedFacts, rewordBullet } from './improve.js';
import type { Cv } from './model.js';

const where = { region: null, evidence: ['text_layer' as const] };
const text = (value: string) => ({ value, ...where });

const openings = [
  'Responsible for managing',
  'In charge of planning',
  'Worked on',
  'Helped to build',
  'Develops',
  'Manage',
  'Successfully launched',
  'Utilized',
  'Led',
  'Tasked with running',
];
const objects = [
  'the Berlin office',
  'a team of 12 engineers',
  'SAP S/4HANA migration',
  '3 product lines in EMEA',
  'costs by 30% in Q3 2021',
  'the €2.5M budget',
  'APIs used by 40 partners',
  'in order to cut latency by 45ms',
  'various internal tools',
  'on-call for Kubernetes clusters',
];

const bulletArb = fc
  .tuple(fc.constantFrom(...openings), fc.constantFrom(...objects), fc.option(fc.constantFrom(...objects), { nil: undefined }))
  .map(([o, a, b]) => `${o} ${a}${b ? ` and ${b}` : ''}`);
const cvArb: fc.Arbitrary<Cv> = fc
  .record({
    name: fc.constantFrom('Ana Silva', 'Jonas Brandt', 'Émilie Dubois'),
    roles: fc.array(
      fc.record({
        title: fc.constantFrom('Data Engineer', 'Projektleiterin', 'Head of Sales'),
        employer: fc.constantFrom('Acme GmbH', 'Quantix Labs', 'Aurora Bank'),
        start: fc.constantFrom('2018-01', '2019-06', '2021'),
        end: fc.constantFrom('present', '2022-03', '2020'),
        bullets: fc.array(bulletArb, { minLength: 1, maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    summary: fc.option(bulletArb, { nil: null }),
  })
  .map(({ name, roles, summary }) => ({
    contact: { name: text(name), email: text('a@example.com'), phone: text('+49 151 2345678'), location: text('Berlin, Germany'), links: [] },
    summary: summary ? text(summary) : null,
    experience: roles.map((r) => ({ ...r, place: null, dates_raw: null, ...where })),
    education: [{ degree: 'MSc Physics', institution: 'Universität Wien', place: null, start: '2014', end: '2016', dates_raw: null, details: [], ...where }],
    skills: [{ value: 'Python', category: null, ...where }],
    languages: [],
    certifications: [],
    projects: [],
    sections: [],
    source: { reader: 'text_layer', columns: 1 },
  }));

describe('improve: facts locked', () => {
  it('rewrites weak openings and tense by local rules', () => {
    expect(rewordBullet('Responsible for managing a team of 12 engineers', true)).toBe('Managed a team of 12 engineers');
    expect(rewordBullet('Develops APIs in order to cut latency', true)).toBe('Developed APIs to cut latency');
    expect(rewordBullet('Successfully launched 3 products', false)).toBe('Launched 3 products');
    expect(rewordBullet('Worked on the Berlin office move', false)).toBe('Contribute to the Berlin office move');
  });

  it('never changes a fact, over many generated CVs', () => {
    fc.assert(
      fc.property(cvArb, (cv) => {
        const improved = improveCv(cv);
        // Every fact of the structure maps one to one; the locked facts of the text too.
        expect(cvFacts(improved.cv).map(factKey)).toEqual(cvFacts(cv).map(factKey));
        expect(improved.fact_diff.lost).toEqual([]);
        expect(improved.fact_diff.added).toEqual([]);
        improved.cv.experience.forEach((e, i) => e.bullets.forEach((b, j) => expect(lockedFacts(b)).toEqual(lockedFacts(cv.experience[i]!.bullets[j]!))));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a rewording that changes a number or a name, keeping the source text', () => {
    const cv = fc.sample(cvArb, { numRuns: 1, seed: 7 })[0]!;
    cv.experience[0]!.bullets = ['Cut costs by 30% at Acme'];
    const model = (t: string) => t.replace('30%', '35%').replace('Acme', 'Globex');
    const out = improveWith(cv, model, 'test-model');
    expect(out.cv.experience[0]!.bullets[0]).toBe('Cut costs by 30% at Acme');
    expect(out.refused[0]!.reason).toMatch(/lost 30%.*added 35%|added 35%/);
    expect(out.fact_diff).toMatchObject({ lost: [], added: [] });
  });
});
