import type { CompiledQuery } from 'kysely';
import type { Logger } from 'pino';
import type { StatementPart } from '../adapters/db/one-statement.js';
import type { BlobStore } from '../adapters/blobs/types.js';
import { CommitNotConfirmed } from '../adapters/db/group-commit.js';
import { LookupGroups } from '../adapters/db/lookup-groups.js';
import { refusedByServer, StatementGroups, unlessRefused } from '../adapters/db/statement-groups.js';
import type { UploadRows } from '../adapters/db/repositories/documents.js';
import type { JobStatement } from '../adapters/queue/types.js';
import { ERASED_TABLES, type Repositories } from '../adapters/db/repositories/index.js';
import type { ConsentsTable, DocumentsTable, DocumentVersionsTable, ReadingsTable } from '../adapters/db/schema.js';
import type { EnqueueOptions, Queue } from '../adapters/queue/types.js';
import { MEDIA_TYPE_BY_KIND, UNKNOWN_TYPE, type FileKind, type OutputFormat } from '../domain/document-types.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { sha256Hex } from '../domain/sha256.js';
import { PENDING_OUTCOME } from '../domain/pending.js';
import type { DocumentStatus } from '../domain/statuses.js';
import { sniffFileKind } from '../pipeline/intake/sniff.js';
import type { Principal } from './accounts.js';
import { ViewCache } from './view-cache.js';
import { formatTimestamp, presentDocument, statusForOutcome, type DocumentView } from './document-view.js';
import type { Outcome } from '../domain/result.js';
import { documentPrefix, originalKey } from './blob-keys.js';
import type { MonthCharge, UploadQuota } from './usage.js';
import type { JobEvents } from './jobs/job-events.js';

export const READ_QUEUE = 'read';

export interface ReadJobPayload {
  orgId: string;
  documentId: string;
  readingId: string;
}

export interface UploadInput {
  filename: string;
  bytes: Buffer;
  typeHint: string | null;
  outputs: OutputFormat[];
  improve: boolean;
  consent: string | null;
  source?: 'upload' | 'batch' | 'job';
}

/** A file of a batch: `tooLarge` when the form reader cut it at the size limit. */
export type BatchInput = UploadInput & { tooLarge: boolean };
/** A batch's answer: an item per file in the order sent, and how many were queued for reading. */
export interface BatchResult {
  items: Array<DocumentView | { filename: string; error: 'unsupported_file' | 'file_too_large' }>;
  queued: number;
}

/** What an upload takes over from an earlier document with the same bytes. */
type TwinDocument = Pick<DocumentsTable, 'id' | 'doc_type' | 'status' | 'outcome' | 'confidence' | 'tamper_score'>;
type Twin = { doc: TwinDocument; reading: ReadingsTable };

/** An upload recorded in a group's statement. `unless`: written only if its bytes have no
 * finished twin (`twin` finds none), charged to `orgId` in the same statement. */
interface QueuedUpload {
  upload: UploadRows;
  job: JobStatement;
  unless?: { orgId: string; twin: CompiledQuery<unknown> } | undefined;
}

/** An upload whose bytes were checked to be a document within the size limit. */
interface AdmissibleFile {
  input: UploadInput;
  kind: FileKind;
}

export interface ListQuery {
  status?: DocumentStatus;
  type?: string;
  q?: string;
  page: number;
  page_size: number;
}

export interface DocumentsServiceOptions {
  maxFileBytes: number;
  keepOriginals: boolean;
  publicBaseUrl: string;
  logger?: Logger;
  /** Monthly quota and hourly upload cap, charged as the upload is recorded. */
  quota?: UploadQuota;
  /** Makes erased rows unrecoverable from the database files once the erasure committed. */
  scrubErased?: (tables: readonly string[]) => Promise<void>;
  /** A cached upload is finished at once: its finish events are written in its own transaction. */
  events?: Pick<JobEvents, 'documentFinished' | 'documentRemoved' | 'documentRestarted'>;
  /** Bytes of served answers this process holds (0: none; every read then fetches the kept text). */
  viewCacheBytes?: number;
}

