/** One reader's lines → the CV as data. Sections are found by their headings (known words in
 * four languages, or a line set larger than the body text), entries by their shape (header lines,
 * dates, bullet points), never by one template. */
import { hasRtl } from '../../domain/bidi.js';
import { median } from '../../domain/median.js';
import type { Region } from '../../domain/result.js';
import type { Box, PageText } from '../../readers/types.js';
import { findDateRange, isDateOnly, isDuration, withoutDateRange, type DateRange } from './dates.js';
import { knownHeading, type CvSectionKind } from './headings.js';
import { degreeAt, employerScore, isInstitution, isPlace, titleScore } from './lexicon.js';
import type { Cv, CvEducation, CvExperience, CvProject, CvText } from './model.js';
import { orderPage, type OrderedLine } from './reading-order.js';

export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
// OCR puts a space after a dot in an address ("fatima. moreau@example.com"); at the start of a line
// or after a separator the two pieces are one address.
const EMAIL_BROKEN = /(?:^|[|·•]\s*)([A-Za-z0-9._%+-]+\.) ([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/;

/** An address's top-level domain, after the last dot of its domain: letters only. */
const TLD_WITH_ZERO = /(@(?:[A-Za-z0-9-]+\.)+)([A-Za-z0]*0[A-Za-z0]*)(?![A-Za-z0-9-]|\.[A-Za-z0-9])/g;

/** A top-level domain has no digits, so a 0 read in it is the letter O ("example.c0m", "example.0rg":
 * PaddleOCR reads the round O of a photographed address so). Only the TLD: a domain's other labels
 * and the part before the @ may hold digits, and there a 0 stays a 0. */
export function tldLetters(text: string): string {
  return text.replace(TLD_WITH_ZERO, (whole, head: string, tld: string) => (/[A-Za-z]/.test(tld) && tld.length >= 2 ? head + tld.replace(/0/g, 'o') : whole));
}

/** The e-mail address on a line, lower-cased, or null. */
export function findEmail(text: string): string | null {
  const line = tldLetters(text);
  const broken = line.match(EMAIL_BROKEN);
  if (broken) return (broken[1]! + broken[2]!).toLowerCase();
  return line.match(EMAIL)?.[0].toLowerCase() ?? null;
}
export const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){2,4}/;
const PHONES = new RegExp(PHONE.source, 'g');

/** Every e-mail address a text holds, in order, lower-cased (a crop may hold two readings' worth). */
export function emailsIn(text: string): string[] {
  const first = findEmail(text);
  const all = [...tldLetters(text).matchAll(new RegExp(EMAIL.source, 'g'))].map((m) => m[0].toLowerCase());
  return [...new Set(first ? [first, ...all] : all)];
}

/** Every phone number a text holds, in order: eight digits or more, outside addresses, links and
 * date ranges (a phone's row may run on into the dates beside it: "+49 169 3392471 2022-04 - heute"). */
export function phonesIn(text: string): string[] {
  let rest = digitOs(tldLetters(text).replace(EMAIL, ' ').replace(URL, ' ')).replace(DIGIT_MARK, ' ');
  for (let range = findDateRange(rest), n = 0; range?.end && n < 4; range = findDateRange(rest), n++) rest = withoutDateRange(rest, range);
  return [...rest.matchAll(PHONES)].map((m) => m[0].trim()).filter((p) => !findDateRange(p)?.end && p.replace(/\D/g, '').length >= 8);
}
/** A mark between two digits of a phone ("+44 7339'877785": a speck on a photo read as an apostrophe)
 * only groups them, as a space does; the digits are the number. */
const DIGIT_MARK = /(?<=\d)['’`´](?=\d)/g;

/** A phone number is digits, so an O or o touching a digit is a 0 ("+44 7O97 650741"); an O standing
 * apart from digits ("Studio 54") is a letter. Applied after addresses and links are taken out. */
export function digitOs(text: string): string {
  return text.replace(/(?<=\d)[Oo]+|[Oo]+(?=\d)/g, (os) => '0'.repeat(os.length));
}
const URL = /(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|de|fr|es|uk|eu|me|ai|co|info|app|page|site)(?:\/[^\s,;|·•]*)?/i;

/** Every web address a text holds, outside e-mail addresses. */
export function linksIn(text: string): string[] {
  return [...text.replace(new RegExp(EMAIL.source, 'g'), ' ').matchAll(new RegExp(URL.source, 'gi'))].map((m) => m[0]);
}
// Bullet signs as printed, and as OCR reads a round bullet ("«", "°", "©", "+", "."); signs that never begin a word may touch it ("«SQL").
const BULLET = /^\s*(?:(?:[•◆◦▪‣●○■□➢➤►▸✓✔·.*+–—«»°©-]|\d{1,2}[.)])\s+|[•●▪«]\s*(?=\p{Lu}))/u;
const PAGE_MARK = /(?:^|\s)(?:page\s*)?\d{1,2}\s*(?:\/|of|von|sur|de)\s*\d{1,2}$/i;

interface Section {
  kind: CvSectionKind;
  heading: string | null;
  headingLine: OrderedLine | null;
  lines: OrderedLine[];
}

const union = (boxes: Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

function regionOf(lines: OrderedLine[]): Region | null {
  const first = lines[0];
  if (!first) return null;
  const same = lines.filter((l) => l.page === first.page);
  return { page: first.page, box: union(same.map((l) => l.box)) };
}

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:|·•–—-]+|[\s,;:|·•–—-]+$/g, '')
    .trim();
