import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** One ordered set of migrations for SQLite and PostgreSQL alike: only portable column types. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('organisations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('disabled_reason', 'text')
        .execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type_hint', 'text')
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cached', 'integer', (c) => c.notNull())
        .addColumn('cached_from', 'text')
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('file_kind', 'text', (c) => c.notNull())
        .addColumn('blob_key', 'text')
        .addColumn('outputs', 'text', (c) => c.notNull())
        .addColumn('improve', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('current_reading_id', 'text')
        .addColumn('confidence', 'real')
        .addColumn('tamper_score', 'real')
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('documents_org_uploaded').on('documents').columns(['org_id', 'uploaded_at']).execute();
      await db.schema.createIndex('documents_org_sha').on('documents').columns(['org_id', 'sha256']).execute();
      await db.schema.createIndex('documents_org_status').on('documents').columns(['org_id', 'status']).execute();

      await db.schema
        .createTable('document_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('blob_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('document_versions_doc_version', ['document_id', 'version'])
        .execute();

      await db.schema
        .createTable('readings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('result', 'text')
        .addColumn('raw', 'text')
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('cached_from_reading', 'text')
        .addUniqueConstraint('readings_doc_number', ['document_id', 'number'])
        .execute();

      await db.schema
        .createTable('consents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('document_deletions')
        .addColumn('document_id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('queue_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('locked_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('queue_jobs_ready').on('queue_jobs').columns(['queue', 'status', 'run_at']).execute();

      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_accounts': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('organisations').addColumn('subscription_expires_at', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('created_by', 'text').execute();
      await db.schema.createIndex('api_keys_org').on('api_keys').column('org_id').execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('email_verified_at', 'text')
        .addColumn('phone', 'text')
        .addColumn('phone_verified_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_org').on('users').column('org_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('otp_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('consumed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('usage_counters')
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_counters_pk', ['org_id', 'period'])
        .execute();
    },
  },
  '0003_document_facts': {
    async up(db: Kysely<any>) {
      // Normalised facts of a document's current reading that later documents are compared with
      // (duplicate invoices); erased with the document.
      await db.schema
        .createTable('document_facts')
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('fact_key', 'text', (c) => c.notNull())
        .addColumn('amount', 'real')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_facts_pk', ['document_id', 'kind'])
        .execute();
      await db.schema.createIndex('document_facts_lookup').on('document_facts').columns(['org_id', 'kind', 'fact_key']).execute();
    },
  },
  '0004_policies_reviews': {
    async up(db: Kysely<any>) {
      // Every version of an organisation's verification policy is kept: results name the version they were decided under.
      await db.schema
        .createTable('policies')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('policies_pk', ['org_id', 'version'])
        .execute();
      // A person's approve or reject: corrections beside the machine's values, who and when; erased with the document.
      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('reading_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('from_status', 'text', (c) => c.notNull())
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('corrections', 'text', (c) => c.notNull())
        .addColumn('machine', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reviews_document').on('reviews').columns(['org_id', 'document_id', 'created_at']).execute();
      // The result after a person's action; null while the machine's reading stands.
      await db.schema.alterTable('documents').addColumn('review_result', 'text').execute();
    },
  },
  '0005_jobs_webhooks': {
    async up(db: Kysely<any>) {
      // A v2 job: several documents about one person or case (README "Jobs").
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('expected_types', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('review_reasons', 'text', (c) => c.notNull())
        .addColumn('state_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema.createIndex('jobs_org_created').on('jobs').columns(['org_id', 'created_at']).execute();
      await db.schema
        .createTable('job_inputs')
        .addColumn('document_id', 'text', (c) => c.primaryKey())
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_inputs_job').on('job_inputs').columns(['org_id', 'job_id', 'added_at']).execute();
      // Idempotency-Key records: the first answer, replayed for the same key and body.
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['org_id', 'key'])
        .execute();
      // Endpoints: kind v2 (subscribed events) or dashboard (the v1 upload webhook, one per organisation).
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret_enc', 'text', (c) => c.notNull())
        .addColumn('previous_secret_enc', 'text')
        .addColumn('previous_expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('webhook_endpoints_org').on('webhook_endpoints').columns(['org_id', 'kind']).execute();
      // The outbox: written in the transaction of the state change that causes the event.
      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('job_id', 'text')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_org_job').on('events').columns(['org_id', 'job_id', 'created_at']).execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('webhook_deliveries_endpoint_event', ['endpoint_id', 'event_id'])
        .execute();
      await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['org_id', 'endpoint_id', 'created_at']).execute();
      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('manual', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('succeeded', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'started_at']).execute();
    },
  },
  '0006_first_hour': {
    // The development organisation that first start made on the sandbox plan before the
    // development plan existed moves to it: the bootstrap key, made by no person, and no people.
    async up(db: Kysely<any>) {
      await db
        .updateTable('organisations')
        .set({ plan: 'development' })
        .where('name', '=', 'development')
        .where('plan', '=', 'sandbox')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('api_keys')
              .select('api_keys.id')
              .whereRef('api_keys.org_id', '=', 'organisations.id')
              .where('api_keys.name', '=', 'bootstrap')
              .where('api_keys.created_by', 'is', null),
          ),
        )
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users').select('users.id').whereRef('users.org_id', '=', 'organisations.id'))))
        .execute();
    },
  },
  '0008_outputs': {
    async up(db: Kysely<any>) {
      // A CV's improved wording (POST /improve), for the reading it was made from; erased with the document.
      await db.schema.alterTable('documents').addColumn('cv_improved', 'text').execute();
      await db.schema.alterTable('documents').addColumn('cv_improved_reading_id', 'text').execute();
    },
  },
  '0009_document_view': {
    async up(db: Kysely<any>) {
      // GET /v1/documents/{id} serves a decided document from its answer serialised once (view_json,
      // for the base address it was made with); every change to the row bumps revision and clears it.
      await db.schema
        .alterTable('documents')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('documents').addColumn('view_json', 'text').execute();
      await db.schema.alterTable('documents').addColumn('view_base_url', 'text').execute();
    },
  },
  '0010_twin_lookup': {
    async up(db: Kysely<any>) {
      // Every upload looks for a finished document with the same bytes, newest first. With
      // (org_id, sha256) alone SQLite walked the organisation's documents in upload order to skip
      // the sort: a cost per upload that grew with every document kept.
      await db.schema.createIndex('documents_org_sha_uploaded').on('documents').columns(['org_id', 'sha256', 'uploaded_at']).execute();
      await db.schema.dropIndex('documents_org_sha').execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** `schema` (PostgreSQL) must be named: Kysely looks for its bookkeeping tables in every schema,
 * so another schema's would otherwise be taken for this one's. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
