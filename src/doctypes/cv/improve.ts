/** Better wording with the facts locked. Local rules rewrite bullet points and the summary: a weak
 * opening becomes an action verb, a finished role speaks in the past tense, filler goes. Every
 * rewrite is checked: its numbers, dates, proper names, emails and links must be those of the
 * source, one to one, or the rewrite is refused and the source text kept. Titles, employers,
 * degrees, institutions, dates and contact details are never rewritten. */
import type { Cv } from './model.js';
import { renderCvText } from './text.js';

export interface Rewrite {
  where: string;
  original: string;
  improved: string;
}

export interface Refusal extends Rewrite {
  reason: string;
}

export interface CvImproved {
  [key: string]: unknown;
  engine: string;
  /** The improved CV as plain text. */
  text: string;
  changes: Rewrite[];
  refused: Refusal[];
  /** Facts of the source against those of the improved text: both lists empty means none changed. */
  fact_diff: { facts: number; lost: string[]; added: string[] };
  /** The improved structure: the source with the accepted rewrites applied. */
  cv: Cv;
}

/** The locked facts of a text: numbers (with their units), years and months, capitalised names
 * past the first word, emails and links. */
export function lockedFacts(text: string): string[] {
  const facts: string[] = [];
  for (const m of text.matchAll(/[$€£]?\d[\d.,/:]*\d?\s?(?:%|x|\+|k|m|bn)?/giu)) facts.push(m[0].replace(/[.,]$/, '').replace(/\s/g, '').toLowerCase());
  for (const m of text.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|(?:https?:\/\/|www\.)\S+/g)) facts.push(m[0]);
  const words = text
    .replace(/[A-Za-z0-9._%+-]+@\S+|(?:https?:\/\/|www\.)\S+/g, ' ')
    .split(/[^\p{L}\p{N}&+#.'-]+/u)
    .filter(Boolean);
  words.forEach((w, i) => {
    // The first word is a fact too unless it is a verb or a common opening the rules may change.
    const opening = i === 0 && (base(w) !== null || OPENINGS.has(w.toLowerCase()) || /(?:ed|ing)$/i.test(w));
    if (/^\p{Lu}/u.test(w) && !opening) facts.push(w.replace(/[.]$/, ''));
    else if (/\p{Lu}.*\p{Lu}|\p{L}\d|\d\p{L}|[+#]/u.test(w)) facts.push(w.replace(/[.]$/, ''));
  });
  return facts.sort();
}

const OPENINGS = new Set([
  'responsible',
  'in',
  'tasked',
  'worked',
  'helped',
  'assisted',
  'was',
  'i',
  'involved',
  'successfully',
  'very',
  'various',
  'the',
  'a',
  'an',
  'contributed',
  'contribute',
  'led',
  'built',
  'ran',
  'wrote',
  'drove',
  'made',
  'taught',
  'grew',
  'oversaw',
  'sold',
  'took',
]);

/** The locked facts of a printed CV, line by line (each line opens a sentence). */
function textFacts(text: string): string[] {
  return text.split('\n').flatMap((line) => lockedFacts(line.replace(/^•\s*/, '')));
}

function multisetDiff(a: string[], b: string[]): string[] {
  const rest = [...b];
  const out: string[] = [];
  for (const x of a) {
    const i = rest.indexOf(x);
    if (i >= 0) rest.splice(i, 1);
    else out.push(x);
  }
  return out;
}

const IRREGULAR: Record<string, string> = {
  build: 'built',
  lead: 'led',
  run: 'ran',
  write: 'wrote',
  drive: 'drove',
  make: 'made',
  teach: 'taught',
  win: 'won',
  grow: 'grew',
  set: 'set',
  begin: 'began',
  bring: 'brought',
  hold: 'held',
  keep: 'kept',
  meet: 'met',
  sell: 'sold',
  speak: 'spoke',
  take: 'took',
  give: 'gave',
  oversee: 'oversaw',
  undertake: 'undertook',
  cut: 'cut',
  put: 'put',
};

/** Base verb → past tense ("manage" → "managed", "apply" → "applied", "build" → "built"). */
function past(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR[v]) return IRREGULAR[v]!;
  if (v.endsWith('e')) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  if (/^(?:plan|ship|scrap|drop|stop)$/.test(v)) return `${v}${v.slice(-1)}ed`;
  return `${v}ed`;
}

/** A gerund or third-person form → the base verb ("managing" → "manage", "develops" → "develop"). */
function base(word: string): string | null {
  const w = word.toLowerCase();
  const known = new Set([
    'manage',
    'develop',
    'lead',
    'build',
    'design',
    'create',
    'implement',
    'coordinate',
    'maintain',
    'support',
    'analyse',
    'analyze',
    'improve',
    'deliver',
    'test',
    'write',
    'plan',
    'run',
    'train',
    'organise',
    'organize',
    'oversee',
    'monitor',
    'prepare',
    'handle',
    'negotiate',
    'research',
    'launch',
    'migrate',
    'automate',
    'optimise',
    'optimize',
    'drive',
    'teach',
    'review',
    'report',
    'sell',
    'grow',
    'reduce',
    'increase',
    'ship',
    'define',
    'own',
    'mentor',
    'present',
    'deploy',
    'integrate',
    'establish',
  ]);
  const cands = [
    w,
    w.replace(/ing$/, ''),
    w.replace(/ing$/, 'e'),
    w.replace(/([^aeiou])\1ing$/, '$1'),
    w.replace(/ies$/, 'y'),
    w.replace(/es$/, ''),
    w.replace(/s$/, ''),
  ];
  return cands.find((c) => known.has(c)) ?? null;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const FILLER: Array<[RegExp, string]> = [
  [/\bin order to\b/gi, 'to'],
  [/\bsuccessfully\s+/gi, ''],
  [/\bvarious\s+/gi, ''],
  [/\bvery\s+/gi, ''],
  [/\butili[sz]ed\b/gi, 'used'],
  [/\butili[sz]ing\b/gi, 'using'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\s{2,}/g, ' '],
];

/** One bullet point, reworded by the local rules (finished: whether the role has ended). */
export function rewordBullet(text: string, finished: boolean): string {
  let t = text.trim();
  // "Responsible for managing X", "In charge of planning X", "Tasked with running X" → "Managed X".
  const weak = t.match(
    /^(?:(?:I\s+was|was)\s+)?(?:responsible\s+for|in\s+charge\s+of|tasked\s+with|involved\s+in|worked\s+on|helped(?:\s+to)?|assisted\s+in|assisted\s+with)\s+(\p{L}+)(.*)$/iu,
  );
  if (weak) {
    const verb = base(weak[1]!);
    if (verb) t = `${finished ? past(verb) : verb}${weak[2]}`;
    else if (/^(?:worked\s+on|involved\s+in)/i.test(t)) t = `${finished ? 'Contributed' : 'Contribute'} to ${weak[1]}${weak[2]}`;
  } else {
    const first = t.match(/^(\p{L}+)(.*)$/u);
    const verb = first ? base(first[1]!) : null;
    if (first && verb) t = `${finished ? past(verb) : verb}${first[2]}`;
  }
  for (const [re, to] of FILLER) t = t.replace(re, to);
  return cap(t.trim());
}

function lockCheck(original: string, improved: string): { ok: true } | { ok: false; reason: string } {
  const a = lockedFacts(original);
  const b = lockedFacts(improved);
  const lost = multisetDiff(a, b);
  const added = multisetDiff(b, a);
  if (!lost.length && !added.length) return { ok: true };
  return { ok: false, reason: `facts changed: ${[...lost.map((f) => `lost ${f}`), ...added.map((f) => `added ${f}`)].join(', ')}` };
}

/** Applies a rewording to every bullet and the summary, each through the fact lock. */
export function improveWith(cv: Cv, reword: (text: string, where: string, finished: boolean) => string, engine: string): CvImproved {
  const changes: Rewrite[] = [];
  const refused: Refusal[] = [];
  const apply = (original: string, where: string, finished: boolean): string => {
    const improved = reword(original, where, finished);
    if (improved === original) return original;
    const check = lockCheck(original, improved);
    if (!check.ok) {
      refused.push({ where, original, improved, reason: check.reason });
      return original;
    }
    changes.push({ where, original, improved });
    return improved;
  };
  const out: Cv = structuredClone(cv);
  if (out.summary) out.summary = { ...out.summary, value: apply(out.summary.value, 'summary', false) };
  out.experience = out.experience.map((e, i) => ({
    ...e,
    bullets: e.bullets.map((b, j) => apply(b, `experience[${i}].bullets[${j}]`, e.end !== 'present' && e.end !== null)),
  }));
  out.projects = out.projects.map((p, i) => ({
    ...p,
    description: p.description.map((d, j) => apply(d, `projects[${i}].description[${j}]`, p.end !== 'present')),
  }));
  const before = textFacts(renderCvText(cv));
  const text = renderCvText(out);
  const after = textFacts(text);
  return {
    engine,
    text,
    changes,
    refused,
    fact_diff: { facts: before.length, lost: multisetDiff(before, after), added: multisetDiff(after, before) },
    cv: out,
  };
}

/** The local rules (no model). */
export function improveCv(cv: Cv): CvImproved {
  return improveWith(cv, (text, where, finished) => (where === 'summary' ? rewordSummary(text) : rewordBullet(text, finished)), 'local_rules');
}

function rewordSummary(text: string): string {
  let t = text;
  for (const [re, to] of FILLER) t = t.replace(re, to);
  return t.trim();
}
