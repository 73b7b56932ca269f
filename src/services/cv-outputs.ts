/** The outputs of a finished reading: the CV's layout, questions and fact check; the rebuilt CV as
 * docx and pdf (each read back and checked); the spreadsheet; the improved wording. */
import type { Repositories } from '../adapters/db/repositories/index.js';
import { cvFacts, type CvFact } from '../doctypes/cv/facts.js';
import { improveCv, type CvImproved } from '../doctypes/cv/improve.js';
import type { Cv } from '../doctypes/cv/model.js';
import { contactInReview } from '../doctypes/cv/contact.js';
import { cvQuestions, type CvQuestion } from '../doctypes/cv/questions.js';
import { AppError } from '../domain/errors.js';
import type { Result } from '../domain/result.js';
import { assertFactsKept, type ReadBack } from '../outputs/cv-check.js';
import { cvDocx } from '../outputs/cv-docx.js';
import { cvPdf, type PdfFonts } from '../outputs/cv-pdf.js';
import { resultXlsx } from '../outputs/xlsx.js';
import type { Principal } from './accounts.js';
import type { DocumentsService } from './documents.js';

export interface CvOutputsOptions {
  readBack: ReadBack;
  fonts: () => Promise<PdfFonts>;
  /** Rewording by the hosted model, when configured; its output goes through the same fact lock. */
  improveWithModel?: (cv: Cv) => Promise<CvImproved>;
  now?: () => Date;
}

export interface CvView {
  id: string;
  layout: Cv['sections'];
  questions: CvQuestion[];
  fact_check: { facts: CvFact[]; count: number };
  cv: Cv;
}

export class CvOutputsService {
  constructor(
    private readonly repos: Repositories,
    private readonly documents: DocumentsService,
    private readonly opts: CvOutputsOptions,
  ) {}

  /** The result of a finished reading of this organisation's document (409 not_finished while reading). */
  private async finished(principal: Principal, id: string): Promise<{ result: Result; readingId: string | null }> {
    const view = await this.documents.get(principal, id).catch(async (err: unknown) => {
      // Outputs of a deleted document answer 409 document_deleted, as every operation on it does.
      if (err instanceof AppError && err.code === 'not_found') {
        if (await this.repos.documents.wasDeleted(principal.orgId, id)) throw new AppError('document_deleted', 'The document was deleted.');
      }
      throw err;
    });
    if (view.status === 'processing') throw new AppError('not_finished', 'The document is still being read.');
    return { result: view.result, readingId: (view.engine.reading_id as string | null) ?? null };
  }

  private async readCv(principal: Principal, id: string): Promise<{ cv: Cv; result: Result; readingId: string | null }> {
    const { result, readingId } = await this.finished(principal, id);
    if (result.document_type !== 'cv' || !result.cv) throw new AppError('not_a_read_cv', `The document was read as ${result.document_type}, not as a CV.`);
    return { cv: result.cv as unknown as Cv, result, readingId };
  }

  async view(principal: Principal, id: string): Promise<CvView> {
    const { cv, result } = await this.readCv(principal, id);
    const facts = cvFacts(cv);
    return {
      id,
      layout: cv.sections,
      questions: cvQuestions(cv, this.opts.now?.() ?? new Date(), contactInReview(result)),
      fact_check: { facts, count: facts.length },
      cv,
    };
  }

  async docx(principal: Principal, id: string): Promise<Buffer> {
    const { cv } = await this.readCv(principal, id);
    return this.checked(cv, await cvDocx(cv), 'docx');
  }

  async pdf(principal: Principal, id: string): Promise<Buffer> {
    const { cv } = await this.readCv(principal, id);
    return this.checked(cv, await cvPdf(cv, await this.opts.fonts()), 'pdf');
  }

  private async checked(cv: Cv, bytes: Buffer, kind: 'pdf' | 'docx'): Promise<Buffer> {
    await assertFactsKept(cv, bytes, kind, this.opts.readBack);
    return bytes;
  }

  async xlsx(principal: Principal, id: string): Promise<Buffer> {
    const { result } = await this.finished(principal, id);
    return resultXlsx(result);
  }

  /** Improves the wording of the current reading's CV and keeps it with the document. */
  async improve(principal: Principal, id: string): Promise<CvImproved> {
    const { cv, readingId } = await this.readCv(principal, id);
    const improved = this.opts.improveWithModel ? await this.opts.improveWithModel(cv) : improveCv(cv);
    await this.repos.documents.setCvImproved(principal.orgId, id, JSON.stringify(improved), readingId);
    return improved;
  }
}
