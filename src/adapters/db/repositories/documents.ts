import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { executePrepared } from '../prepared.js';
import type { JobStatement } from '../../queue/types.js';
import { runAsOneStatement, type StatementPart } from '../one-statement.js';
import { fromTemplate, insertRow } from '../statement-template.js';
import type { ConsentsTable, Database, DocumentDeletionsTable, DocumentsTable, DocumentVersionsTable, ReadingsTable } from '../schema.js';

/** Every table a document's content lives in; erased together, documents last. */
export const ERASED_TABLES = ['readings', 'document_versions', 'consents', 'document_facts', 'reviews', 'documents'] as const;

export interface DocumentFilter {
  status?: string | undefined;
  type?: string | undefined;
  q?: string | undefined;
}

/** What recording one upload writes besides its reading's job. */
export interface UploadRows {
  doc: DocumentsTable;
  version: DocumentVersionsTable;
  consent: ConsentsTable | null;
  reading: ReadingsTable;
}

/** A document row with its current reading, if any. */
export interface DocumentWithReading {
  doc: DocumentsTable;
  reading: ReadingsTable | null;
}

/** What every change to a document row also sets: a new revision, and no serialised answer (it
 * showed the row before the change). */
function changed(eb: ExpressionBuilder<Database, 'documents'>) {
  return { revision: eb('revision', '+', 1), view_json: null, view_base_url: null };
}

/** What `viewRevision` answers of a row, or of none. */
const revisionOf = (row: Pick<DocumentsTable, 'revision' | 'view_base_url'> | undefined) =>
  row ? { revision: Number(row.revision ?? 0), view_base_url: row.view_base_url ?? null } : undefined;

