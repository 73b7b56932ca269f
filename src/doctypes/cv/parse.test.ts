import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../../readers/types.js';
import { knownHeading } from './headings.js';
import { digitOs, emailsIn, findEmail, parseCv, phonesIn } from './parse.js';
import { findGutter, sidebarBand, withBandReading } from './reading-order.js';

/** A page from lines at given positions (fractions of the page), each line one word run. */
function page(lines: Array<[string, number, number, number?]>): PageText {
  const out: Line[] = lines.map(([text, x, y, h = 0.014]) => ({ text, box: [x, y, Math.min(1, x + text.length * 0.007), y + h], confidence: 1, words: [] }));
  return { page: 1, lines: out };
}
const opts = { evidenceFor: () => ['text_layer' as const] };

/** An OCR line from words at given left and right edges, on one row. */
function ocr(words: Array<[string, number, number]>, y: number, h = 0.01): Line {
  const ws = words.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + h] as [number, number, number, number], confidence: 0.9 }));
  return { text: ws.map((w) => w.text).join(' '), box: [ws[0]!.box[0], y, ws[ws.length - 1]!.box[2], y + h], confidence: 0.9, words: ws };
}

describe('CV headings', () => {
  it('knows section headings in English, German, French and Spanish', () => {
    expect(knownHeading('Berufserfahrung')).toBe('experience');
    expect(knownHeading('EXPÉRIENCE PROFESSIONNELLE')).toBe('experience');
    expect(knownHeading('Formación académica:')).toBe('education');
    expect(knownHeading('Compétences')).toBe('skills');
    expect(knownHeading('Sprachkenntnisse')).toBe('languages');
    expect(knownHeading('Nexus AI')).toBeNull();
  });
});

