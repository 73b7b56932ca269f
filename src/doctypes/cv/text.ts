/** How a CV is printed when the service rebuilds it (plain text, docx, pdf share these blocks).
 * The wording follows what the CV reader parses, so a rebuilt file reads back to the same facts:
 * known headings, "Title — Employer | dates" or "Institution — Degree | dates" with the place on the
 * line below, lists wrapped only between items. */
import { PRINTED_HEADINGS } from './headings.js';
import type { Cv } from './model.js';

export type Block =
  | { kind: 'name'; text: string }
  | { kind: 'contact'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'entry'; text: string; dates: string | null; place: string | null }
  | { kind: 'list'; label: string | null; items: string[] }
  | { kind: 'bullet'; text: string }
  | { kind: 'para'; text: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "2018-09" → "Sept 2018"; "2018" → "2018"; "present" → "present". */
export function printDate(date: string): string {
  const m = date.match(/^(\d{4})-(\d{2})$/);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : date;
}

export function printRange(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  if (start && end) return `${printDate(start)} – ${printDate(end)}`;
  return printDate((start ?? end)!);
}

const joinParts = (parts: Array<string | null>) => parts.filter((p): p is string => !!p).join(' — ');

export function cvBlocks(cv: Cv): Block[] {
  const out: Block[] = [];
  if (cv.contact.name) out.push({ kind: 'name', text: cv.contact.name.value });
  const contact = [cv.contact.email?.value, cv.contact.phone?.value, cv.contact.location?.value, ...cv.contact.links.map((l) => l.value)].filter(
    (v): v is string => !!v,
  );
  if (contact.length) out.push({ kind: 'contact', text: contact.join(' | ') });
  if (cv.summary) out.push({ kind: 'heading', text: PRINTED_HEADINGS.summary }, { kind: 'para', text: cv.summary.value });
  if (cv.experience.length) {
    out.push({ kind: 'heading', text: PRINTED_HEADINGS.experience });
    for (const e of cv.experience) {
      out.push({ kind: 'entry', text: joinParts([e.title, e.employer]), place: e.place, dates: printRange(e.start, e.end) });
      for (const b of e.bullets) out.push({ kind: 'bullet', text: b });
    }
  }
  if (cv.education.length) {
    out.push({ kind: 'heading', text: PRINTED_HEADINGS.education });
    for (const e of cv.education) {
      out.push({ kind: 'entry', text: joinParts([e.institution, e.degree]), place: e.place, dates: printRange(e.start, e.end) });
      for (const d of e.details) out.push({ kind: 'bullet', text: d });
    }
  }
  if (cv.projects.length) {
    out.push({ kind: 'heading', text: PRINTED_HEADINGS.projects });
    for (const p of cv.projects) {
      out.push({ kind: 'entry', text: p.name, place: null, dates: printRange(p.start, p.end) });
      for (const d of p.description) out.push({ kind: 'bullet', text: d });
    }
  }
  if (cv.skills.length) {
    out.push({ kind: 'heading', text: PRINTED_HEADINGS.skills });
    const byCategory = new Map<string, string[]>();
    for (const s of cv.skills) byCategory.set(s.category ?? '', [...(byCategory.get(s.category ?? '') ?? []), s.value]);
    for (const [category, items] of byCategory) out.push({ kind: 'list', label: category || null, items });
  }
  if (cv.languages.length) {
    out.push({ kind: 'heading', text: PRINTED_HEADINGS.languages });
    out.push({ kind: 'list', label: null, items: cv.languages.map((l) => (l.level ? `${l.language} (${l.level})` : l.language)) });
  }
  if (cv.certifications.length) {
    out.push({ kind: 'heading', text: PRINTED_HEADINGS.certifications });
    for (const c of cv.certifications) out.push({ kind: 'bullet', text: c.date ? `${c.name} (${printDate(c.date)})` : c.name });
  }
  return out;
}

/** The printed text of a block (an entry's place goes on a line of its own below it). */
export function blockLine(b: Block): string {
  if (b.kind === 'bullet') return `• ${b.text}`;
  if (b.kind === 'entry') return [b.dates ? `${b.text} | ${b.dates}` : b.text, b.place].filter(Boolean).join('\n');
  if (b.kind === 'list') return `${b.label ? `${b.label}: ` : ''}${b.items.join(', ')}`;
  return b.text;
}

export function renderCvText(cv: Cv): string {
  return cvBlocks(cv).map(blockLine).join('\n');
}