/** Documents, their versions, consents and deletion records; every query is bound to the organisation. */
export class DocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // The upload path's inserts: from templates (see statement-template.ts).
  async insert(doc: DocumentsTable): Promise<void> {
    await this.db.executeQuery(insertRow(this.db, 'documents', doc));
  }

  async insertVersion(version: DocumentVersionsTable): Promise<void> {
    await this.db.executeQuery(insertRow(this.db, 'document_versions', version));
  }

  async insertConsent(consent: ConsentsTable): Promise<void> {
    await this.db.executeQuery(insertRow(this.db, 'consents', consent));
  }

  /** PostgreSQL only: uploads' rows and the statements that queue their readings' jobs, in one
   * statement (see runAsOneStatement): one round trip, all committed or none. Each job statement
   * must insert its job. `before`: parts run first in the same statement, each with its condition
   * (`oneRow`, `noRow`) on which the whole statement is written or nothing. */
  async insertUploadsWithJobs(uploads: readonly UploadRows[], jobs: readonly JobStatement[], before: readonly StatementPart[] = []): Promise<void> {
    const consents = uploads.flatMap((u) => (u.consent ? [u.consent] : []));
    // One upload (the usual case) from templates; a batch's rows through the builder.
    const rows =
      uploads.length === 1
        ? [
            insertRow(this.db, 'documents', uploads[0]!.doc),
            insertRow(this.db, 'document_versions', uploads[0]!.version),
            insertRow(this.db, 'readings', uploads[0]!.reading),
            ...consents.map((c) => insertRow(this.db, 'consents', c)),
          ]
        : [
            this.db.insertInto('documents').values(uploads.map((u) => u.doc)),
            this.db.insertInto('document_versions').values(uploads.map((u) => u.version)),
            this.db.insertInto('readings').values(uploads.map((u) => u.reading)),
            ...(consents.length > 0 ? [this.db.insertInto('consents').values(consents)] : []),
          ].map((q) => q.compile());
    await runAsOneStatement(this.db, [...before, ...rows, ...jobs.map((job) => ({ ...job, oneRow: true }))]);
  }

  async find(orgId: string, id: string): Promise<DocumentsTable | undefined> {
    return this.db.selectFrom('documents').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  }

  /** The row's revision and the base address its kept answer was made for: all a process holding
   * that answer needs to know it is still the document's. */
  async viewRevision(orgId: string, id: string): Promise<{ revision: number; view_base_url: string | null } | undefined> {
    // Asked on every read of a kept answer: built once, and a prepared statement on PostgreSQL.
    const query = fromTemplate(this.db, 'documents.viewRevision', [orgId, id] as const, ([orgId, id]) =>
      this.db.selectFrom('documents').select(['revision', 'view_base_url']).where('id', '=', id).where('org_id', '=', orgId),
    );
    return revisionOf((await executePrepared(this.db, query)).rows[0]);
  }

  /** `viewRevision` of several documents in one statement on PostgreSQL (a round trip saved per
   * read: see LookupGroups), answered in the keys' order. A row counts only for the organisation
   * that asked for it. SQLite runs in this process: one lookup each costs no round trip. */
  async viewRevisions(keys: ReadonlyArray<{ orgId: string; id: string }>): Promise<Array<{ revision: number; view_base_url: string | null } | undefined>> {
    if (keys.length === 1 || !(this.db.getExecutor().adapter instanceof PostgresAdapter)) {
      return Promise.all(keys.map((k) => this.viewRevision(k.orgId, k.id)));
    }
    const ids = keys.map((k) => k.id);
    const orgIds = [...new Set(keys.map((k) => k.orgId))];
    // Arrays as parameters: one statement text whatever the group's size, prepared once.
    const query = fromTemplate(this.db, 'documents.viewRevisions', [ids, orgIds] as const, ([ids, orgIds]) =>
      this.db
        .selectFrom('documents')
        .select(['id', 'org_id', 'revision', 'view_base_url'])
        .where('id', '=', sql<string>`any(${ids}::text[])`)
        .where('org_id', '=', sql<string>`any(${orgIds}::text[])`),
    );
    const found = new Map((await executePrepared(this.db, query)).rows.map((r) => [`${r.org_id}\u0000${r.id}`, r]));
    return keys.map((k) => revisionOf(found.get(`${k.orgId}\u0000${k.id}`)));
  }

  async uploadedAt(orgId: string, id: string): Promise<string | null> {
    const row = await this.db.selectFrom('documents').select(['id', 'uploaded_at']).where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
    return row?.uploaded_at ?? null;
  }

  /** What a finish event for the dashboard webhook needs. */
  async findSummary(orgId: string, id: string) {
    return this.db.selectFrom('documents').select(['source', 'doc_type', 'name']).where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  }

  /** Where the original is and what kind of file it is. */
  async findOriginal(orgId: string, id: string) {
    return this.db.selectFrom('documents').select(['blob_key', 'file_kind']).where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  }

  async wasDeleted(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('document_deletions')
      .select('document_id')
      .where('document_id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The newest document of these bytes in the organisation whose current reading is done, with
   * that reading; never across organisations. */
  async findFinishedTwin(orgId: string, sha256: string) {
    // Asked on every upload: a prepared statement (on PostgreSQL).
    return (await executePrepared(this.db, this.finishedTwinQuery(orgId, sha256))).rows[0];
  }

  /** The query of `findFinishedTwin`, to run as part of another statement. */
  finishedTwinQuery(orgId: string, sha256: string) {
    return fromTemplate(this.db, 'documents.findFinishedTwin', [orgId, sha256] as const, ([orgId, sha256]) =>
      this.db
        .selectFrom('readings')
        .innerJoin('documents', 'documents.current_reading_id', 'readings.id')
        .selectAll('readings')
        .select([
          'documents.id as doc_id',
          'documents.doc_type as doc_type',
          'documents.status as doc_status',
          'documents.outcome as doc_outcome',
          'documents.confidence as doc_confidence',
          'documents.tamper_score as doc_tamper_score',
        ])
        .where('documents.org_id', '=', orgId)
        .where('documents.sha256', '=', sha256)
        .where('readings.status', '=', 'done')
        .orderBy('documents.uploaded_at', 'desc')
        // A literal: SQLite (built with STAT4) prepares a statement whose LIMIT is a parameter anew
        // on every run, which made this lookup cost several times the upload's inserts.
        .limit(sql.lit(1)),
    );
  }

  /** One page of the organisation's documents, newest first, each with its current reading, and
   * the total matching the filter. `q` matches the name (case-insensitive) or the exact id. */
  async page(orgId: string, filter: DocumentFilter, page: number, pageSize: number): Promise<{ total: number; items: DocumentWithReading[] }> {
    let base = this.db.selectFrom('documents').where('documents.org_id', '=', orgId);
    if (filter.status) base = base.where('documents.status', '=', filter.status);
    if (filter.type) base = base.where((eb) => eb.or([eb('documents.doc_type', '=', filter.type!), eb('documents.type_hint', '=', filter.type!)]));
    if (filter.q) {
      const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => eb.or([eb(eb.fn('lower', ['documents.name']), 'like', eb.val(pattern)), eb('documents.id', '=', filter.q!)]));
    }
    const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('readings', 'readings.id', 'documents.current_reading_id')
      .selectAll('documents')
      .select([
        'readings.id as r_id',
        'readings.status as r_status',
        'readings.result as r_result',
        'readings.raw as r_raw',
        'readings.number as r_number',
        'readings.trigger as r_trigger',
        'readings.started_at as r_started',
        'readings.finished_at as r_finished',
        'readings.cached_from_reading as r_cached_from',
        'readings.outcome as r_outcome',
      ])
      .orderBy('documents.uploaded_at', 'desc')
      .orderBy('documents.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const items = rows.map((r) => {
      const { r_id, r_status, r_result, r_raw, r_number, r_trigger, r_started, r_finished, r_cached_from, r_outcome, ...doc } = r;
      const reading: ReadingsTable | null = r_id
        ? {
            id: r_id,
            document_id: doc.id,
            org_id: doc.org_id,
            number: r_number!,
            trigger: r_trigger!,
            status: r_status!,
            outcome: r_outcome ?? null,
            result: r_result ?? null,
            raw: r_raw ?? null,
            started_at: r_started!,
            finished_at: r_finished ?? null,
            cached_from_reading: r_cached_from ?? null,
          }
        : null;
      return { doc, reading };
    });
    return { total: Number(countRow.n), items };
  }

  async versions(orgId: string, id: string): Promise<DocumentVersionsTable[]> {
    return this.db.selectFrom('document_versions').selectAll().where('document_id', '=', id).where('org_id', '=', orgId).orderBy('version').execute();
  }

  /** Deletes the document's content from every table of ERASED_TABLES but documents itself. */
  async eraseContent(orgId: string, id: string): Promise<void> {
    for (const table of ERASED_TABLES) {
      if (table !== 'documents') await this.db.deleteFrom(table).where('document_id', '=', id).where('org_id', '=', orgId).execute();
    }
  }

  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('documents').where('id', '=', id).where('org_id', '=', orgId).execute();
  }

  async recordDeletion(deletion: DocumentDeletionsTable): Promise<void> {
    await this.db.insertInto('document_deletions').values(deletion).execute();
  }

  /** Points the document at a new reading that is under way; a person's earlier decision is dropped. */
  async startOver(orgId: string, id: string, readingId: string, pendingOutcome: string, at: string): Promise<void> {
    await this.db
      .updateTable('documents')
      .set((eb) => ({
        status: 'processing',
        outcome: pendingOutcome,
        current_reading_id: readingId,
        cached: 0,
        review_result: null,
        updated_at: at,
        ...changed(eb),
      }))
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .execute();
  }

  /** Writes a finished reading's verdict onto the document, only while that reading is its current
   * one; returns whether it was. */
  async finishReading(
    orgId: string,
    id: string,
    readingId: string,
    change: Pick<DocumentsTable, 'status' | 'outcome' | 'doc_type' | 'confidence' | 'tamper_score' | 'updated_at'>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('documents')
      .set((eb) => ({ ...change, ...changed(eb) }))
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('current_reading_id', '=', readingId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** A person's decision, only if the document is still in `fromStatus` on `readingId`; returns whether it was. */
  async resolveByPerson(
    orgId: string,
    id: string,
    expected: { status: string; readingId: string },
    change: Pick<DocumentsTable, 'status' | 'outcome' | 'review_result' | 'updated_at'>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('documents')
      .set((eb) => ({ ...change, ...changed(eb) }))
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('status', '=', expected.status)
      .where('current_reading_id', '=', expected.readingId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Moves the document to a decided-again reading, only if it is still on `fromReadingId` and no
   * person has decided it; returns whether it was. */
  async adoptRedecision(
    orgId: string,
    id: string,
    fromReadingId: string,
    change: Pick<DocumentsTable, 'status' | 'outcome' | 'current_reading_id' | 'confidence' | 'tamper_score' | 'updated_at'>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('documents')
      .set((eb) => ({ ...change, ...changed(eb) }))
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('current_reading_id', '=', fromReadingId)
      .where('review_result', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async setCvImproved(orgId: string, id: string, improved: string, readingId: string | null): Promise<void> {
    await this.db
      .updateTable('documents')
      .set((eb) => ({ cv_improved: improved, cv_improved_reading_id: readingId, ...changed(eb) }))
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .execute();
  }

  /** Keeps GET's serialised answer, only if the row is still at `revision` (no change since it was made). */
  async storeView(orgId: string, id: string, revision: number, view: { json: string; baseUrl: string }): Promise<void> {
    await this.db
      .updateTable('documents')
      .set({ view_json: view.json, view_base_url: view.baseUrl })
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('revision', '=', revision)
      .execute();
  }

  /** Across organisations: the operator's metrics. */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('documents')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
