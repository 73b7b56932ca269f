import type { FieldValue, Region } from '../domain/result.js';
import type { Line, ReaderOutput } from '../readers/types.js';
import { knownHeading } from './cv/headings.js';
import { EMAIL, PHONE, looksLikeName } from './cv/parse.js';
import type { Doctype, ExtractedValue, FieldSpec } from './types.js';

/** CVs: recognised by their section headings (English, German, French, Spanish); the contact facts
 * are fields here, and the whole structure is `result.cv` (see cv/parse.ts). */
const TITLES = ['CURRICULUM VITAE', 'RESUME', 'RÉSUMÉ', 'LEBENSLAUF', 'CV'];

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
    const kinds = new Set<string>();
    for (const line of input.lines) {
      const kind = knownHeading(line.trim());
      if (kind && kind !== 'other' && kind !== 'contact') kinds.add(kind);
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
