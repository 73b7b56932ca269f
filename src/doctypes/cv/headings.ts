/** Section headings of CVs in English, German, French and Spanish, by the kind of section. */

export const CV_SECTION_KINDS = ['contact', 'summary', 'experience', 'education', 'skills', 'languages', 'certifications', 'projects', 'other'] as const;
export type CvSectionKind = (typeof CV_SECTION_KINDS)[number];

const HEADINGS: Record<Exclude<CvSectionKind, 'other'>, string[]> = {
  contact: ['contact', 'contact information', 'contact details', 'personal details', 'personal information', 'kontakt', 'kontaktdaten', 'persönliche daten', 'coordonnées', 'informations personnelles', 'contacto', 'datos personales', 'datos de contacto'],
  summary: [
    'summary', 'professional summary', 'profile', 'professional profile', 'about me', 'about', 'objective', 'career objective', 'personal statement',
    'profil', 'kurzprofil', 'zusammenfassung', 'über mich', 'berufsprofil', 'à propos', 'a propos', 'objectif', 'profil professionnel', 'résumé professionnel',
    'perfil', 'perfil profesional', 'resumen', 'resumen profesional', 'sobre mí', 'objetivo', 'extracto',
  ],
  experience: [
    'experience', 'work experience', 'professional experience', 'employment', 'employment history', 'work history', 'career history', 'career', 'relevant experience',
    'berufserfahrung', 'berufliche erfahrung', 'beruflicher werdegang', 'werdegang', 'praxiserfahrung', 'berufspraxis',
    'expérience', 'expériences', 'expérience professionnelle', 'expériences professionnelles', 'parcours professionnel',
    'experiencia', 'experiencia laboral', 'experiencia profesional', 'historial laboral', 'trayectoria profesional',
  ],
  education: [
    'education', 'academic background', 'qualifications', 'academic history', 'education and training', 'education & training',
    'ausbildung', 'bildung', 'bildungsweg', 'studium', 'akademischer werdegang', 'schulbildung', 'aus- und weiterbildung',
    'formation', 'formations', 'études', 'parcours académique', 'diplômes', 'formation académique',
    'formación', 'formación académica', 'educación', 'estudios', 'titulación',
  ],
  skills: [
    'skills', 'technical skills', 'core competencies', 'competencies', 'key skills', 'expertise', 'skills & tools', 'tools', 'technologies',
    'kenntnisse', 'fähigkeiten', 'kompetenzen', 'it-kenntnisse', 'fachkenntnisse', 'fähigkeiten und kenntnisse',
    'compétences', 'compétences techniques', 'savoir-faire',
    'habilidades', 'competencias', 'conocimientos', 'aptitudes', 'habilidades técnicas',
  ],
  languages: ['languages', 'language skills', 'sprachen', 'sprachkenntnisse', 'langues', 'compétences linguistiques', 'idiomas', 'lenguas'],
  certifications: ['certifications', 'certificates', 'licenses', 'licenses & certifications', 'certifications & licenses', 'zertifikate', 'zertifizierungen', 'certificats', 'certifications professionnelles', 'certificaciones', 'certificados'],
  projects: ['projects', 'personal projects', 'selected projects', 'key projects', 'projekte', 'projets', 'projets personnels', 'proyectos'],
};

const OTHER = [
  'publications', 'awards', 'honors', 'honours', 'selected honors', 'awards & honors', 'interests', 'hobbies', 'references', 'volunteering', 'volunteer experience', 'patents', 'invited talks', 'activities',
  'publikationen', 'veröffentlichungen', 'auszeichnungen', 'interessen', 'hobbys', 'referenzen', 'ehrenamt',
  "centres d'intérêt", 'centres d’intérêt', 'loisirs', 'prix', 'distinctions', 'références', 'bénévolat',
  'publicaciones', 'premios', 'intereses', 'aficiones', 'referencias', 'voluntariado',
];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Heading text as compared: no accents, no case, no trailing colon or decoration. */
export function headingKey(text: string): string {
  return fold(text).replace(/^[\s#*•|–—-]+|[\s:：*•|–—-]+$/g, '').replace(/\s+/g, ' ').trim();
}

const BY_KEY = new Map<string, CvSectionKind>();
for (const [kind, names] of Object.entries(HEADINGS)) for (const n of names) BY_KEY.set(headingKey(n), kind as CvSectionKind);
for (const n of OTHER) BY_KEY.set(headingKey(n), 'other');

/** The section kind a line names, when it is one of the known headings. */
export function knownHeading(text: string): CvSectionKind | null {
  if (text.length > 60) return null;
  return BY_KEY.get(headingKey(text)) ?? null;
}

/** The heading printed for each kind in a rebuilt CV (English; a known heading, so it reads back). */
export const PRINTED_HEADINGS: Record<Exclude<CvSectionKind, 'other' | 'contact'>, string> = {
  summary: 'Summary',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  languages: 'Languages',
  certifications: 'Certifications',
  projects: 'Projects',
};