const stripBullet = (s: string) => s.replace(BULLET, '').trim();

// Lower-case words a name has on its own ("Anna de Vries"), never joined to the word before.
const NAME_PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'das',
  'dos',
  'du',
  'la',
  'le',
  'bin',
  'ibn',
  'al',
  'el',
  'ten',
  'ter',
  'zu',
  'y',
]);

/** Two to four capitalised words (a particle between them), no digits: a person's name. A script
 * without case (Arabic) counts as capitalised. */
export function looksLikeName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || /\d|@/.test(text) || knownHeading(text)) return false;
  const capitalised = (w: string) => /^[\p{Lu}][\p{L}'’.-]+$/u.test(w) || /^[\p{Lu}'’-]{2,}$/u.test(w) || /^\p{Lo}[\p{Lo}\p{M}'’-]+$/u.test(w);
  return words.every((w, i) => capitalised(w) || (i > 0 && i < words.length - 1 && NAME_PARTICLES.has(w))) && !isPlace(text);
}

interface Layout {
  lines: OrderedLine[];
  columns: number;
  name: OrderedLine | null;
  /** The lines the name was read from (two when set on two lines). */
  nameLines: OrderedLine[];
}

function layout(pages: PageText[], ocr: boolean): Layout {
  let columns = 1;
  const lines: OrderedLine[] = [];
  for (const page of pages) {
    const ordered = orderPage(page, { splitAtGaps: ocr });
    columns = Math.max(columns, ordered.columns);
    lines.push(...ordered.lines.filter((l) => !PAGE_MARK.test(l.text.trim())));
  }
  const name = findName(lines.filter((l) => l.page === (pages[0]?.page ?? 1)).slice(0, 12));
  return { lines, columns, name: name?.line ?? null, nameLines: name?.from ?? [] };
}

const heightOf = (l: OrderedLine) => l.box[3] - l.box[1];

/** The name: the name-like line near the top set clearly largest (else the first), preferring lines
 * that are not job titles; a name set in two large stacked lines ("Priya" / "Haddad") is joined. */
function findName(lines: OrderedLine[]): { line: OrderedLine; from: OrderedLine[] } | null {
  const body = median(lines.map(heightOf));
  const top = lines.map((l) => (heightOf(l) >= 1.3 * body ? joinBrokenWords(l) : l));
  for (let i = 0; i + 1 < top.length; i++) {
    const [a, b] = [top[i]!, top[i + 1]!];
    const single = (l: OrderedLine) => /^[\p{Lu}][\p{L}'’-]+$/u.test(l.text.trim()) && !knownHeading(l.text);
    if (single(a) && single(b) && heightOf(a) >= 1.3 * body && Math.abs(heightOf(a) - heightOf(b)) < 0.45 * Math.max(heightOf(a), heightOf(b))) {
      return { line: { ...a, text: `${a.text.trim()} ${b.text.trim()}`, box: union([a.box, b.box]) }, from: [lines[i]!, lines[i + 1]!] };
    }
  }
  const candidates = top.filter((l) => looksLikeName(l.text));
  const pool = candidates.filter((l) => titleScore(l.text) === 0).length ? candidates.filter((l) => titleScore(l.text) === 0) : candidates;
  let best: OrderedLine | null = null;
  for (const l of pool) if (!best || heightOf(l) > 1.15 * heightOf(best)) best = l;
  return best ? { line: best, from: [lines[top.indexOf(best)]!] } : null;
}

/** OCR breaks a word of large display type at a wide kerning gap ("Ha rtmann", "Du bois"): a fragment
 * in lower case that follows its word closer than half the line height is joined back. */
function joinBrokenWords(line: OrderedLine): OrderedLine {
  // A line with right-to-left words already holds them in reading order, not by x.
  const words = hasRtl(line.text) ? line.words : [...line.words].sort((a, b) => a.box[0] - b.box[0]);
  if (words.length < 2) return line;
  let text = words[0]!.text;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const close = w.box[0] - words[i - 1]!.box[2] < 0.5 * heightOf(line);
    const fragment = /^\p{Ll}/u.test(w.text) && /\p{L}$/u.test(words[i - 1]!.text) && !NAME_PARTICLES.has(w.text);
    text += close && fragment ? w.text : ` ${w.text}`;
  }
  return text === line.text ? line : { ...line, text };
}