/** Runs in the transaction that records a document (a job records its input there, so a reading
 * cannot finish before the document is known to be the job's). */
export type WithinUpload = (tx: Repositories, doc: DocumentsTable, reading: ReadingsTable) => Promise<void>;

const now = () => new Date().toISOString();

/** Names are shown back to their owner only; keep them printable and bounded. */
function cleanFilename(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^.*[\\/]/, '')
    .trim();
  return (cleaned || 'upload').slice(0, 255);
}

export class DocumentsService {
  constructor(
    private readonly repos: Repositories,
    private readonly blobs: BlobStore,
    private readonly queue: Queue,
    private readonly opts: DocumentsServiceOptions,
  ) {
    this.views = new ViewCache(opts.viewCacheBytes ?? 0);
  }

  private readonly views: ViewCache;
  /** Reads of a held answer ask for the row's revision; asked together while others are asked. */
  private readonly revisions = new LookupGroups((keys: Array<{ orgId: string; id: string }>) => this.repos.documents.viewRevisions(keys));
  /** Uploads recorded while others are being written are recorded together (see recordQueued). */
  private readonly uploadGroups = new StatementGroups<QueuedUpload>(
    (items) =>
      this.repos.documents
        .insertUploadsWithJobs(
          items.map((i) => i.upload),
          items.map((i) => i.job),
          this.groupConditions(items),
        )
        .catch((err: unknown) => {
          // Without the server's answer (a lost connection) the statement may have committed:
          // its rows keep their files, as after an unconfirmed SQLite flush.
          throw unlessRefused(err, 'no answer from the database');
        }),
    refusedByServer,
    // One group in flight: those that arrive while it is written form the next, larger group
    // (fewer statements, each composed and parsed, per upload) instead of a second small one.
    1,
  );

  /** The parts a group's statement is written on: no finished twin of an upload that must have
   * none, and one charge per organisation of its uploads to charge (by organisation id, so two
   * processes' groups take the counter rows in one order). */
  private groupConditions(items: readonly QueuedUpload[]): StatementPart[] {
    const parts: StatementPart[] = [];
    const charged = new Map<string, number>();
    for (const { unless } of items) {
      if (!unless) continue;
      parts.push({ sql: unless.twin.sql, parameters: unless.twin.parameters, noRow: true });
      charged.set(unless.orgId, (charged.get(unless.orgId) ?? 0) + 1);
    }
    for (const orgId of [...charged.keys()].sort()) {
      const charge = this.opts.quota!.chargeMonthStatement!(orgId, charged.get(orgId)!);
      parts.push({ sql: charge.sql, parameters: charge.parameters, oneRow: true });
    }
    return parts;
  }

  /** Stores the file durably, records the document and queues its reading in one transaction. */
  async upload(principal: Principal, input: UploadInput, withinTransaction?: WithinUpload): Promise<DocumentView> {
    const [view] = await this.accept(principal, [await this.admissible(input)], withinTransaction);
    return view!;
  }

  /** Files that are not documents are answered per item; the rest are accepted or refused
   * together: one hourly count, one quota charge and one transaction for all of them, so a
   * refused batch leaves nothing behind and an accepted one is charged for exactly its ids.
   * Queued counts the documents that will be read (a cached twin is not). */
  async uploadBatch(principal: Principal, inputs: BatchInput[]): Promise<BatchResult> {
    const checked = await Promise.all(
      inputs.map(async ({ tooLarge, ...input }) => {
        if (tooLarge) return { filename: input.filename, error: 'file_too_large' as const };
        try {
          return await this.admissible(input);
        } catch (err) {
          if (err instanceof AppError && (err.code === 'unsupported_file' || err.code === 'file_too_large'))
            return { filename: input.filename, error: err.code };
          throw err;
        }
      }),
    );
    const views = await this.accept(
      principal,
      checked.filter((c): c is AdmissibleFile => 'kind' in c),
    );
    const items = checked.map((c) => ('kind' in c ? views.shift()! : c));
    return { items, queued: items.filter((item) => 'id' in item && !item.cached).length };
  }

