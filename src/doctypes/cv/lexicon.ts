/** Words that tell a job title from an employer, a degree from an institution, and a place from
 * either, in English, German, French and Spanish. Scored, never required: a header with none of
 * them falls back on its position. */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
for (const lang of ['en', 'de', 'fr', 'es']) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const COUNTRY_NAMES = new Set<string>();
for (const lang of ['en', 'de', 'fr', 'es']) {
  for (const names of Object.values(countries.getNames(lang, { select: 'all' }))) for (const n of names as string[]) COUNTRY_NAMES.add(fold(n));
}
for (const extra of ['uk', 'usa', 'us', 'uae', 'turkiye', 'england', 'scotland', 'wales', 'deutschland', 'espana', 'suisse', 'schweiz'])
  COUNTRY_NAMES.add(extra);

const CITIES = new Set(
  [
    'london',
    'paris',
    'berlin',
    'munich',
    'münchen',
    'hamburg',
    'frankfurt',
    'cologne',
    'köln',
    'stuttgart',
    'vienna',
    'wien',
    'zurich',
    'zürich',
    'geneva',
    'genève',
    'madrid',
    'barcelona',
    'valencia',
    'sevilla',
    'seville',
    'lisbon',
    'lisboa',
    'rome',
    'roma',
    'milan',
    'milano',
    'amsterdam',
    'rotterdam',
    'brussels',
    'bruxelles',
    'lyon',
    'marseille',
    'toulouse',
    'nantes',
    'lille',
    'bordeaux',
    'dublin',
    'edinburgh',
    'manchester',
    'new york',
    'san francisco',
    'boston',
    'seattle',
    'chicago',
    'austin',
    'los angeles',
    'toronto',
    'montreal',
    'montréal',
    'vancouver',
    'mexico city',
    'ciudad de méxico',
    'buenos aires',
    'bogotá',
    'santiago',
    'lima',
    'doha',
    'dubai',
    'abu dhabi',
    'riyadh',
    'cairo',
    'istanbul',
    'singapore',
    'tokyo',
    'sydney',
    'melbourne',
    'bangalore',
    'mumbai',
    'remote',
    'hybrid',
  ].map(fold),
);

const words = (list: string) => list.split('|').map(fold);

const TITLE_WORDS = words(
  'engineer|developer|programmer|manager|intern|internship|director|analyst|consultant|designer|founder|co-founder|cto|ceo|cfo|coo|vp|president|lead|head|scientist|researcher|specialist|architect|officer|assistant|associate|administrator|coordinator|teacher|lecturer|professor|nurse|accountant|technician|representative|executive|supervisor|owner|partner|editor|writer|advisor|adviser|trainee|apprentice|fellow|postdoc|student|tutor|operator|agent|clerk|sales|marketing|recruiter|product|support|devops|sre|qa|tester|principal|senior|junior|staff|chief|controller|buyer|auditor|planner|strategist|economist|attorney|lawyer|paralegal|pharmacist|physician|therapist|secretary|receptionist|cashier|mechanic|electrician|chemist|statistician|' +
    'ingenieur|ingenieurin|entwickler|entwicklerin|leiter|leiterin|berater|beraterin|praktikant|praktikantin|werkstudent|werkstudentin|referent|referentin|sachbearbeiter|sachbearbeiterin|geschaftsfuhrer|geschaftsfuhrerin|projektleiter|projektleiterin|mitarbeiter|mitarbeiterin|wissenschaftlicher|softwareentwickler|softwareentwicklerin|controllerin|einkaufer|einkauferin|' +
    'ingenieure|developpeur|developpeuse|chef|responsable|stagiaire|consultante|directeur|directrice|charge|chargee|gestionnaire|technicien|technicienne|analyste|alternant|alternante|' +
    'ingeniero|ingeniera|desarrollador|desarrolladora|gerente|jefe|jefa|becario|becaria|analista|consultor|consultora|director|directora|disenador|disenadora|tecnico|tecnica|coordinador|coordinadora|responsable|asistente|practicas',
);

