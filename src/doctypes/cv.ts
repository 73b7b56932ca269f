import type { FieldValue, Region } from '../domain/result.js';
import type { Line, ReaderOutput } from '../readers/types.js';
import type { Doctype, ExtractedValue, FieldSpec } from './types.js';

/** CVs: recognised by their section headings; the contact facts are extracted here. The full
 * structure (experience, education) and the rebuilt documents belong to the CV outputs. */
const SECTION_HEADINGS = [
  'CURRICULUM VITAE', 'RESUME', 'RÉSUMÉ', 'WORK EXPERIENCE', 'PROFESSIONAL EXPERIENCE', 'EXPERIENCE', 'EDUCATION',
  'SKILLS', 'EMPLOYMENT HISTORY', 'CERTIFICATIONS', 'LANGUAGES', 'PROFILE', 'SUMMARY', 'PROJECTS', 'REFERENCES',
];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){2,4}/;

const FIELDS: FieldSpec[] = [
  { key: 'full_name', label: 'Full name', kind: 'name', required: true },
  { key: 'email', label: 'Email', kind: 'code' },
  { key: 'phone', label: 'Phone', kind: 'code' },
];

function region(page: number, line: Line): Region {
  return { page, box: line.box };
}

function value(key: string, v: FieldValue, raw: string, page: number, line: Line): ExtractedValue {
  return { key, value: v, raw, region: region(page, line), confidence: line.confidence };
}

/** The name is the first line near the top that looks like a person's name (two to four
 * capitalised words, no digits, not a heading, not contact details). */
function looksLikeName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || /\d|@/.test(text)) return false;
  if (SECTION_HEADINGS.includes(text.trim().toUpperCase())) return false;
  return words.every((w) => /^[A-ZÀ-Þ][A-Za-zÀ-ÿ'’-]+$/.test(w) || /^[A-ZÀ-Þ'’-]{2,}$/.test(w));
}

function extract(reading: ReaderOutput): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  const first = reading.pages[0];
  if (!first) return out;
  const nameLine = first.lines.slice(0, 6).find((l) => looksLikeName(l.text));
  if (nameLine) out.push(value('full_name', nameLine.text.trim().replace(/\s+/g, ' '), nameLine.text, first.page, nameLine));
  for (const page of reading.pages) {
    for (const line of page.lines) {
      const email = line.text.match(EMAIL);
      if (email && !out.some((v) => v.key === 'email')) out.push(value('email', email[0].toLowerCase(), line.text, page.page, line));
      const phone = line.text.replace(EMAIL, '').match(PHONE);
      if (phone && phone[0].replace(/\D/g, '').length >= 8 && !out.some((v) => v.key === 'phone')) {
        out.push(value('phone', phone[0].trim(), line.text, page.page, line));
      }
    }
  }
  return out;
}

export const cvDoctype: Doctype = {
  type: 'cv',
  fields: FIELDS,
  detect(input) {
    const upper = input.lines.map((l) => l.trim().toUpperCase());
    const headings = SECTION_HEADINGS.filter((h) => upper.some((l) => l === h || l.startsWith(`${h}:`)));
    const contact = EMAIL.test(input.text) ? 1 : 0;
    const score = Math.min(1, headings.length * 0.25 + contact * 0.15);
    return { score, reason: headings.length ? `CV section headings: ${headings.join(', ')}` : 'no CV section headings' };
  },
  extract,
  async rules() {
    return { problems: [] };
  },
};
