import type { Kysely } from 'kysely';
import type { EnqueueOptions, Queue } from '../../queue/types.js';
import type { CommitGroups } from '../group-commit.js';
import { unlessRefused } from '../statement-groups.js';
import type { Database } from '../schema.js';
import { ApiKeysRepository } from './api-keys.js';
import { DocumentFactsRepository } from './document-facts.js';
import { DocumentsRepository } from './documents.js';
import { IdempotencyKeysRepository } from './idempotency-keys.js';
import { JobsRepository } from './jobs.js';
import { MetaRepository } from './meta.js';
import { OneTimeTokensRepository } from './one-time-tokens.js';
import { OrganisationsRepository } from './organisations.js';
import { OtpChallengesRepository } from './otp-challenges.js';
import { PoliciesRepository } from './policies.js';
import { ReadingsRepository } from './readings.js';
import { ReviewsRepository } from './reviews.js';
import { SessionsRepository } from './sessions.js';
import { UsageCountersRepository } from './usage-counters.js';
import { UsersRepository } from './users.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.js';

export { ERASED_TABLES } from './documents.js';

/** Every repository, bound to one executor: the database, or one open transaction (as handed to
 * the callback of `transaction`). Services hold no SQL; they call these. */
export class Repositories {
  readonly organisations: OrganisationsRepository;
  readonly apiKeys: ApiKeysRepository;
  readonly users: UsersRepository;
  readonly otpChallenges: OtpChallengesRepository;
  readonly oneTimeTokens: OneTimeTokensRepository;
  readonly sessions: SessionsRepository;
  readonly meta: MetaRepository;
  readonly documents: DocumentsRepository;
  readonly readings: ReadingsRepository;
  readonly documentFacts: DocumentFactsRepository;
  readonly usageCounters: UsageCountersRepository;
  readonly policies: PoliciesRepository;
  readonly reviews: ReviewsRepository;
  readonly jobs: JobsRepository;
  readonly idempotencyKeys: IdempotencyKeysRepository;
  readonly webhookEndpoints: WebhookEndpointsRepository;
  readonly webhookDeliveries: WebhookDeliveriesRepository;

  constructor(
    private readonly db: Kysely<Database>,
    /** SQLite: transactions that may be committed together (see `groupedTransaction`). */
    private readonly groups?: CommitGroups,
  ) {
    this.organisations = new OrganisationsRepository(db);
    this.apiKeys = new ApiKeysRepository(db);
    this.users = new UsersRepository(db);
    this.otpChallenges = new OtpChallengesRepository(db);
    this.oneTimeTokens = new OneTimeTokensRepository(db);
    this.sessions = new SessionsRepository(db);
    this.meta = new MetaRepository(db);
    this.documents = new DocumentsRepository(db);
    this.readings = new ReadingsRepository(db);
    this.documentFacts = new DocumentFactsRepository(db);
    this.usageCounters = new UsageCountersRepository(db);
    this.policies = new PoliciesRepository(db);
    this.reviews = new ReviewsRepository(db);
    this.jobs = new JobsRepository(db);
    this.idempotencyKeys = new IdempotencyKeysRepository(db);
    this.webhookEndpoints = new WebhookEndpointsRepository(db);
    this.webhookDeliveries = new WebhookDeliveriesRepository(db);
  }

  /** Runs `fn` in one transaction, with repositories bound to it; commits when it resolves. */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new Repositories(trx)));
  }

  /** As `transaction`, but where the database commits one transaction at a time (SQLite) it may
   * share its commit with others waiting; it still resolves only once its own writes are
   * durable, and a failure rolls back its writes alone. `fn` must write only through the
   * repositories it is given and finish every query it starts. */
  groupedTransaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T> {
    if (this.groups) return this.groups.run((trx) => fn(new Repositories(trx)));
    return this.db.isTransaction ? this.transaction(fn) : this.confirmedTransaction(fn);
  }

  /** As `transaction`, but a COMMIT the server did not answer (a lost connection) rejects with
   * `CommitNotConfirmed`: the transaction may have committed, and must not be taken for rolled back. */
  private async confirmedTransaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T> {
    const trx = await this.db.startTransaction().execute();
    const rollback = () =>
      trx
        .rollback()
        .execute()
        .catch(() => undefined);
    let out: T;
    try {
      out = await fn(new Repositories(trx));
    } catch (err) {
      await rollback();
      throw err;
    }
    try {
      await trx.commit().execute();
    } catch (err) {
      // Kysely releases the connection of a failed commit only through a rollback.
      await rollback();
      throw unlessRefused(err, 'the database did not answer the commit');
    }
    return out;
  }

  /** Enqueues work that commits or rolls back with this transaction; outside one, the queue
   * commits it alone (as Queue.enqueue does without a transaction). */
  enqueue(queue: Queue, name: string, payload: unknown, opts?: EnqueueOptions): Promise<string> {
    return queue.enqueue(name, payload, opts, this.db.isTransaction ? this.db : undefined);
  }
}