describe('parseCv', () => {
  it('reads a one-column CV with dates beside the entries', () => {
    const cv = parseCv(
      'text_layer',
      [
        page([
          ['Marta Ruiz', 0.4, 0.04, 0.03],
          ['Valencia, Spain · marta.ruiz@example.es · +34 612 345 678', 0.2, 0.09],
          ['Experiencia profesional', 0.08, 0.14, 0.018],
          ['Acme Solutions S.L. – Madrid, Spain', 0.08, 0.18],
          ['Ene 2020 – actualidad', 0.75, 0.18],
          ['Ingeniera de datos', 0.08, 0.2],
          ['• Reduje los costes un 30% con particionado', 0.09, 0.22],
          ['Formación', 0.08, 0.27, 0.018],
          ['Universidad de Valencia — Grado en Matemáticas', 0.08, 0.31],
          ['2014 – 2018', 0.8, 0.31],
          ['Habilidades', 0.08, 0.36, 0.018],
          ['Python, SQL; Spark', 0.08, 0.4],
          ['Idiomas', 0.08, 0.45, 0.018],
          ['Español (nativo), Inglés (C1)', 0.08, 0.49],
        ]),
      ],
      opts,
    );
    expect(cv.contact.name?.value).toBe('Marta Ruiz');
    expect(cv.contact.email?.value).toBe('marta.ruiz@example.es');
    expect(cv.contact.phone?.value).toBe('+34 612 345 678');
    expect(cv.contact.location?.value).toBe('Valencia, Spain');
    expect(cv.experience).toHaveLength(1);
    expect(cv.experience[0]).toMatchObject({
      title: 'Ingeniera de datos',
      employer: 'Acme Solutions S.L.',
      place: 'Madrid, Spain',
      start: '2020-01',
      end: 'present',
    });
    expect(cv.experience[0]!.bullets).toEqual(['Reduje los costes un 30% con particionado']);
    expect(cv.education[0]).toMatchObject({ institution: 'Universidad de Valencia', degree: 'Grado en Matemáticas', start: '2014', end: '2018' });
    expect(cv.skills.map((s) => s.value)).toEqual(['Python', 'SQL', 'Spark']);
    expect(cv.languages.map((l) => [l.language, l.level])).toEqual([
      ['Español', 'nativo'],
      ['Inglés', 'C1'],
    ]);
    expect(cv.sections.map((s) => s.kind)).toEqual(['contact', 'experience', 'education', 'skills', 'languages']);
    expect(cv.experience[0]!.region?.page).toBe(1);
    expect(cv.experience[0]!.evidence).toEqual(['text_layer']);
  });

  it('splits a two-column page at its gutter and reads each column in turn', () => {
    const left: Array<[string, number, number]> = [
      ['Kontakt', 0.05, 0.2],
      ['jonas@example.de', 0.05, 0.23],
      ['+49 151 2345678', 0.05, 0.26],
      ['Kenntnisse', 0.05, 0.32],
      ['• Go', 0.05, 0.35],
      ['• Kubernetes', 0.05, 0.38],
    ];
    const right: Array<[string, number, number]> = [
      ['Berufserfahrung', 0.36, 0.2],
      ['Softwareentwickler', 0.36, 0.23],
      ['Helix Medical GmbH | Berlin, Deutschland', 0.36, 0.26],
      ['03/2021 – heute', 0.36, 0.29],
      ['• Aufbau einer Datenplattform für 12 Fachbereiche', 0.36, 0.32],
      ['Ausbildung', 0.36, 0.38],
      ['Master Informatik', 0.36, 0.41],
    ];
    const p = page([['Jonas Brandt', 0.05, 0.05, 0.03], ...left, ...right]);
    expect(findGutter(p.lines)).not.toBeNull();
    const cv = parseCv('text_layer', [p], opts);
    expect(cv.source.columns).toBe(2);
    expect(cv.skills.map((s) => s.value)).toEqual(['Go', 'Kubernetes']);
    expect(cv.experience[0]).toMatchObject({
      title: 'Softwareentwickler',
      employer: 'Helix Medical GmbH',
      place: 'Berlin, Deutschland',
      start: '2021-03',
      end: 'present',
    });
  });

  it('reads a photographed two-column CV whose OCR joined rows across the gutter and broke the name', () => {
    // As Tesseract reads a photo of the sidebar layout: the large name split at a kerning gap
    // ("Ha rtmann") and read on one row with the main column's text; the long e-mail joined to the
    // main column's row through the column rule read as "|"; bullets read as "«" (touching) and "+".
    const lines = [
      ocr(
        [
          ['Amelia', 0.081, 0.189],
          ['Kurzprofil', 0.358, 0.47],
        ],
        0.083,
        0.023,
      ),
      ocr(
        [
          ['Ha', 0.083, 0.122],
          ['rtmann', 0.127, 0.24],
          ['Referentin', 0.358, 0.434],
          ['Marketing', 0.441, 0.514],
          ['mit', 0.521, 0.544],
          ['Erfahrung.', 0.55, 0.623],
        ],
        0.111,
        0.018,
      ),
      ocr([['Berufserfahrung', 0.359, 0.547]], 0.139, 0.014),
      ocr(
        [
          ['KONTAKT', 0.083, 0.174],
          ['Referentin', 0.359, 0.44],
          ['Marketing', 0.464, 0.557],
        ],
        0.161,
      ),
      ocr(
        [
          ['amelia.hartmann@mail.example.org', 0.082, 0.328],
          ['|', 0.333, 0.34],
          ['Helix', 0.359, 0.395],
          ['Medical', 0.402, 0.457],
          ['GmbH', 0.463, 0.509],
          ['|', 0.517, 0.518],
          ['Berlin,', 0.526, 0.58],
          ['Deutschland', 0.585, 0.67],
        ],
        0.182,
      ),
      ocr(
        [
          ['+49', 0.083, 0.11],
          ['157', 0.116, 0.14],
          ['2522879', 0.146, 0.204],
          ['Dez.', 0.359, 0.39],
          ['2022', 0.396, 0.43],
          ['-', 0.436, 0.44],
          ['heute', 0.448, 0.487],
        ],
        0.198,
      ),
      ocr(
        [
          ['«', 0.36, 0.366],
          ['Aufbau', 0.372, 0.42],
          ['einer', 0.425, 0.46],
          ['Datenplattform', 0.465, 0.58],
        ],
        0.213,
      ),
      ocr(
        [
          ['KENNTNISSE', 0.084, 0.205],
          ['Sachbearbeiter', 0.359, 0.5],
          ['Einkauf', 0.509, 0.579],
        ],
        0.236,
      ),
      ocr(
        [
          ['Brightline', 0.36, 0.43],
          ['Group', 0.437, 0.48],
          ['|', 0.489, 0.49],
          ['Wien,', 0.498, 0.54],
          ['Österreich', 0.545, 0.62],
        ],
        0.254,
      ),
      ocr([['«SQL', 0.084, 0.13]], 0.263),
      ocr(
        [
          ['Sept.', 0.36, 0.395],
          ['2019', 0.401, 0.436],
          ['-', 0.442, 0.446],
          ['Nov.', 0.454, 0.485],
          ['2022', 0.49, 0.523],
        ],
        0.272,
      ),
      ocr(
        [
          ['+', 0.085, 0.09],
          ['Power', 0.097, 0.13],
          ['BI', 0.135, 0.15],
        ],
        0.279,
      ),
      ocr(
        [
          ['«', 0.085, 0.09],
          ['Tableau', 0.096, 0.15],
        ],
        0.295,
      ),
      ocr(
        [
          ['«', 0.361, 0.367],
          ['Senkung', 0.373, 0.43],
          ['der', 0.439, 0.46],
          ['Betriebskosten', 0.467, 0.57],
        ],
        0.287,
      ),
      ocr([['SPRACHEN', 0.085, 0.189]], 0.387),
      ocr(
        [
          ['Deutsch', 0.086, 0.14],
          ['(Muttersprache)', 0.148, 0.261],
        ],
        0.408,
      ),
      ocr([['Ausbildung', 0.362, 0.49]], 0.52, 0.015),
      ocr(
        [
          ['Master', 0.363, 0.42],
          ['Informatik', 0.43, 0.52],
        ],
        0.547,
      ),
      ocr(
        [
          ['Universität', 0.363, 0.44],
          ['Wien', 0.445, 0.48],
        ],
        0.566,
      ),
      ocr(
        [
          ['Okt.', 0.363, 0.39],
          ['2009', 0.397, 0.43],
          ['-', 0.438, 0.44],
          ['Juni', 0.448, 0.475],
          ['2012', 0.481, 0.514],
        ],
        0.583,
      ),
    ];
    const cv = parseCv('tesseract', [{ page: 1, lines }], opts);
    expect(cv.contact.name?.value).toBe('Amelia Hartmann');
    expect(cv.contact.email?.value).toBe('amelia.hartmann@mail.example.org');
    expect(cv.contact.phone?.value).toBe('+49 157 2522879');
    expect(cv.experience.map((e) => [e.title, e.employer, e.start, e.end])).toEqual([
      ['Referentin Marketing', 'Helix Medical GmbH', '2022-12', 'present'],
      ['Sachbearbeiter Einkauf', 'Brightline Group', '2019-09', '2022-11'],
    ]);
    expect(cv.education.map((e) => [e.institution, e.start, e.end])).toEqual([['Universität Wien', '2009-10', '2012-06']]);
    expect(cv.skills.map((s) => s.value)).toEqual(['SQL', 'Power BI', 'Tableau']);
  });

  it('keeps a name particle apart and does not take an "Employer | Place" row for a heading', () => {
    const lines = [
      ocr(
        [
          ['Anna', 0.3, 0.36],
          ['de', 0.372, 0.39],
          ['Vries', 0.4, 0.47],
        ],
        0.04,
        0.03,
      ),
      ocr([['anna.devries@example.nl', 0.3, 0.5]], 0.09),
      ocr(
        [
          ['Work', 0.08, 0.13],
          ['Experience', 0.135, 0.25],
        ],
        0.14,
        0.016,
      ),
      ocr(
        [
          ['Data', 0.08, 0.12],
          ['Engineer', 0.125, 0.2],
        ],
        0.17,
      ),
      // The "|" glyph's box stands taller than the text: the row is not an unnamed section's heading.
      ocr(
        [
          ['Quantix', 0.08, 0.14],
          ['Labs', 0.145, 0.18],
          ['|', 0.19, 0.192],
          ['Utrecht,', 0.2, 0.26],
          ['Netherlands', 0.265, 0.35],
        ],
        0.19,
        0.014,
      ),
      ocr(
        [
          ['2021-05', 0.08, 0.14],
          ['-', 0.145, 0.15],
          ['2022-04', 0.155, 0.22],
        ],
        0.21,
      ),
      ocr(
        [
          ['.', 0.08, 0.083],
          ['Migrated', 0.09, 0.16],
          ['200', 0.165, 0.19],
          ['services', 0.195, 0.26],
        ],
        0.23,
      ),
      ocr(
        [
          ['Ingest', 0.08, 0.13],
          ['Ltd', 0.135, 0.16],
        ],
        0.26,
      ),
    ];
    const cv = parseCv('tesseract', [{ page: 1, lines }], opts);
    expect(cv.contact.name?.value).toBe('Anna de Vries');
    expect(cv.experience[0]).toMatchObject({
      title: 'Data Engineer',
      employer: 'Quantix Labs',
      start: '2021-05',
      end: '2022-04',
      bullets: ['Migrated 200 services'],
    });
  });

  it('joins an e-mail address OCR broke after a dot, at the start of a line or after a separator only', () => {
    expect(findEmail('fatima. moreau@example.com')).toBe('fatima.moreau@example.com');
    expect(findEmail('Berlin | jo. brandt@example.de')).toBe('jo.brandt@example.de');
    expect(findEmail('Write to me. jo@example.de')).toBe('jo@example.de');
  });

  it("reads a 0 in an address's top-level domain as the letter O, and nowhere else in the address", () => {
    expect(findEmail('Seattle,WA|aiko.schafer@example.c0m|+447797650741')).toBe('aiko.schafer@example.com');
    expect(emailsIn('Austin, TX | mate0.moreau@mail.example.0rg | +44 7811 284470')).toEqual(['mate0.moreau@mail.example.org']);
    expect(emailsIn('jo@web0.example.de')).toEqual(['jo@web0.example.de']);
    // digits other than 0 are no letter a reader confuses with one: no address is made of them
    expect(emailsIn('jo@example.c4m')).toEqual([]);
  });

  it('reads an O touching a digit of a phone number as a 0, and an O among letters as a letter', () => {
    expect(phonesIn('Dublin | +44 7O97 65O741')).toEqual(['+44 7097 650741']);
    expect(digitOs('Studio 54, Oslo 2019')).toBe('Studio 54, Oslo 2019');
    expect(phonesIn('Oslo | ole@example.no | +47 9O1 23 456')).toEqual(['+47 901 23 456']);
  });

  it('reads a mark between two digits of a phone as the space it stands in', () => {
    expect(phonesIn("+44 7339'877785 Helix Medical GmbH | Remote")).toEqual(['+44 7339 877785']);
    expect(phonesIn('Tel. +44 7339’877785')).toEqual(['+44 7339 877785']);
  });

  it('reads the sidebar of a photo again on its own and keeps the reading with more words', () => {
    const page: PageText = {
      page: 1,
      lines: [
        ocr(
          [
            ['SKILLS', 0.08, 0.16],
            ['Work', 0.36, 0.41],
            ['Experience', 0.42, 0.55],
          ],
          0.1,
          0.014,
        ),
        ocr(
          [
            ['•', 0.08, 0.085],
            ['Terraform', 0.09, 0.17],
            ['Data', 0.36, 0.4],
            ['Engineer', 0.41, 0.5],
          ],
          0.12,
        ),
        ocr(
          [
            ['•', 0.08, 0.085],
            ['Excel', 0.09, 0.13],
          ],
          0.14,
        ),
        ocr(
          [
            ['Northwind', 0.36, 0.45],
            ['Analytics', 0.46, 0.55],
          ],
          0.14,
        ),
        ocr([['LANGUAGES', 0.08, 0.2]], 0.22, 0.014),
        ocr(
          [
            ['English', 0.08, 0.15],
            ['(native)', 0.155, 0.22],
          ],
          0.24,
        ),
        ocr(
          [
            ['May', 0.36, 0.39],
            ['2022', 0.4, 0.44],
            ['-', 0.445, 0.45],
            ['Present', 0.455, 0.52],
          ],
          0.16,
        ),
        ocr(
          [
            ['•', 0.36, 0.365],
            ['Built', 0.37, 0.41],
            ['pipelines', 0.42, 0.5],
          ],
          0.18,
        ),
        ocr([['Education', 0.36, 0.47]], 0.22, 0.014),
        ocr(
          [
            ['University', 0.36, 0.44],
            ['of', 0.45, 0.47],
            ['Leeds', 0.48, 0.53],
          ],
          0.24,
        ),
      ],
    };
    const band = sidebarBand(page);
    expect(band).toMatchObject({ x0: 0, column: 1 });
    expect(band!.x1).toBeGreaterThan(0.22);
    expect(band!.x1).toBeLessThan(0.36);
    // The band read alone (boxes as fractions of the band) found "• Go", which the page reading dropped.
    const w = band!.x1;
    const inBand = (words: Array<[string, number, number]>, y: number) =>
      ocr(
        words.map(([t, a, b]) => [t, a / w, b / w]),
        y,
      );
    const bandLines = [
      inBand([['SKILLS', 0.08, 0.16]], 0.1),
      inBand(
        [
          ['•', 0.08, 0.085],
          ['Terraform', 0.09, 0.17],
        ],
        0.12,
      ),
      inBand(
        [
          ['•', 0.08, 0.085],
          ['Excel', 0.09, 0.13],
        ],
        0.14,
      ),
      inBand(
        [
          ['•', 0.08, 0.085],
          ['Go', 0.09, 0.11],
        ],
        0.16,
      ),
      inBand([['LANGUAGES', 0.08, 0.2]], 0.22),
      inBand(
        [
          ['English', 0.08, 0.15],
          ['(native)', 0.155, 0.22],
        ],
        0.24,
      ),
    ];
    const cv = parseCv('tesseract', [withBandReading(page, band!, bandLines)], opts);
    expect(cv.skills.map((s) => s.value)).toEqual(['Terraform', 'Excel', 'Go']);
    expect(cv.experience[0]).toMatchObject({ title: 'Data Engineer', employer: 'Northwind Analytics', start: '2022-05', end: 'present' });
    // A band reading with fewer words than the page had there changes nothing.
    expect(withBandReading(page, band!, bandLines.slice(0, 2))).toBe(page);
  });

  it('reads an entry whose bold header is a little taller than the body and whose dates sit above it (a photo turned a degree)', () => {
    const lines = [
      ocr(
        [
          ['Priya', 0.34, 0.42],
          ['Nakamura', 0.45, 0.65],
        ],
        0.078,
        0.025,
      ),
      ocr([['priya@example.org', 0.3, 0.5]], 0.114),
      ocr(
        [
          ['WORK', 0.114, 0.17],
          ['EXPERIENCE', 0.19, 0.33],
        ],
        0.195,
      ),
      // The right-hand dates' box starts above the header's, and the bold header is taller than the body.
      ocr(
        [
          ['03/2023', 0.742, 0.81],
          ['-', 0.813, 0.82],
          ['Present', 0.827, 0.885],
        ],
        0.215,
      ),
      ocr(
        [
          ['Northwind', 0.115, 0.21],
          ['Analytics', 0.218, 0.3],
          ['—', 0.311, 0.33],
          ['Manchester,', 0.334, 0.44],
          ['UK', 0.445, 0.48],
        ],
        0.219,
        0.013,
      ),
      ocr(
        [
          ['Financial', 0.115, 0.18],
          ['Controller', 0.189, 0.267],
        ],
        0.236,
      ),
      ocr(
        [
          ['*', 0.131, 0.14],
          ['Led', 0.144, 0.17],
          ['a', 0.175, 0.18],
          ['team', 0.189, 0.23],
        ],
        0.252,
      ),
    ];
    const cv = parseCv('tesseract', [{ page: 1, lines }], opts);
    expect(cv.experience).toHaveLength(1);
    expect(cv.experience[0]).toMatchObject({
      title: 'Financial Controller',
      employer: 'Northwind Analytics',
      place: 'Manchester, UK',
      start: '2023-03',
      end: 'present',
      bullets: ['Led a team'],
    });
  });
});