  private async admissible(input: UploadInput): Promise<AdmissibleFile> {
    if (input.bytes.length > this.opts.maxFileBytes) {
      throw new AppError('file_too_large', `The file is over the limit of ${this.opts.maxFileBytes} bytes.`);
    }
    if (input.bytes.length === 0) throw new AppError('unsupported_file', 'The file is empty.');
    const kind = await sniffFileKind(input.bytes);
    if (!kind) {
      throw new AppError('unsupported_file', 'The file is not a PNG, JPG, PDF or Word document (its bytes were checked, not its name).');
    }
    return { input, kind };
  }

  private async accept(principal: Principal, files: AdmissibleFile[], withinTransaction?: WithinUpload): Promise<DocumentView[]> {
    if (files.length === 0) return [];
    const refundHour = (await this.opts.quota?.admitUploads(principal.orgId, principal.plan, files.length)) ?? (async () => undefined);
    const stored: string[] = [];
    let month: MonthCharge | undefined;
    try {
      const prepared: Array<{ doc: DocumentsTable; cachedFrom: Twin | null }> = [];
      const chargeUnlessTwin = files.length === 1 && this.opts.quota?.chargeMonthUnless ? this.opts.quota : undefined;
      // One upload to be read, on PostgreSQL with pg-boss: charged in its group's statement, on
      // the condition that its bytes have no finished twin (see groupConditions); no statement of
      // its own. Should the statement be refused (a twin, the quota used up), nothing of it was
      // written, and the upload takes the way below, which tells which it was.
      let storedDoc: DocumentsTable | undefined;
      if (chargeUnlessTwin?.chargeMonthStatement && this.queue.enqueueStatement && !withinTransaction) {
        const doc = await this.newDocument(principal.orgId, files[0]!);
        stored.push(doc.blob_key!);
        await this.blobs.put(doc.blob_key!, files[0]!.input.bytes);
        try {
          const unless = { orgId: principal.orgId, twin: this.repos.documents.finishedTwinQuery(principal.orgId, doc.sha256) };
          const readings = await this.recordQueued(principal.orgId, files, [{ doc, cachedFrom: null }], now(), unless);
          return [presentDocument(doc, readings[0]!, this.opts.publicBaseUrl)];
        } catch (err) {
          if (!refusedByServer(err)) throw err;
          storedDoc = doc;
        }
      }
      for (const file of files) {
        const doc = storedDoc ?? (await this.newDocument(principal.orgId, file));
        if (chargeUnlessTwin) {
          // One upload, charged in a statement of its own: the twin lookup is that statement's
          // (one round trip), charging only where there is no twin; it waits on the database
          // while the file's writes and fsyncs wait on the disk.
          if (!storedDoc) stored.push(doc.blob_key!);
          const [put, charge] = await Promise.allSettled([
            storedDoc ? undefined : this.blobs.put(doc.blob_key!, file.input.bytes),
            chargeUnlessTwin.chargeMonthUnless!(principal.orgId, 1, this.repos.documents.finishedTwinQuery(principal.orgId, doc.sha256)),
          ]);
          if (charge.status === 'fulfilled' && 'month' in charge.value) month = charge.value.month;
          if (put.status === 'rejected') throw put.reason;
          if (charge.status === 'rejected') throw charge.reason;
          prepared.push({ doc, cachedFrom: 'month' in charge.value ? null : twinOf(charge.value.found) });
          continue;
        }
        // The lookup waits on the database while the file's writes and fsyncs wait on the disk.
        const [, cachedFrom] = await Promise.all([this.blobs.put(doc.blob_key!, file.input.bytes), this.findFinishedTwin(principal.orgId, doc.sha256)]);
        stored.push(doc.blob_key!);
        prepared.push({ doc, cachedFrom });
      }
      // A cached result costs no engine run, so it costs no quota.
      const charged = prepared.filter((p) => !p.cachedFrom).length;
      if (charged > 0 && !chargeUnlessTwin) month = await this.opts.quota?.chargeMonth(principal.orgId, charged);
      const at = now();
      const readings =
        withinTransaction || month?.inTransaction || prepared.some((p) => p.cachedFrom)
          ? await this.recordInTransaction(principal.orgId, files, prepared, at, month, withinTransaction)
          : await this.recordQueued(principal.orgId, files, prepared, at);
      return prepared.map(({ doc }, i) => presentDocument(doc, readings[i]!, this.opts.publicBaseUrl));
    } catch (err) {
      // Rows that may have survived keep their files and their charge; the client was told nothing
      // was stored and may send the files again (an orphaned file is garbage, a row without its file is a loss).
      if (err instanceof CommitNotConfirmed) throw err;
      await Promise.all(stored.map((key) => this.blobs.delete(key).catch(() => undefined)));
      await refundHour();
      await month
        ?.refund()
        .catch((refundErr: unknown) =>
          this.opts.logger?.error({ err: refundErr, org_id: principal.orgId }, 'a charge for documents that were not recorded could not be refunded'),
        );
      throw err;
    }
  }

