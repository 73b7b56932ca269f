import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CV_LAYOUTS, generateVariedCv } from '../../test/fixtures/documents/cv/varied.js';
import { xlsxCells } from '../../test/helpers/xlsx-cells.js';
import type { Cv } from '../doctypes/cv/model.js';
import { parseCv } from '../doctypes/cv/parse.js';
import { AppError } from '../domain/errors.js';
import { pendingResult } from '../domain/pending.js';
import type { Result } from '../domain/result.js';
import { DEFAULT_INTAKE_LIMITS } from '../pipeline/intake/limits.js';
import { parseFile } from '../pipeline/intake/parse.js';
import { assertFactsKept, checkRebuilt } from './cv-check.js';
import { cvDocx } from './cv-docx.js';
import { cvPdf } from './cv-pdf.js';
import { cellText, resultXlsx } from './xlsx.js';

const readBack = (bytes: Buffer, kind: 'pdf' | 'docx') => parseFile(bytes, kind, DEFAULT_INTAKE_LIMITS, () => {});
const fonts = {
  regular: readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  bold: readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
};

async function readCv(seed: number, layout: (typeof CV_LAYOUTS)[number]): Promise<Cv> {
  const g = await generateVariedCv(seed, layout);
  const intake = await parseFile(g.bytes, g.kind, DEFAULT_INTAKE_LIMITS, () => {});
  return parseCv('text_layer', intake.textLayer, { evidenceFor: () => ['text_layer'] });
}

const TEXT_LAYOUTS = CV_LAYOUTS.filter((l) => !l.startsWith('photo'));