const EMPLOYER_WORDS = words(
  'inc|inc.|ltd|ltd.|llc|gmbh|ag|se|sa|sas|sarl|s.a.|s.l.|sl|plc|corp|corp.|corporation|company|co.|group|gruppe|groupe|grupo|bank|banque|banco|labs|lab|research|technologies|technology|systems|solutions|software|consulting|partners|holding|studio|agency|agentur|foundation|stiftung|hospital|klinikum|ministry|council|university|universitat|universite|universidad|institute|institut|instituto|school|ai',
);

const INSTITUTION_WORDS = words(
  'university|universitat|universite|universidad|universita|college|school|institute|institut|instituto|hochschule|fachhochschule|academy|akademie|academie|academia|ecole|escuela|polytechnic|politecnico|polytechnique|gymnasium|lycee|colegio|liceo|conservatory|seminary|tu|eth|epfl|mit',
);

/** Degree names: whole words at the start of a segment, or anywhere as whole words. */
const DEGREE =
  /(?<![\p{L}])(ph\.?\s?d\.?|dphil|doctorate|doctor|dr\.|b\.?\s?sc?\.?|b\.?\s?a\.?|b\.?\s?eng\.?|m\.?\s?sc?\.?|m\.?\s?a\.?|m\.?\s?eng\.?|mba|llb|llm|bachelor(?:'s)?|master(?:'s)?|associate(?:'s)? degree|diploma|diplom|diplôme|abitur|magister|staatsexamen|licence|licenciatura|licenciado|grado|máster|maestría|doctorado|baccalauréat|bac|bts|dut|mastère|ingénieur|high school|a-levels|ged|certificate|hnd)(?![\p{L}])/iu;

const tokens = (s: string) =>
  fold(s)
    .split(/[^\p{L}\p{N}.&-]+/u)
    .filter(Boolean);

export function titleScore(s: string): number {
  return tokens(s).filter((t) => TITLE_WORDS.includes(t) || TITLE_WORDS.some((w) => w.length > 5 && t.endsWith(w))).length;
}

export function employerScore(s: string): number {
  return tokens(s).filter((t) => EMPLOYER_WORDS.includes(t)).length;
}

export function isInstitution(s: string): boolean {
  return tokens(s).some((t) => INSTITUTION_WORDS.includes(t) || INSTITUTION_WORDS.some((w) => w.length > 6 && t.includes(w)));
}

export function degreeAt(s: string): RegExpMatchArray | null {
  return s.match(DEGREE);
}

/** "San Francisco, CA", "Berlin, Germany", "Remote", "London": a place, not a name or a title. */
export function isPlace(s: string): boolean {
  const t = s.trim().replace(/[()]/g, '');
  if (!t || t.length > 50 || /\d|@/.test(t)) return false;
  const f = fold(t);
  if (CITIES.has(f) || COUNTRY_NAMES.has(f)) return true;
  const parts = t.split(/\s*,\s*/);
  if (parts.length < 2 || parts.length > 3 || /[|–—•·]/.test(t)) return false;
  // A town is a few words and names no employer or role: "Acme Labs, Berlin" is not a place.
  if (parts.slice(0, -1).some((p) => p.split(/\s+/).length > 3 || employerScore(p) > 0 || titleScore(p) > 0)) return false;
  const last = parts[parts.length - 1]!;
  // Three parts are "Austin, TX, USA" or "Lyon, Rhône, France", not "Acme Analytics, Wien, Österreich".
  if (parts.length === 3 && !CITIES.has(fold(parts[0]!)) && !/^[A-Z]{2,3}$/.test(parts[1]!)) return false;
  if (/^[A-Z]{2,3}$/.test(last)) return true;
  return COUNTRY_NAMES.has(fold(last)) || CITIES.has(fold(parts[0]!));
}
