import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../domain/field.js';
import { decide } from '../verification/decide.js';
import { contactInReview, withPublishedContact } from '../doctypes/cv/contact.js';
import type { Cv } from '../doctypes/cv/model.js';

const region = { page: 1, box: [0.1, 0.1, 0.4, 0.12] as [number, number, number, number] };

const field = (key: string, label: string, value: string, over: Partial<FieldReading> = {}): FieldReading => ({
  key,
  label,
  isKey: false,
  value,
  status: 'read',
  evidence: ['reader_agree'],
  candidates: [],
  region,
  reason: null,
  problems: [],
  ...over,
});

/** The CV as the reader parsed it from Tesseract's lines alone. */
const parsed = (): Cv => ({
  contact: {
    name: { value: 'Soren Moreau', region, evidence: ['single_reader'] },
    email: { value: 'soren.moreau@example.com', region, evidence: ['single_reader'] },
    phone: { value: '+49 170 2940514', region, evidence: ['single_reader'] },
    location: null,
    links: [],
  },
  summary: null,
  experience: [],
  education: [],
  skills: [],
  languages: [],
  certifications: [],
  projects: [],
  sections: [],
  source: { reader: 'tesseract', columns: 2 },
});

function decided(fields: FieldReading[]) {
  return decide({
    documentType: 'cv',
    fields,
    problems: [],
    readable: true,
    classified: true,
    issuingCountry: null,
    timings: {},
    engines: [],
    readers: ['tesseract', 'paddle'],
    costUsd: 0,
  }).result;
}

describe("the CV's contact as the fields publish it", () => {
  it('leaves out a name whose field went to a person for its accents, and keeps what passed', () => {
    // as the name-accents step leaves the field: both readers read it plain, a second look saw "Sören"
    const name = field('full_name', 'Full name', 'Soren Moreau', { value: null, status: 'conflict', evidence: [], problems: ['FIELD_CONFLICT'] });
    const result = decided([name, field('email', 'Email', 'soren.moreau@example.com'), field('phone', 'Phone', '+49 170 2940514')]);
    const cv = withPublishedContact(parsed(), result);
    expect(result.values.full_name).toBeUndefined();
    expect(cv.contact.name).toBeNull();
    expect(cv.contact.email).toEqual({ value: 'soren.moreau@example.com', region, evidence: ['reader_agree'] });
    expect(cv.contact.phone?.value).toBe('+49 170 2940514');
    expect(contactInReview(result)).toEqual(new Set(['name']));
  });

  it('never keeps a value the readers dispute, nor one a single reader read', () => {
    const email = field('email', 'Email', 'soren.moreau@example.com', { value: null, status: 'conflict', evidence: [], problems: ['FIELD_CONFLICT'] });
    const phone = field('phone', 'Phone', '+49 170 2940514', { evidence: ['single_reader'] });
    const result = decided([field('full_name', 'Full name', 'Soren Moreau'), email, phone]);
    const cv = withPublishedContact(parsed(), result);
    expect(cv.contact.name?.value).toBe('Soren Moreau');
    expect(cv.contact.email).toBeNull();
    expect(cv.contact.phone).toBeNull();
  });

  it('gives the value as the fields publish it, with its evidence, where the parse read it otherwise', () => {
    const candidates = [{ reader: 'text_layer', value: 'Sören Moreau', raw: 'Sören Moreau', region, confidence: 1 }];
    const cv = withPublishedContact(parsed(), decided([field('full_name', 'Full name', 'Sören Moreau', { evidence: ['text_layer'], candidates })]));
    expect(cv.contact.name).toEqual({ value: 'Sören Moreau', region, evidence: ['text_layer'] });
  });
});
