import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../../readers/types.js';
import { knownHeading } from './headings.js';
import { parseCv } from './parse.js';
import { findGutter } from './reading-order.js';

/** A page from lines at given positions (fractions of the page), each line one word run. */
function page(lines: Array<[string, number, number, number?]>): PageText {
  const out: Line[] = lines.map(([text, x, y, h = 0.014]) => ({ text, box: [x, y, Math.min(1, x + text.length * 0.007), y + h], confidence: 1, words: [] }));
  return { page: 1, lines: out };
}
const opts = { evidenceFor: () => ['text_layer' as const] };

describe('CV headings', () => {
  it('knows section headings in English, German, French and Spanish', () => {
    expect(knownHeading('Berufserfahrung')).toBe('experience');
    expect(knownHeading('EXPÉRIENCE PROFESSIONNELLE')).toBe('experience');
    expect(knownHeading('Formación académica:')).toBe('education');
    expect(knownHeading('Compétences')).toBe('skills');
    expect(knownHeading('Sprachkenntnisse')).toBe('languages');
    expect(knownHeading('Nexus AI')).toBeNull();
  });
});

describe('parseCv', () => {
  it('reads a one-column CV with dates beside the entries', () => {
    const cv = parseCv(
      'text_layer',
      [
        page([
          ['Marta Ruiz', 0.4, 0.04, 0.03],
          ['Valencia, Spain · marta.ruiz@example.es · +34 612 345 678', 0.2, 0.09],
          ['Experiencia profesional', 0.08, 0.14, 0.018],
          ['Acme Solutions S.L. – Madrid, Spain', 0.08, 0.18],
          ['Ene 2020 – actualidad', 0.75, 0.18],
          ['Ingeniera de datos', 0.08, 0.2],
          ['• Reduje los costes un 30% con particionado', 0.09, 0.22],
          ['Formación', 0.08, 0.27, 0.018],
          ['Universidad de Valencia — Grado en Matemáticas', 0.08, 0.31],
          ['2014 – 2018', 0.8, 0.31],
          ['Habilidades', 0.08, 0.36, 0.018],
          ['Python, SQL; Spark', 0.08, 0.4],
          ['Idiomas', 0.08, 0.45, 0.018],
          ['Español (nativo), Inglés (C1)', 0.08, 0.49],
        ]),
      ],
      opts,
    );
    expect(cv.contact.name?.value).toBe('Marta Ruiz');
    expect(cv.contact.email?.value).toBe('marta.ruiz@example.es');
    expect(cv.contact.phone?.value).toBe('+34 612 345 678');
    expect(cv.contact.location?.value).toBe('Valencia, Spain');
    expect(cv.experience).toHaveLength(1);
    expect(cv.experience[0]).toMatchObject({ title: 'Ingeniera de datos', employer: 'Acme Solutions S.L.', place: 'Madrid, Spain', start: '2020-01', end: 'present' });
    expect(cv.experience[0]!.bullets).toEqual(['Reduje los costes un 30% con particionado']);
    expect(cv.education[0]).toMatchObject({ institution: 'Universidad de Valencia', degree: 'Grado en Matemáticas', start: '2014', end: '2018' });
    expect(cv.skills.map((s) => s.value)).toEqual(['Python', 'SQL', 'Spark']);
    expect(cv.languages.map((l) => [l.language, l.level])).toEqual([['Español', 'nativo'], ['Inglés', 'C1']]);
    expect(cv.sections.map((s) => s.kind)).toEqual(['contact', 'experience', 'education', 'skills', 'languages']);
    expect(cv.experience[0]!.region?.page).toBe(1);
    expect(cv.experience[0]!.evidence).toEqual(['text_layer']);
  });

  it('splits a two-column page at its gutter and reads each column in turn', () => {
    const left: Array<[string, number, number]> = [
      ['Kontakt', 0.05, 0.2],
      ['jonas@example.de', 0.05, 0.23],
      ['+49 151 2345678', 0.05, 0.26],
      ['Kenntnisse', 0.05, 0.32],
      ['• Go', 0.05, 0.35],
      ['• Kubernetes', 0.05, 0.38],
    ];
    const right: Array<[string, number, number]> = [
      ['Berufserfahrung', 0.36, 0.2],
      ['Softwareentwickler', 0.36, 0.23],
      ['Helix Medical GmbH | Berlin, Deutschland', 0.36, 0.26],
      ['03/2021 – heute', 0.36, 0.29],
      ['• Aufbau einer Datenplattform für 12 Fachbereiche', 0.36, 0.32],
      ['Ausbildung', 0.36, 0.38],
      ['Master Informatik', 0.36, 0.41],
    ];
    const p = page([['Jonas Brandt', 0.05, 0.05, 0.03], ...left, ...right]);
    expect(findGutter(p.lines)).not.toBeNull();
    const cv = parseCv('text_layer', [p], opts);
    expect(cv.source.columns).toBe(2);
    expect(cv.skills.map((s) => s.value)).toEqual(['Go', 'Kubernetes']);
    expect(cv.experience[0]).toMatchObject({ title: 'Softwareentwickler', employer: 'Helix Medical GmbH', place: 'Berlin, Deutschland', start: '2021-03', end: 'present' });
  });
});