/** Splits the lines into sections at their headings; lines before the first heading are the header. */
function sections(lay: Layout): Section[] {
  const bodyHeight = median(lay.lines.map((l) => l.box[3] - l.box[1]));
  const out: Section[] = [{ kind: 'contact', heading: null, headingLine: null, lines: [] }];
  for (const line of lay.lines) {
    const text = line.text.trim();
    const current = out[out.length - 1]!;
    let kind = knownHeading(text);
    // A short line set clearly larger than the body, and not the name or a date: an unnamed section.
    const sized = bodyHeight > 0 && line.box[3] - line.box[1] >= 1.2 * bodyHeight && text.split(/\s+/).length <= 5;
    // Not a line with separators ("Employer | Place", "Employer — Place, Country"): an entry's bold header,
    // and OCR's box of a "|" glyph stands taller than the text.
    if (
      !kind &&
      sized &&
      !lay.nameLines.includes(line) &&
      !/\d|@|\s[|–—]\s|,/.test(text) &&
      !BULLET.test(text) &&
      titleScore(text) === 0 &&
      !degreeAt(text) &&
      !isInstitution(text)
    )
      kind = 'other';
    // "Skills: Python, Go" opens a section with its first line, outside lists that use such labels.
    const inline = !kind && current.kind !== 'skills' && current.kind !== 'languages' ? text.match(/^([^:]{3,40}):\s*(.+)$/) : null;
    const inlineKind = inline ? knownHeading(inline[1]!) : null;
    if (kind) out.push({ kind, heading: text.replace(/[:：]\s*$/, ''), headingLine: line, lines: [] });
    else if (inline && inlineKind && inlineKind !== 'contact')
      out.push({ kind: inlineKind, heading: inline[1]!, headingLine: line, lines: [{ ...line, text: inline[2]! }] });
    else current.lines.push(line);
  }
  return out;
}

interface Entry {
  headers: string[];
  dates: DateRange | null;
  place: string | null;
  bullets: string[];
  lines: OrderedLine[];
  /** The dates stood on a row of their own after the header. */
  closed?: boolean;
}

const newEntry = (): Entry => ({ headers: [], dates: null, place: null, bullets: [], lines: [] });

function sameRow(a: OrderedLine, b: OrderedLine): boolean {
  if (a.page !== b.page) return false;
  const overlap = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
  return overlap >= 0.5 * Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1]);
}

