/** Dates as CVs write them, in English, German, French and Spanish: "Sept 2018 – May 2023",
 * "09/2018 - heute", "2018-09 – présent", "seit 2020", "2014 – 2018". Normalised to "YYYY-MM" or
 * "YYYY"; an open end is "present". */

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ['january', 'jan', 'januar', 'jän', 'janvier', 'janv', 'enero', 'ene'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero'],
  ['march', 'mar', 'märz', 'maerz', 'marz', 'mars', 'marzo', 'mär'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  ['may', 'mai', 'mayo', 'may'],
  ['june', 'jun', 'juni', 'juin', 'junio'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic'],
];
MONTH_NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

const PRESENT_WORDS = [
  'present',
  'current',
  'now',
  'today',
  'ongoing',
  'heute',
  'aktuell',
  'jetzt',
  'derzeit',
  'présent',
  'present',
  'actuel',
  "aujourd'hui",
  'aujourd’hui',
  'ce jour',
  'actualidad',
  'presente',
  'hoy',
  'actual',
];

const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
const PRESENT_ALT = [...new Set(PRESENT_WORDS)].sort((a, b) => b.length - a.length).join('|');

/** One date: "Sept 2018", "Sept. 2018", "09/2018", "09.2018", "2018-09", "2018". */
const ONE = `(?:(?:${MONTH_ALT})\\.?\\s+(?:de\\s+)?(?:19|20)\\d{2}|(?:0?[1-9]|1[0-2])[/.](?:19|20)\\d{2}|(?:19|20)\\d{2}-(?:0[1-9]|1[0-2])(?!\\d)|(?:19|20)\\d{2})`;
const END = `(?:${ONE}|${PRESENT_ALT})`;
const SEP = `\\s*(?:–|—|-|−|to|bis|à|au|a|hasta|until)\\s*`;

/** A range, or a single date, or "since DATE". */
export const DATE_RANGE = new RegExp(`(?<![\\p{L}\\d])(?:(?:since|seit|depuis|desde)\\s+(${ONE})|(${ONE})(?:${SEP}(${END}))?)(?![\\p{L}\\d])`, 'iu');

export interface DateRange {
  start: string | null;
  end: string | null;
  /** The text as written. */
  raw: string;
}

/** "Sept 2018" → "2018-09"; "2018" → "2018"; present words → "present". */
export function normaliseDate(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (new RegExp(`^(?:${PRESENT_ALT})$`, 'i').test(t)) return 'present';
  let m = t.match(new RegExp(`^(${MONTH_ALT})\\.?\\s+(?:de\\s+)?((?:19|20)\\d{2})$`, 'i'));
  if (m) return `${m[2]}-${String(MONTHS[m[1]!.toLowerCase()]).padStart(2, '0')}`;
  m = t.match(/^(0?[1-9]|1[0-2])[/.]((?:19|20)\d{2})$/);
  if (m) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = t.match(/^((?:19|20)\d{2})-(0[1-9]|1[0-2])$/);
  if (m) return `${m[1]}-${m[2]}`;
  m = t.match(/^((?:19|20)\d{2})$/);
  return m ? m[1]! : null;
}

/** The first date range in a text, with its position. */
export function findDateRange(text: string): (DateRange & { index: number }) | null {
  const m = DATE_RANGE.exec(text);
  if (!m) return null;
  if (m[1]) return { start: normaliseDate(m[1]), end: 'present', raw: m[0], index: m.index };
  return { start: normaliseDate(m[2]!), end: m[3] ? normaliseDate(m[3]) : null, raw: m[0], index: m.index };
}

/** Removes the date range from a text, with the separators around it. */
export function withoutDateRange(text: string, range: { raw: string; index: number }): string {
  const before = text.slice(0, range.index);
  const after = text.slice(range.index + range.raw.length);
  return `${before} ${after}`
    .replace(/[(\[]\s*[)\]]/g, ' ')
    .replace(/^[\s|,·•–—-]+|[\s|,·•–—:(-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Whether the whole line is a date or a range (an aside of an entry, not its text). */
export function isDateOnly(text: string): boolean {
  const range = findDateRange(text);
  return range !== null && withoutDateRange(text, range).replace(/[()]/g, '').trim() === '';
}

/** A duration some layouts print beside the dates ("2 years 10 months", "4 Monate"). */
export function isDuration(text: string): boolean {
  return /^\(?\s*(?:\d+\s*(?:years?|yrs?|months?|mos?|jahre?|monate?|ans?|mois|años?|meses?)\s*,?\s*)+\)?$/i.test(text.trim());
}

/** Month index since year 0 for comparisons; "present" is `now`; a bare year is its January (start) or December (end). */
export function monthIndex(date: string | null, now: Date, edge: 'start' | 'end'): number | null {
  if (!date) return null;
  if (date === 'present') return now.getUTCFullYear() * 12 + now.getUTCMonth();
  const [y, m] = date.split('-').map(Number);
  if (!y) return null;
  return y * 12 + (m ? m - 1 : edge === 'start' ? 0 : 11);
}