  /** Records documents in one transaction, with whatever must commit with them. */
  private async recordInTransaction(
    orgId: string,
    files: AdmissibleFile[],
    prepared: Array<{ doc: DocumentsTable; cachedFrom: Twin | null }>,
    at: string,
    month: MonthCharge | undefined,
    withinTransaction: WithinUpload | undefined,
  ): Promise<ReadingsTable[]> {
    return this.repos.groupedTransaction(async (tx) => {
      const out: ReadingsTable[] = [];
      for (const [i, { doc, cachedFrom }] of prepared.entries()) {
        const { input } = files[i]!;
        const reading = await this.record(tx, orgId, doc, cachedFrom, input.consent, at);
        // A job's input gets its events from the job (withinTransaction), after it joined the job.
        if (cachedFrom && input.source !== 'job') {
          await this.opts.events?.documentFinished(tx, {
            orgId,
            documentId: doc.id,
            readingId: reading.id,
            status: doc.status,
            outcome: JSON.parse(doc.outcome) as Outcome,
          });
        }
        await withinTransaction?.(tx, doc, reading);
        out.push(reading);
      }
      // Charged last where the charge is in this transaction: the organisation's counter row stays
      // locked until commit, so it is held as briefly as the transaction allows. Over quota,
      // the whole transaction rolls back.
      await month?.inTransaction?.(tx);
      return out;
    });
  }

  /** Records documents to be read (no cached twin, nothing else in their transaction) and queues
   * their readings. Where the queue can hand its insert over (pg-boss on PostgreSQL) that is one
   * statement, so one round trip and one commit, shared with the uploads that wait while others
   * are written (StatementGroups); otherwise a grouped transaction. */
  private async recordQueued(
    orgId: string,
    files: AdmissibleFile[],
    prepared: Array<{ doc: DocumentsTable; cachedFrom: Twin | null }>,
    at: string,
    unless?: QueuedUpload['unless'],
  ): Promise<ReadingsTable[]> {
    const { enqueueStatement } = this.queue;
    if (!enqueueStatement) return this.recordInTransaction(orgId, files, prepared, at, undefined, undefined);
    const uploads = prepared.map(({ doc }, i) => {
      const readingId = newId('reading');
      doc.current_reading_id = readingId;
      return {
        doc,
        version: firstVersion(doc, at),
        consent: consentRow(doc, files[i]!.input.consent, at),
        reading: queuedReading(orgId, doc.id, readingId, 1, 'upload', at),
      };
    });
    const jobs = await Promise.all(uploads.map(({ reading }) => enqueueStatement.call(this.queue, READ_QUEUE, ...readJob(reading))));
    await this.uploadGroups.run(uploads.map((upload, i) => ({ upload, job: jobs[i]!, unless })));
    return uploads.map((u) => u.reading);
  }

