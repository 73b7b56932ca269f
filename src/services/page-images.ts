import { openImage } from '../imaging/open.js';
import type { BlobStore } from '../adapters/blobs/types.js';
import type { Repositories } from '../adapters/db/repositories/index.js';
import type { FileKind } from '../domain/document-types.js';
import { AppError } from '../domain/errors.js';
import type { ReadDeps } from '../pipeline/context.js';
import type { IntakeResult } from '../pipeline/types.js';
import { IntakeError } from '../pipeline/intake/index.js';
import type { Principal } from './accounts.js';

/** Wide enough to read a field on a laptop screen, small enough to load quickly on a phone. */
const VIEW_MAX_WIDTH = 1600;
const VIEW_RENDER_DPI = 150;

export interface PageImage {
  png: Buffer;
  pageCount: number;
}

/** Page images for people to look at (the dashboard draws the field regions on them). Rendered from
 * the stored original through the same sandboxed intake as reading, every page (text pages too),
 * then kept beside the original, under the document's prefix, so deletion erases them with it. */
export class PageImagesService {
  private readonly inFlight = new Map<string, Promise<number>>();

  constructor(
    private readonly repos: Repositories,
    private readonly blobs: BlobStore,
    private readonly read: Pick<ReadDeps, 'intake' | 'limits'>,
  ) {}

  async page(principal: Principal, documentId: string, page: number): Promise<PageImage> {
    const doc = await this.repos.documents.findOriginal(principal.orgId, documentId);
    if (!doc) throw new AppError('not_found', 'No document with this id.');
    if (!doc.blob_key) throw new AppError('no_source_file', 'The original file was not kept, so there is no page to show.');
    const base = `${doc.blob_key}.view/`;
    const count = await this.blobs.get(`${base}count`);
    let pageCount: number;
    if (count) {
      pageCount = Number(count.toString('utf8'));
    } else {
      pageCount = await this.renderOnce(doc.blob_key, doc.file_kind as FileKind, base);
    }
    if (pageCount === 0) throw new AppError('not_found', 'This document has no page images (Word files are read as text).');
    if (page > pageCount) throw new AppError('not_found', `The document has ${pageCount} page(s) to show.`);
    const png = await this.blobs.get(`${base}page-${page}.png`);
    if (!png) throw new AppError('not_found', 'The page image is missing; try again.');
    return { png, pageCount };
  }

  /** One rendering per original at a time, however many pages are asked for at once. */
  private renderOnce(blobKey: string, kind: FileKind, base: string): Promise<number> {
    let running = this.inFlight.get(blobKey);
    if (!running) {
      running = this.render(blobKey, kind, base).finally(() => this.inFlight.delete(blobKey));
      this.inFlight.set(blobKey, running);
    }
    return running;
  }

  private async render(blobKey: string, kind: FileKind, base: string): Promise<number> {
    const bytes = await this.blobs.get(blobKey);
    if (!bytes) throw new AppError('no_source_file', 'The original file is no longer stored.');
    let images: IntakeResult['images'];
    try {
      const limits = { ...this.read.limits, renderAllPages: true, renderDpi: VIEW_RENDER_DPI };
      images = (await this.read.intake(bytes, kind, limits)).images;
    } catch (err) {
      // Not remembered: a time limit under load is an IntakeError too, and the next try may pass.
      if (err instanceof IntakeError) throw new AppError('not_found', `The file cannot be shown as pages: ${err.message}`);
      // The sandbox could not run it (it did not start in time on a busy machine): nothing is wrong with the file.
      throw new AppError('service_unavailable', 'The page could not be rendered now; try again in a moment.');
    }
    for (const img of images) {
      const png = await openImage(img.png).resize({ width: VIEW_MAX_WIDTH, withoutEnlargement: true }).png().toBuffer();
      await this.blobs.put(`${base}page-${img.page}.png`, png);
    }
    // Written last: its presence means every page is stored (a page intake could not read stays missing).
    const pageCount = Math.max(0, ...images.map((img) => img.page));
    await this.blobs.put(`${base}count`, Buffer.from(String(pageCount)));
    return pageCount;
  }
}
