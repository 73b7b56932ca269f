import type { FieldValue, Region } from '../domain/result.js';
import type { Line, ReaderOutput } from '../readers/types.js';
import { knownHeading, type CvSectionKind } from './cv/headings.js';
import { EMAIL, emailsIn, findCvContact, phonesIn } from './cv/parse.js';
import type { Doctype, ExtractedValue, FieldSpec } from './types.js';

/** CVs: recognised by their section headings (English, German, French, Spanish); the contact facts
 * are fields here, and the whole structure is `result.cv` (see cv/parse.ts). */
const TITLES = ['CURRICULUM VITAE', 'RESUME', 'RÉSUMÉ', 'LEBENSLAUF', 'CV'];

const FIELDS: FieldSpec[] = [
  { key: 'full_name', label: 'Full name', kind: 'name', required: true },
  { key: 'email', label: 'Email', kind: 'email', grammar: emailsIn },
  { key: 'phone', label: 'Phone', kind: 'phone', grammar: phonesIn },
];

function region(page: number, line: Line): Region {
  return { page, box: line.box };
}

function value(key: string, v: FieldValue, raw: string, page: number, line: Line): ExtractedValue {
  return { key, value: v, raw, region: region(page, line), confidence: line.confidence };
}

/** The contact facts found as the CV reader finds them (cv/parse.ts), so that fields and `result.cv`
 * rest on the same lines: on a photo of a two-column CV the first OCR rows join the sidebar's name
 * to the main column's words ("Amelia Kurzprofil"), and a phone's row runs on into a date range. */
function extract(reading: ReaderOutput): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  const { name, email, phone } = findCvContact(reading.reader, reading.pages);
  if (name) {
    const v = value('full_name', name.value, name.line.text, name.line.page, name.line);
    // A name set on two lines is read again line by line: a line recogniser reads one line per crop.
    out.push(name.from.length > 1 ? { ...v, parts: name.from.map((l) => l.box) } : v);
  }
  if (email) out.push(value('email', email.value, email.line.text, email.line.page, email.line));
  if (phone) out.push(value('phone', phone.value, phone.line.text, phone.line.page, phone.line));
  return out;
}

/** Headings in capitals that begin a line followed by other words: OCR of a photographed
 * two-column CV reads a sidebar heading and the main column's text on one row ("SKILLS • Reduced
 * onboarding time…"), and where the main column has a heading on that row, the rest is that
 * heading ("CONTACT Work Experience", "LANGUAGES Education"). Capitals only (one letter of OCR
 * noise allowed, "SKiLLS"), so a sentence that starts with "Education" is not a heading. */
function capitalLead(line: string): CvSectionKind[] {
  const words = line.trim().split(/\s+/);
  for (let n = 1; n <= 2 && n < words.length; n++) {
    const lead = words.slice(0, n).join(' ');
    const letters = lead.replace(/[^\p{L}]/gu, '');
    const lower = letters.replace(/[^\p{Ll}]/gu, '').length;
    if (letters.length >= 5 && lower <= 1 && lower < letters.length / 4) {
      const kind = knownHeading(lead);
      const rest = knownHeading(words.slice(n).join(' '));
      if (kind) return rest ? [kind, rest] : [kind];
    }
  }
  return [];
}

export const cvDoctype: Doctype = {
  type: 'cv',
  fields: FIELDS,
  detect(input) {
    const kinds = new Set<string>();
    for (const line of input.lines) {
      const whole = knownHeading(line.trim());
      for (const kind of whole ? [whole] : capitalLead(line)) if (kind !== 'other' && kind !== 'contact') kinds.add(kind);
    }
    const titled = input.lines.some((l) => TITLES.includes(l.trim().toUpperCase()));
    const contact = EMAIL.test(input.text) ? 1 : 0;
    const score = Math.min(1, kinds.size * 0.25 + contact * 0.15 + (titled ? 0.25 : 0));
    return { score, reason: kinds.size ? `CV sections: ${[...kinds].join(', ')}` : 'no CV section headings' };
  },
  extract,
  async rules(ctx) {
    return { problems: [], fields: [...ctx.fields] };
  },
};