  private async newDocument(orgId: string, { input, kind }: AdmissibleFile): Promise<DocumentsTable> {
    const id = newId('document');
    const at = now();
    return {
      id,
      org_id: orgId,
      name: cleanFilename(input.filename),
      type_hint: input.typeHint,
      doc_type: UNKNOWN_TYPE,
      status: 'processing',
      cached: 0,
      cached_from: null,
      uploaded_at: at,
      updated_at: at,
      sha256: await sha256Hex(input.bytes),
      size_bytes: input.bytes.length,
      media_type: MEDIA_TYPE_BY_KIND[kind],
      file_kind: kind,
      blob_key: originalKey(orgId, id, 1),
      outputs: JSON.stringify(input.outputs),
      improve: input.improve ? 1 : 0,
      outcome: JSON.stringify(PENDING_OUTCOME),
      current_reading_id: null,
      confidence: null,
      tamper_score: null,
      source: input.source ?? 'upload',
      review_result: null,
    };
  }

  /** Records one document, its version and consent, and its reading: queued, or copied from a twin. */
  private async record(
    tx: Repositories,
    orgId: string,
    doc: DocumentsTable,
    cachedFrom: Twin | null,
    consent: string | null,
    at: string,
  ): Promise<ReadingsTable> {
    const readingId = newId('reading');
    doc.current_reading_id = readingId;
    if (cachedFrom) {
      Object.assign(doc, {
        doc_type: cachedFrom.doc.doc_type,
        status: cachedFrom.doc.status,
        cached: 1,
        cached_from: cachedFrom.doc.id,
        outcome: cachedFrom.doc.outcome,
        confidence: cachedFrom.doc.confidence,
        tamper_score: cachedFrom.doc.tamper_score,
      });
    }
    await tx.documents.insert(doc);
    await tx.documents.insertVersion(firstVersion(doc, at));
    const consentNote = consentRow(doc, consent, at);
    if (consentNote) await tx.documents.insertConsent(consentNote);
    if (!cachedFrom) return this.startReading(tx, orgId, doc.id, readingId, 1, 'upload', at);
    // The earlier reading is copied, not re-run: no engine cost, same evidence.
    const copy: ReadingsTable = {
      ...cachedFrom.reading,
      id: readingId,
      document_id: doc.id,
      number: 1,
      trigger: 'cache',
      started_at: at,
      finished_at: at,
      cached_from_reading: cachedFrom.reading.id,
    };
    await tx.readings.insert(copy);
    return copy;
  }

  private async startReading(
    tx: Repositories,
    orgId: string,
    documentId: string,
    readingId: string,
    number: number,
    trigger: string,
    at: string,
  ): Promise<ReadingsTable> {
    const reading = queuedReading(orgId, documentId, readingId, number, trigger, at);
    await tx.readings.insert(reading);
    await tx.enqueue(this.queue, READ_QUEUE, ...readJob(reading));
    return reading;
  }

  /** The newest finished reading of the same bytes in the same organisation, never across. */
  private async findFinishedTwin(orgId: string, sha256: string): Promise<Twin | null> {
    const row = await this.repos.documents.findFinishedTwin(orgId, sha256);
    return row ? twinOf(row) : null;
  }

  /** A live document of this organisation, or the right error for a missing or deleted one. */
  private async requireDocument(orgId: string, id: string, forRead: boolean): Promise<DocumentsTable> {
    const doc = await this.repos.documents.find(orgId, id);
    if (doc) return doc;
    if (!forRead) {
      if (await this.repos.documents.wasDeleted(orgId, id)) throw new AppError('document_deleted', 'The document was deleted.');
    }
    throw new AppError('not_found', 'No document with this id.');
  }

