/** Reader outputs built from a generated identity document's truth and regions: what a perfect
 * reader would return (labels above values, the MRZ split into its lines), for fast tests of the
 * identity doctypes without OCR. Overrides change what the "reader" saw. */
import type { GeneratedDocument } from '../fixtures/documents/index.js';
import type { Box, Line, ReaderName, ReaderOutput, Word } from '../../src/readers/types.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Labels as the generators print them, by truth key and document type. */
const LABELS: Record<string, string> = {
  surname: 'Surname / Nom',
  given_names: 'Given names / Prénoms',
  document_number: 'Passport No. / No. du passeport',
  nationality: 'Nationality / Nationalité',
  birth_date: 'Date of birth / Date de naissance',
  sex: 'Sex / Sexe',
  expiry_date: 'Date of expiry / Date d’expiration',
  place_of_birth: 'Place of birth / Lieu de naissance',
  issue_date: 'Date of issue / Date de délivrance',
  authority: 'Authority / Autorité',
  personal_number: 'Personal No. / No. personnel',
  issuing_state: 'Code / Code',
};
const VISA_LABELS: Record<string, string> = {
  valid_from: 'Valid from / Du',
  expiry_date: 'Until / Au',
  visa_type: 'Type of visa / Type de visa',
  entries: 'Number of entries / Nombre d’entrées',
  place_of_issue: 'Issued in / Délivré à',
  issue_date: 'On / Le',
  passport_number: 'Passport No. / No. du passeport',
};
const QID_LABELS: Record<string, string> = {
  id_number: 'ID No.',
  birth_date: 'D.O.B',
  expiry_date: 'Expiry',
  occupation: 'Occupation',
  name_en: 'Name',
  nationality: 'Nationality',
};

function printed(key: string, value: string | number, docType: string): string {
  const s = String(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!iso || !/date|valid_from/.test(key)) return s;
  return docType === 'qid' ? `${iso[3]}/${iso[2]}/${iso[1]}` : `${iso[3]} ${MONTHS[Number(iso[2]) - 1]} ${iso[1]}`;
}

/** A line whose words share its box in proportion to their length. */
export function lineOf(text: string, box: Box, confidence = 0.95): Line {
  const parts = text.split(' ').filter(Boolean);
  const total = parts.reduce((n, p) => n + p.length, 0) + parts.length - 1;
  const unit = (box[2] - box[0]) / Math.max(1, total);
  let x = box[0];
  const words: Word[] = parts.map((p) => {
    const w: Word = { text: p, box: [x, box[1], x + p.length * unit, box[3]], confidence };
    x += (p.length + 1) * unit;
    return w;
  });
  return { text: parts.join(' '), box, confidence, words };
}

/** One reader's output of a single page whose lines are `texts`, stacked as an MRZ's rows are. */
export const mrzOutput = (reader: ReaderName, texts: string[]): ReaderOutput => ({
  reader,
  engine: { name: reader, version: '' },
  pages: [{ page: 1, lines: texts.map((t, i) => lineOf(t, [0.05, 0.2 + i * 0.4, 0.95, 0.5 + i * 0.4])) }],
  ms: 0,
  cost_usd: 0,
});

export interface ReadingOverrides {
  /** MRZ lines as this reader saw them. */
  mrz?: string[];
  /** Visual-zone text by truth key (as printed), or null to leave the value unread. */
  viz?: Record<string, string | null>;
  reader?: ReaderName;
}

export function readingOf(doc: GeneratedDocument, overrides: ReadingOverrides = {}): ReaderOutput {
  const type = doc.truth.doc_type;
  const labels = type === 'qid' ? QID_LABELS : type === 'visa' ? { ...LABELS, ...VISA_LABELS } : LABELS;
  const lines: Line[] = [];
  for (const [key, region] of Object.entries(doc.regions ?? {})) {
    if (key === 'mrz' || (key === 'document_number' && type === 'visa')) continue;
    const truth = doc.truth.fields[key];
    const label = labels[key];
    if (truth === undefined) continue;
    const [x0, y0, x1, y1] = region.box;
    const h = y1 - y0;
    if (label) lines.push(lineOf(label, [x0, y0 - 1.2 * h, x0 + (x1 - x0) * 0.9, y0 - 0.4 * h]));
    const text = overrides.viz && key in overrides.viz ? overrides.viz[key] : printed(key, truth, type);
    if (text) lines.push(lineOf(text, region.box));
  }
  const mrz = overrides.mrz ?? doc.truth.mrz_lines ?? [];
  const zone = doc.regions?.mrz?.box;
  if (zone && mrz.length > 0) {
    const step = (zone[3] - zone[1]) / mrz.length;
    mrz.forEach((text, i) => lines.push(lineOf(text, [zone[0], zone[1] + i * step, zone[2], zone[1] + (i + 0.8) * step])));
  }
  lines.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  return { reader: overrides.reader ?? 'tesseract', engine: { name: 'synthetic', version: '0' }, pages: [{ page: 1, lines }], ms: 0, cost_usd: 0 };
}