describe('legacy Word (.doc) CVs', () => {
  it.each([21, 22])('seed %i: the .doc is read by the intake and the CV reader finds every fact of its truth', async (seed) => {
    const g = await generateVariedCv(seed, 'doc-plain');
    expect(g.kind).toBe('doc');
    expect(g.bytes.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const cv = await readCv(seed, 'doc-plain');
    const t = g.truth;
    expect([cv.contact.name?.value, cv.contact.email?.value, cv.contact.phone?.value]).toEqual([t.name, t.email, t.phone]);
    expect(cv.experience.map((e) => [e.title, e.employer, e.place, e.start, e.end])).toEqual(
      t.experience.map((e) => [e.title, e.employer, e.place, e.start, e.end]),
    );
    expect(cv.education.map((e) => [e.degree, e.institution, e.start, e.end])).toEqual(t.education.map((e) => [e.degree, e.institution, e.start, e.end]));
    expect(cv.skills.map((s) => s.value)).toEqual(t.skills);
  });
});

describe('rebuilt CVs give every fact back', () => {
  it.each(
    TEXT_LAYOUTS.flatMap(
      (l) =>
        [
          [l, 21],
          [l, 22],
        ] as const,
    ),
  )('%s (seed %i): docx and pdf read back to the same facts', async (layout, seed) => {
    const cv = await readCv(seed, layout);
    expect(cv.experience.length).toBeGreaterThan(0);
    for (const [kind, bytes] of [
      ['docx', await cvDocx(cv)],
      ['pdf', await cvPdf(cv, fonts)],
    ] as const) {
      const check = await checkRebuilt(cv, bytes, kind, readBack);
      expect(check, kind).toEqual({ lost: [], added: [] });
    }
  });

  it('keeps Latin accents in the PDF (embedded Unicode font)', async () => {
    const cv = await readCv(23, 'pdf-classic');
    cv.contact.name = { value: 'Émilie Fernández-Schäfer', region: null, evidence: ['text_layer'] };
    cv.experience[0]!.employer = 'Société Générale Ångström Ltd';
    await expect(assertFactsKept(cv, await cvPdf(cv, fonts), 'pdf', readBack)).resolves.toBeUndefined();
  });

  it('keeps Arabic in the PDF: an Arabic name, an Arabic employer after a Latin title, a mixed place, an Arabic title', async () => {
    const cv = await readCv(23, 'pdf-classic');
    cv.contact.name = { value: 'محمد عبد الله', region: null, evidence: ['text_layer'] };
    cv.experience[0]!.employer = 'شركة قطر للبترول';
    cv.experience[0]!.place = 'الدوحة, Qatar';
    cv.experience[1]!.title = 'مهندس برمجيات';
    cv.experience[1]!.employer = 'بنك قطر الوطني';
    const pdf = await cvPdf(cv, fonts);
    expect(await checkRebuilt(cv, pdf, 'pdf', readBack)).toEqual({ lost: [], added: [] });
  });

  it('a file that lost or changed a fact is refused with cv_check_failed naming it', async () => {
    const cv = await readCv(24, 'docx-plain');
    const broken: Cv = structuredClone(cv);
    broken.skills.pop();
    broken.experience[0]!.employer = 'Someone Else Ltd';
    const err = await assertFactsKept(cv, await cvDocx(broken), 'docx', readBack).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('cv_check_failed');
    expect((err as AppError).message).toContain(`lost skill '${cv.skills.at(-1)!.value}'`);
    expect((err as AppError).message).toContain(`lost employer '${cv.experience[0]!.employer}'`);
    expect((err as AppError).extra?.added).toEqual([{ kind: 'employer', value: 'Someone Else Ltd' }]);
  });
});

describe('xlsx', () => {
  it('opened by a second library, its cells are the result: fields, experience, education', async () => {
    const cv = await readCv(25, 'pdf-sidebar');
    const result: Result = {
      ...pendingResult('cv'),
      status: 'review',
      document_type: 'cv',
      fields: {
        full_name: { value: cv.contact.name!.value, status: 'passed', evidence: ['text_layer'], reason: null, region: { page: 1, box: [0, 0, 0.5, 0.1] } },
        email: { value: '=HYPERLINK("http://evil")', status: 'review', evidence: ['single_reader'], reason: 'one reader', region: null },
      },
      cv: cv as unknown as Record<string, unknown>,
    };
    const sheets = await xlsxCells(await resultXlsx(result));
    expect([...sheets.keys()]).toEqual(['Fields', 'Experience', 'Education']);
    expect(sheets.get('Fields')).toEqual([
      ['field', 'value', 'status', 'evidence', 'reason', 'page'],
      ['full_name', cv.contact.name!.value, 'passed', 'text_layer', null, '1'],
      // A value that looks like a formula is written as text, never as a formula.
      ['email', `'=HYPERLINK("http://evil")`, 'review', 'single_reader', 'one reader', null],
    ]);
    expect(sheets.get('Experience')!.slice(1)).toEqual(
      cv.experience.map((e) => [e.title, e.employer, e.place, e.start, e.end, e.bullets.join('\n') || null].map((v) => v ?? null)),
    );
    expect(sheets.get('Education')!.slice(1)).toEqual(cv.education.map((e) => [e.degree, e.institution, e.place, e.start, e.end].map((v) => v ?? null)));
  });

  it('has a line-items sheet for invoices', async () => {
    const items = [{ description: 'Widget', quantity: 2, unit_price: 3.5, amount: 7 }];
    const result: Result = {
      ...pendingResult('invoice'),
      document_type: 'invoice',
      fields: {
        line_items: { value: items, status: 'passed', evidence: ['arithmetic'], reason: null, region: null },
        total: { value: 7, status: 'passed', evidence: ['arithmetic'], reason: null, region: null },
      },
    };
    const sheets = await xlsxCells(await resultXlsx(result));
    expect(sheets.get('Line items')).toEqual([
      ['line', 'description', 'quantity', 'unit_price', 'amount'],
      ['1', 'Widget', '2', '3.5', '7'],
    ]);
    expect(sheets.get('Fields')![1]).toEqual(['total', '7', 'passed', 'arithmetic', null, null]);
    expect(cellText('+1 555')).toBe("'+1 555");
  });
});