/** Entries of an experience, education or projects section: header lines, dates and bullets. */
function entries(lines: OrderedLine[]): Entry[] {
  const out: Entry[] = [];
  let cur: Entry | null = null;
  let lastBullet = false;
  let lastLine: OrderedLine | null = null;
  const start = () => {
    cur = newEntry();
    out.push(cur);
    lastBullet = false;
    return cur;
  };
  for (const line of lines) {
    const raw = line.text.trim();
    const bullet = BULLET.test(raw);
    const t = stripBullet(raw);
    if (!t || isDuration(t)) continue;
    if (isDateOnly(t) && !bullet) {
      const range = findDateRange(t)!;
      const e: Entry = cur && !(cur as Entry).dates ? cur : start();
      e.dates = range;
      // Dates on a row of their own close the entry's header; beside the header they are an aside.
      const header = e.lines[e.lines.length - 1];
      e.closed = !!header && !sameRow(header, line);
      e.lines.push(line);
      continue;
    }
    if (cur && !bullet && (cur as Entry).headers.length && !(cur as Entry).place && !(cur as Entry).bullets.length && isPlace(t)) {
      (cur as Entry).place = t;
      (cur as Entry).lines.push(line);
      continue;
    }
    if (bullet) {
      const e: Entry = cur ?? start();
      let text = t;
      // A date printed at the end of a bullet's row belongs to the entry (it sat in the margin).
      const range = findDateRange(text);
      if (range && !e.dates && range.index + range.raw.length >= text.length - 1 && range.index > 0 && range.end) {
        e.dates = range;
        text = withoutDateRange(text, range);
      }
      e.bullets.push(text);
      e.lines.push(line);
      lastBullet = true;
      lastLine = line;
      continue;
    }
    const e0 = cur as Entry | null;
    const prev = e0?.bullets[e0.bullets.length - 1];
    // A bullet's wrapped line: starts in lower case, follows a hyphen, or is indented past the bullet sign.
    const indented = lastLine !== null && line.page === lastLine.page && line.box[0] > lastLine.box[0] + 0.005 && line.box[1] > lastLine.box[1];
    if (e0 && lastBullet && prev !== undefined && (/^[\p{Ll}(]/u.test(t) || /[-‐]$/.test(prev) || indented)) {
      e0.bullets[e0.bullets.length - 1] = /[-‐]$/.test(prev) ? prev.slice(0, -1) + t : `${prev} ${t}`;
      e0.lines.push(line);
      continue;
    }
    // A sentence under a dated header is the entry's description, not a further header.
    const sentence = /[.!]$/.test(t) || (t.split(/\s+/).length >= 6 && !/\s[–—|@]\s|,/.test(t) && titleScore(t) === 0 && !isInstitution(t) && !degreeAt(t));
    if (e0 && e0.headers.length && e0.dates && !e0.bullets.length && sentence) {
      e0.bullets.push(t);
      e0.lines.push(line);
      lastBullet = true;
      continue;
    }
    const range = findDateRange(t);
    const full =
      e0 &&
      (e0.bullets.length ||
        (e0.dates && e0.headers.length >= 2) ||
        e0.headers.length >= 3 ||
        (range && e0.dates) ||
        (e0.dates && headerParts(e0).parts.length >= 2));
    let e: Entry = e0 && !full ? e0 : start();
    if (range && !e.dates) e.dates = range;
    const header = range ? withoutDateRange(t, range) : t;
    if (header) e.headers.push(header);
    e.lines.push(line);
    lastBullet = false;
    if (!e.headers.length && !e.dates) e = start();
  }
  return out.filter((e) => e.headers.length || e.bullets.length);
}

/** Header text → candidate parts: split at dashes, bars and "at", then at commas where a part is not a place. */
function headerParts(entry: Entry): { parts: string[]; place: string | null } {
  let place = entry.place;
  const parts: string[] = [];
  for (const header of entry.headers) {
    for (const seg of header.split(/\s+[–—|·•@]\s+|\s+(?:at|bei|chez)\s+|\s{3,}/u)) {
      const s = clean(seg);
      if (!s) continue;
      if (isPlace(s)) {
        place ??= s;
        continue;
      }
      const commas = s.split(/\s*,\s*/);
      // "Nexus AI, Co-Founder & CTO" is two parts; "Acme, Berlin, Germany" ends with a place.
      const tail = [2, 1].find((k) => commas.length > k && isPlace(commas.slice(-k).join(', '))) ?? 0;
      if (tail) place ??= commas.slice(-tail).join(', ');
      const rest = commas.slice(0, commas.length - tail);
      if (rest.length >= 2 && rest.every((c) => c.split(/\s+/).length <= 6)) parts.push(...rest.map(clean).filter(Boolean));
      else parts.push(clean(rest.join(', ')));
    }
  }
  return { parts, place };
}

const datesOf = (e: Entry) => ({ start: e.dates?.start ?? null, end: e.dates?.end ?? null, dates_raw: e.dates?.raw.trim() ?? null });

function experienceOf(e: Entry, where: { region: Region | null; evidence: CvText['evidence'] }): CvExperience {
  const { parts, place } = headerParts(e);
  let title: string | null = null;
  let employer: string | null = null;
  const scored = parts.map((p, i) => ({ p, i, t: titleScore(p), o: employerScore(p) }));
  const byTitle = [...scored].sort((a, b) => b.t - a.t || a.o - b.o || a.i - b.i);
  if (parts.length === 1) {
    if (scored[0]!.t > scored[0]!.o) title = parts[0]!;
    else employer = parts[0]!;
  } else if (parts.length >= 2) {
    const t = byTitle[0]!;
    const tied = byTitle[1] && byTitle[1].t === t.t && byTitle[1].o === t.o;
    // No word decides: "Title, Employer" is the common order.
    const titleIdx = tied ? 0 : t.i;
    title = parts[titleIdx]!;
    employer = parts.find((_, i) => i !== titleIdx) ?? null;
  }
  return { title, employer, place, ...datesOf(e), bullets: e.bullets, ...where };
}

function educationOf(e: Entry, where: { region: Region | null; evidence: CvText['evidence'] }): CvEducation {
  const { parts, place } = headerParts(e);
  let degree: string | null = null;
  let institution: string | null = null;
  for (const p of parts) {
    if (!institution && isInstitution(p)) {
      // "PhD Princeton University": a degree written before the institution's name.
      const d = degreeAt(p);
      if (d && d.index === 0 && !isInstitution(d[0])) {
        degree ??= clean(d[0]);
        institution = clean(p.slice(d[0].length));
      } else institution = p;
    } else if (!degree && degreeAt(p)) degree = p;
  }
  const rest = parts.filter((p) => p !== institution && p !== degree && !(institution && p.endsWith(institution)));
  if (!institution && rest.length) institution = rest.shift()!;
  if (!degree && rest.length) degree = rest.shift()!;
  return { degree, institution, place, ...datesOf(e), details: e.bullets, ...where };
}

function projectOf(e: Entry, where: { region: Region | null; evidence: CvText['evidence'] }): CvProject {
  const [name = '', ...more] = e.headers;
  return { name: clean(name), ...datesOf(e), description: [...more.map(clean), ...e.bullets], ...where };
}

/** List items: bullets stripped, split at commas, semicolons and bars; "Label: a, b" keeps its label. */
function listItems(lines: OrderedLine[]): { value: string; category: string | null; line: OrderedLine }[] {
  const out: { value: string; category: string | null; line: OrderedLine }[] = [];
  for (const line of lines) {
    let t = stripBullet(line.text);
    let category: string | null = null;
    const labelled = t.match(/^([^:]{2,40}):\s*(.+)$/);
    if (labelled) {
      category = clean(labelled[1]!);
      t = labelled[2]!;
    }
    for (const item of t.split(/\s*[,;|•·]\s*|\s{3,}/)) {
      const v = clean(item);
      if (v && v.split(/\s+/).length <= 8) out.push({ value: v, category, line });
    }
  }
  return out;
}

export interface ParseOptions {
  /** Evidence of a fact found by this reader, given its text (text layer, or agreement of readers). */
  evidenceFor(text: string): CvText['evidence'];
}

export interface ContactFound {
  value: string;
  line: OrderedLine;
}

/** The first e-mail address and phone number on the lines in reading order. */
function emailAndPhone(lines: OrderedLine[]): { email: ContactFound | null; phone: ContactFound | null } {
  let email: ContactFound | null = null;
  let phone: ContactFound | null = null;
  for (const line of lines) {
    const e = findEmail(line.text);
    if (e && !email) email = { value: e, line };
    const p = phonesIn(line.text)[0];
    if (p && !phone) phone = { value: p, line };
  }
  return { email, phone };
}

/** The contact facts as the CV reader finds them, each with the line it stands on: lines in reading
 * order and split at column gaps, so that on a photo of a two-column CV a fact's line holds the
 * sidebar's words only, not the main column's beside them. The name lists the lines it was read from. */
export function findCvContact(
  reader: string,
  pages: PageText[],
): { name: (ContactFound & { from: OrderedLine[] }) | null; email: ContactFound | null; phone: ContactFound | null } {
  const lay = layout(pages, reader !== 'text_layer');
  const name = lay.name ? { value: clean(lay.name.text), line: lay.name, from: lay.nameLines } : null;
  return { name, ...emailAndPhone(lay.lines) };
}

/** The CV's structure from one reader's pages. */
export function parseCv(reader: string, pages: PageText[], opts: ParseOptions): Cv {
  const lay = layout(pages, reader !== 'text_layer');
  const secs = sections(lay);
  const text = (value: string, lines: OrderedLine[]): CvText => ({ value, region: regionOf(lines), evidence: opts.evidenceFor(value) });
  const where = (lines: OrderedLine[], facts: string[]) => ({ region: regionOf(lines), evidence: weakest(facts.map((f) => opts.evidenceFor(f))) });
  const cv: Cv = {
    contact: { name: lay.name ? text(clean(lay.name.text), [lay.name]) : null, email: null, phone: null, location: null, links: [] },
    summary: null,
    experience: [],
    education: [],
    skills: [],
    languages: [],
    certifications: [],
    projects: [],
    sections: secs
      .filter((s) => s.heading !== null || s.lines.length)
      .map((s) => ({ kind: s.kind, heading: s.heading, region: regionOf(s.headingLine ? [s.headingLine, ...s.lines] : s.lines), lines: s.lines.length })),
    source: { reader, columns: lay.columns },
  };
  const found = emailAndPhone(lay.lines);
  if (found.email) cv.contact.email = text(found.email.value, [found.email.line]);
  if (found.phone) cv.contact.phone = text(found.phone.value, [found.phone.line]);
  for (const sec of secs) {
    const w = (lines: OrderedLine[], facts: string[]) => where(lines, facts);
    switch (sec.kind) {
      case 'contact':
        contactOf(sec.lines, cv, text);
        break;
      case 'summary':
        if (sec.lines.length && !cv.summary) cv.summary = text(sec.lines.map((l) => stripBullet(l.text)).join(' '), sec.lines);
        break;
      case 'experience':
        for (const e of entries(sec.lines)) {
          const x = experienceOf(e, w(e.lines, []));
          cv.experience.push({
            ...x,
            evidence: w(
              e.lines,
              [x.title, x.employer].filter((v): v is string => !!v),
            ).evidence,
          });
        }
        break;
      case 'education':
        for (const e of entries(sec.lines)) {
          const x = educationOf(e, w(e.lines, []));
          cv.education.push({
            ...x,
            evidence: w(
              e.lines,
              [x.degree, x.institution].filter((v): v is string => !!v),
            ).evidence,
          });
        }
        break;
      case 'projects':
        for (const e of entries(sec.lines)) {
          const x = projectOf(e, w(e.lines, []));
          if (x.name) cv.projects.push({ ...x, evidence: opts.evidenceFor(x.name) });
        }
        break;
      case 'skills':
        for (const i of listItems(sec.lines)) cv.skills.push({ value: i.value, category: i.category, ...where([i.line], [i.value]) });
        break;
      case 'languages':
        for (const i of listItems(sec.lines)) {
          const m = i.value.match(/^(.+?)\s*(?:\((.+)\)|[–—:-]\s*(.+))$/);
          const language = clean(m ? m[1]! : i.value);
          cv.languages.push({ language, level: m ? clean(m[2] ?? m[3] ?? '') || null : null, ...where([i.line], [language]) });
        }
        break;
      case 'certifications':
        for (const line of sec.lines) {
          const t = stripBullet(line.text);
          const range = findDateRange(t);
          const name = clean(range ? withoutDateRange(t, range) : t);
          if (name) cv.certifications.push({ name, date: range?.start ?? null, ...where([line], [name]) });
        }
        break;
      case 'other':
        break;
    }
  }
  return cv;
}

function contactOf(lines: OrderedLine[], cv: Cv, text: (v: string, l: OrderedLine[]) => CvText): void {
  for (const line of lines) {
    if (line.text.trim() === cv.contact.name?.value || (cv.contact.name?.value ?? '').split(' ').includes(line.text.trim())) continue;
    for (const token of line.text.split(/\s*[|·•◆\p{Co}]\s*|\s{2,}|\s+[–—]\s+/u)) {
      const t = clean(token.replace(/^(?:e-?mail|tel(?:efon|éfono|éphone)?|phone|mobile?|handy|adresse|address|dirección)\s*[.:]\s*/i, ''));
      if (!t || EMAIL.test(t)) continue;
      const url = t.match(URL);
      if (url && url[0].length >= t.length - 1) {
        if (!cv.contact.links.some((l) => l.value === url[0])) cv.contact.links.push(text(url[0], [line]));
        continue;
      }
      if (!cv.contact.location && isPlace(t)) cv.contact.location = text(t, [line]);
    }
  }
}

const ORDER: CvText['evidence'][number][] = ['operator', 'mrz_checksum', 'arithmetic', 'text_layer', 'reader_agree', 'judge', 'single_reader'];

/** An entry is as strong as its weakest fact. */
function weakest(list: CvText['evidence'][]): CvText['evidence'] {
  let worst: CvText['evidence'] = [];
  let rank = -1;
  for (const ev of list) {
    const r = Math.min(...ev.map((e) => ORDER.indexOf(e)));
    if (r > rank) {
      rank = r;
      worst = ev;
    }
  }
  return worst;
}