  async get(principal: Principal, id: string): Promise<DocumentView> {
    return this.present(await this.requireDocument(principal.orgId, id, true));
  }

  /** The document as `serialise` writes it. A document no longer processing is serialised once and
   * the text kept on its row: later reads are one query. Any change to the row clears the text, and
   * text made from a row that changed meanwhile is not kept. A process also holds the bytes of the
   * answers it served (`viewCacheBytes`): a read of one then only checks the row's revision. */
  async getSerialised(principal: Principal, id: string, serialise: (view: DocumentView) => string): Promise<Buffer> {
    const baseUrl = this.opts.publicBaseUrl;
    const held = this.views.get(principal.orgId, id);
    if (held) {
      const row = await this.revisions.get({ orgId: principal.orgId, id });
      if (row && row.revision === held.revision && row.view_base_url === baseUrl) return held.bytes;
      this.views.delete(principal.orgId, id);
    }
    const doc = await this.requireDocument(principal.orgId, id, true);
    const kept = doc.view_json && doc.view_base_url === baseUrl ? doc.view_json : null;
    const json = kept ?? serialise(await this.present(doc));
    const bytes = Buffer.from(json);
    if (doc.status !== 'processing' && doc.revision !== undefined) {
      if (!kept) await this.repos.documents.storeView(principal.orgId, id, doc.revision, { json, baseUrl });
      this.views.set(principal.orgId, id, { revision: Number(doc.revision), baseUrl, bytes });
    }
    return bytes;
  }

  private async present(doc: DocumentsTable): Promise<DocumentView> {
    const reading = doc.current_reading_id ? await this.repos.readings.find(doc.org_id, doc.current_reading_id) : undefined;
    return presentDocument(doc, reading ?? null, this.opts.publicBaseUrl);
  }

  async list(principal: Principal, query: ListQuery): Promise<{ items: DocumentView[]; page: number; page_size: number; total: number }> {
    const { total, items } = await this.repos.documents.page(
      principal.orgId,
      { status: query.status, type: query.type, q: query.q },
      query.page,
      query.page_size,
    );
    return {
      items: items.map(({ doc, reading }) => presentDocument(doc, reading, this.opts.publicBaseUrl)),
      page: query.page,
      page_size: query.page_size,
      total,
    };
  }

