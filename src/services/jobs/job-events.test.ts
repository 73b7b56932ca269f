import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '../../../test/helpers/databases.js';
import { connectDb, type Db } from '../../adapters/db/connect.js';
import { Repositories } from '../../adapters/db/repositories/index.js';
import { createEmbeddedQueue } from '../../adapters/queue/embedded.js';
import type { Queue } from '../../adapters/queue/types.js';
import type { Outcome } from '../../domain/result.js';
import { EventOutbox } from '../webhooks/outbox.js';
import { JobEvents } from './job-events.js';

const at = '2026-11-25T00:00:00.000Z';
const outcome = (status: Outcome['status'], code: string | null = null): Outcome => ({
  status,
  code,
  message: '',
  next_action: { type: 'NONE', message: '' },
  context: {},
});

/** The finish path on a real database: job state, cross-checks and the outbox rows, no OCR. */
describe.each(await testDatabaseFactories())('job state and events on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let db: Db;
  let queue: Queue;
  let events: JobEvents;
  beforeAll(async () => {
    tdb = makeDb();
    db = connectDb(tdb.database);
    await db.migrate();
    queue = createEmbeddedQueue(db.db, db.kind, { leaseSeconds: 30, pollMs: 1000, maxAttempts: 3 });
    events = new JobEvents(new EventOutbox(queue));
    await db.db
      .insertInto('organisations')
      .values({ id: 'ORG_a', name: 'a', plan: 'internal', status: 'active', created_at: at, subscription_expires_at: null })
      .execute();
    await db.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'WHK_a',
        org_id: 'ORG_a',
        kind: 'v2',
        url: 'https://example.com/hook',
        events: JSON.stringify(['job.finished', 'review.required', 'job.action_required', 'job.completed']),
        secret_enc: 'x',
        previous_secret_enc: null,
        previous_expires_at: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await queue?.stop(100);
    await db?.close();
    await tdb?.cleanup();
  });

  async function job(id: string, expected: string[] = []) {
    await db.db
      .insertInto('jobs')
      .values({
        id,
        org_id: 'ORG_a',
        reference: null,
        expected_types: JSON.stringify(expected),
        metadata: '{}',
        status: 'processing',
        decision: 'pending',
        review_reasons: '[]',
        state_version: 1,
        created_at: at,
        updated_at: at,
        completed_at: null,
      })
      .execute();
  }
  async function input(jobId: string, docId: string, docType: string) {
    await db.db
      .insertInto('documents')
      .values({
        id: docId,
        org_id: 'ORG_a',
        name: `${docId}.jpg`,
        type_hint: null,
        doc_type: docType,
        status: 'processing',
        cached: 0,
        cached_from: null,
        uploaded_at: at,
        updated_at: at,
        sha256: docId,
        size_bytes: 1,
        media_type: 'image/jpeg',
        file_kind: 'image',
        blob_key: null,
        outputs: '[]',
        improve: 0,
        outcome: JSON.stringify(outcome('pending')),
        current_reading_id: `RDG_${docId}`,
        confidence: null,
        tamper_score: null,
        source: 'job',
        review_result: null,
      })
      .execute();
    await db.db
      .insertInto('readings')
      .values({
        id: `RDG_${docId}`,
        document_id: docId,
        org_id: 'ORG_a',
        number: 1,
        trigger: 'upload',
        status: 'running',
        outcome: null,
        result: null,
        raw: null,
        started_at: at,
        finished_at: null,
        cached_from_reading: null,
      })
      .execute();
    await db.db.insertInto('job_inputs').values({ document_id: docId, job_id: jobId, org_id: 'ORG_a', added_at: at }).execute();
  }
  /** What the reading worker writes, then the finish hook, in one transaction. */
  async function finish(docId: string, values: Record<string, string>, o = outcome('verified')) {
    const status = o.status === 'verified' ? 'verified' : o.status === 'failed' ? 'failed' : 'review';
    await db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('readings')
        .set({ status: 'done', result: JSON.stringify({ values }), outcome: JSON.stringify(o) })
        .where('id', '=', `RDG_${docId}`)
        .execute();
      await trx
        .updateTable('documents')
        .set({ status, outcome: JSON.stringify(o) })
        .where('id', '=', docId)
        .execute();
      await events.documentFinished(new Repositories(trx), { orgId: 'ORG_a', documentId: docId, readingId: `RDG_${docId}`, status, outcome: o });
    });
  }
  const outboxOf = async (jobId: string) =>
    (await db.db.selectFrom('events').select('body').where('job_id', '=', jobId).orderBy('created_at').execute()).map(
      (e) => JSON.parse(e.body) as { event: string; data: Record<string, unknown> },
    );

  it('a passport and a visa that disagree put a review reason naming both on the job and send review.required', async () => {
    await job('JOB_x', ['passport', 'visa']);
    await input('JOB_x', 'DOC_p', 'passport');
    await input('JOB_x', 'DOC_v', 'visa');
    await finish('DOC_p', { surname: 'MÜLLER', given_names: 'JÖRG', date_of_birth: '1985-03-14', nationality: 'DEU', document_number: 'C01X00T47' });
    let row = await db.db.selectFrom('jobs').selectAll().where('id', '=', 'JOB_x').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'processing', decision: 'pending' });
    await finish('DOC_v', { surname: 'MUELLER', given_names: 'JOERG', date_of_birth: '1985-04-14', nationality: 'DEU', passport_number: 'C01X00T47' });
    row = await db.db.selectFrom('jobs').selectAll().where('id', '=', 'JOB_x').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'action_required', decision: 'review', state_version: 3, completed_at: null });
    const reasons = JSON.parse(row.review_reasons);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatchObject({
      code: 'CROSS_CHECK_MISMATCH',
      field: 'date_of_birth',
      documents: [
        { document_id: 'DOC_p', value: '1985-03-14' },
        { document_id: 'DOC_v', value: '1985-04-14' },
      ],
    });
    const sent = await outboxOf('JOB_x');
    expect(sent.map((e) => e.event)).toEqual(['job.finished', 'job.finished', 'job.action_required', 'review.required']);
    expect(sent[3]!.data).toMatchObject({ job_id: 'JOB_x', entity_id: 'DOC_v', code: 'CROSS_CHECK_MISMATCH', state_version: 3 });
    const deliveries = await db.db.selectFrom('webhook_deliveries').select('event_id').where('endpoint_id', '=', 'WHK_a').execute();
    expect(deliveries.length).toBeGreaterThanOrEqual(4);
  });

  it('agreeing documents complete the job once every expected type is verified, with one job.completed', async () => {
    await job('JOB_y', ['passport', 'visa']);
    await input('JOB_y', 'DOC_p2', 'passport');
    await input('JOB_y', 'DOC_v2', 'visa');
    await finish('DOC_p2', { surname: 'MÜLLER', given_names: 'JÖRG', date_of_birth: '1985-03-14', document_number: 'C01X00T47' });
    await finish('DOC_v2', { surname: 'MULLER', given_names: 'JORG', date_of_birth: '1985-03-14', passport_number: 'C01X00T47' });
    const row = await db.db.selectFrom('jobs').selectAll().where('id', '=', 'JOB_y').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', decision: 'verified', review_reasons: '[]' });
    expect(row.completed_at).not.toBeNull();
    expect((await outboxOf('JOB_y')).map((e) => e.event)).toEqual(['job.finished', 'job.finished', 'job.completed']);
  });

  it('a rescanned input puts an open case back to processing; a completed job stays completed', async () => {
    await job('JOB_r', ['passport', 'visa']);
    await input('JOB_r', 'DOC_r1', 'passport');
    await finish('DOC_r1', {}, outcome('action_required', 'FIELD_CONFLICT'));
    expect((await db.db.selectFrom('jobs').select('status').where('id', '=', 'JOB_r').executeTakeFirstOrThrow()).status).toBe('action_required');
    await db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('documents')
        .set({ status: 'processing', outcome: JSON.stringify(outcome('pending')) })
        .where('id', '=', 'DOC_r1')
        .execute();
      await events.documentRestarted(new Repositories(trx), 'ORG_a', 'DOC_r1');
    });
    expect(await db.db.selectFrom('jobs').select(['status', 'decision']).where('id', '=', 'JOB_r').executeTakeFirstOrThrow()).toEqual({
      status: 'processing',
      decision: 'pending',
    });
    await db.db.transaction().execute((trx) => events.documentRestarted(new Repositories(trx), 'ORG_a', 'DOC_p2'));
    expect((await db.db.selectFrom('jobs').select('status').where('id', '=', 'JOB_y').executeTakeFirstOrThrow()).status).toBe('completed');
  });

  it('inputs finishing at the same moment are judged one after the other: the job sees both', async () => {
    await job('JOB_z');
    const ids = Array.from({ length: 8 }, (_, i) => `DOC_z${i}`);
    for (const id of ids) await input('JOB_z', id, 'invoice');
    await Promise.all(ids.map((id) => finish(id, {})));
    const row = await db.db.selectFrom('jobs').selectAll().where('id', '=', 'JOB_z').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', state_version: 9 });
    const sent = await outboxOf('JOB_z');
    expect(sent.filter((e) => e.event === 'job.completed')).toHaveLength(1);
    expect(
      sent
        .filter((e) => e.event === 'job.finished')
        .map((e) => e.data.state_version)
        .sort(),
    ).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