  /** Erases the original, page images, readings, versions, consent and outputs; keeps a minimal
   * deletion record. A reading still running finds the row gone and writes nothing back. */
  async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true; deleted_at: string }> {
    await this.requireDocument(principal.orgId, id, false);
    const at = now();
    await this.repos.transaction(async (tx) => {
      await tx.documents.eraseContent(principal.orgId, id);
      await this.opts.events?.documentRemoved(tx, principal.orgId, id);
      await tx.documents.delete(principal.orgId, id);
      await tx.documents.recordDeletion({ document_id: id, org_id: principal.orgId, deleted_at: at, actor: principal.actor });
    });
    await this.blobs.deletePrefix(documentPrefix(principal.orgId, id));
    try {
      await this.opts.scrubErased?.(ERASED_TABLES);
    } catch (err) {
      // The rows are gone from every query; only their bytes may stay on disk until the next checkpoint.
      this.opts.logger?.error({ err, document_id: id }, 'erased rows could not be scrubbed from the database files');
    }
    return { id, deleted: true, deleted_at: formatTimestamp(at) };
  }

  async versions(principal: Principal, id: string) {
    await this.requireDocument(principal.orgId, id, false);
    const versions = await this.repos.documents.versions(principal.orgId, id);
    const readings = await this.repos.readings.summariesForDocument(principal.orgId, id);
    return {
      document_id: id,
      items: versions.map((v) => ({
        version: v.version,
        sha256: v.sha256,
        size_bytes: v.size_bytes,
        media_type: v.media_type,
        stored: v.blob_key !== null,
        created_at: formatTimestamp(v.created_at),
      })),
      readings: readings.map((r) => ({
        id: r.id,
        number: r.number,
        trigger: r.trigger,
        status: r.status,
        outcome_code: r.outcome ? ((JSON.parse(r.outcome) as { code: string | null }).code ?? null) : null,
        started_at: formatTimestamp(r.started_at),
        finished_at: r.finished_at ? formatTimestamp(r.finished_at) : null,
        cached_from_reading: r.cached_from_reading,
      })),
    };
  }

  /** Reads the stored original again as a new reading; the earlier readings stay. No new charge. */
  async reread(principal: Principal, id: string, trigger: 'rescan' | 'reevaluate'): Promise<DocumentView> {
    const doc = await this.requireDocument(principal.orgId, id, false);
    if (!doc.blob_key || !(await this.blobs.exists(doc.blob_key))) {
      throw new AppError('no_source_file', 'The original file was not kept, so it cannot be read again.');
    }
    if (await this.repos.readings.hasActive(principal.orgId, id)) throw new AppError('not_finished', 'A reading of this document is still running.');
    const readingId = newId('reading');
    const at = now();
    await this.repos.transaction(async (tx) => {
      await this.startReading(tx, principal.orgId, id, readingId, await tx.readings.nextNumber(principal.orgId, id), trigger, at);
      await tx.documents.startOver(principal.orgId, id, readingId, JSON.stringify(PENDING_OUTCOME), at);
      await this.opts.events?.documentRestarted(tx, principal.orgId, id);
    });
    return this.get(principal, id);
  }
}

/** The first version of an uploaded document: the file as stored. */
function firstVersion(doc: DocumentsTable, at: string): DocumentVersionsTable {
  return {
    id: newId('version'),
    document_id: doc.id,
    org_id: doc.org_id,
    version: 1,
    sha256: doc.sha256,
    size_bytes: doc.size_bytes,
    media_type: doc.media_type,
    blob_key: doc.blob_key,
    created_at: at,
  };
}

function consentRow(doc: DocumentsTable, note: string | null, at: string): ConsentsTable | null {
  return note === null ? null : { id: newId('consent'), org_id: doc.org_id, document_id: doc.id, note, created_at: at };
}

function queuedReading(orgId: string, documentId: string, id: string, number: number, trigger: string, at: string): ReadingsTable {
  return {
    id,
    document_id: documentId,
    org_id: orgId,
    number,
    trigger,
    status: 'queued',
    outcome: null,
    result: null,
    raw: null,
    started_at: at,
    finished_at: null,
    cached_from_reading: null,
  };
}

/** The read job of a queued reading: its payload and options (one job per reading). */
function readJob(reading: ReadingsTable): [ReadJobPayload, EnqueueOptions] {
  return [{ orgId: reading.org_id, documentId: reading.document_id, readingId: reading.id }, { dedupeKey: `read:${reading.id}` }];
}

type TwinRow = NonNullable<Awaited<ReturnType<Repositories['documents']['findFinishedTwin']>>>;

function twinOf(row: TwinRow): Twin {
  const { doc_id, doc_type, doc_status, doc_outcome, doc_confidence, doc_tamper_score, ...reading } = row;
  // A person's decision on the earlier document is not the machine's result for this one.
  const doc: TwinDocument = {
    id: doc_id,
    doc_type,
    outcome: reading.outcome ?? doc_outcome,
    status: statusFromReading(reading, doc_status),
    confidence: doc_confidence,
    tamper_score: doc_tamper_score,
  };
  return { doc, reading };
}

function statusFromReading(reading: ReadingsTable, fallback: string): string {
  return reading.outcome ? statusForOutcome(JSON.parse(reading.outcome) as Outcome) : fallback;
}
