import { createHash } from 'node:crypto';
import type { Repositories } from '../../adapters/db/repositories/index.js';
import type { WebhookEndpointsTable } from '../../adapters/db/schema.js';
import type { Queue } from '../../adapters/queue/types.js';
import { checkWebhookUrl, UnsafeAddressError, type GuardOptions } from '../../adapters/webhooks/address-guard.js';
import { AppError } from '../../domain/errors.js';
import { DASHBOARD_EVENT, JOB_EVENT_NAMES } from '../../domain/events.js';
import { newId } from '../../domain/ids.js';
import type { Principal } from '../accounts.js';
import { formatTimestamp } from '../document-view.js';
import { DELIVERY_JOB_ATTEMPTS, WEBHOOK_QUEUE, type DeliveryJobPayload } from './outbox.js';
import type { SecretBox } from './secret-box.js';
import { newSigningSecret } from './signing.js';

/** Endpoints per organisation: enough for real integrations, bounded against fan-out abuse. */
export const MAX_ENDPOINTS = 20;
const DELIVERIES_PAGE = 100;

export interface EndpointView {
  id: string;
  url: string;
  events: string[];
  created_at: string;
  updated_at: string;
  /** While a rotation window is open, the old secret signs too until then. */
  previous_secret_expires_at: string | null;
}

export interface EndpointsOptions {
  guard: GuardOptions;
  rotationWindowSeconds: number;
  clock?: () => number;
}

/** Registration, listing, rotation and deletion of webhook endpoints, their delivery records and
 * redelivery, and the dashboard webhook of v1 uploads. Every query is bound to the organisation. */
export class WebhookEndpointsService {
  private readonly clock: () => number;

  constructor(
    private readonly repos: Repositories,
    private readonly queue: Queue,
    private readonly box: SecretBox,
    private readonly opts: EndpointsOptions,
  ) {
    this.clock = opts.clock ?? Date.now;
  }

  private async safeUrl(url: string): Promise<string> {
    try {
      return (await checkWebhookUrl(url, this.opts.guard)).href;
    } catch (err) {
      if (err instanceof UnsafeAddressError) throw new AppError('unsafe_webhook_url', err.message);
      throw err;
    }
  }

  async create(principal: Principal, body: { url: string; events: string[] }): Promise<EndpointView & { secret: string }> {
    const unknown = body.events.filter((e) => !(JOB_EVENT_NAMES as readonly string[]).includes(e));
    if (body.events.length === 0 || unknown.length > 0) {
      throw new AppError(
        'invalid_events',
        unknown.length
          ? `Unknown event names: ${unknown.join(', ')}. Known: ${JOB_EVENT_NAMES.join(', ')}.`
          : `Subscribe to at least one of: ${JOB_EVENT_NAMES.join(', ')}.`,
        { extra: { invalid: unknown } },
      );
    }
    const url = await this.safeUrl(body.url);
    if ((await this.repos.webhookEndpoints.countLive(principal.orgId, 'v2')) >= MAX_ENDPOINTS)
      throw new AppError('validation_error', `An organisation may have at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
    const secret = newSigningSecret();
    const at = new Date(this.clock()).toISOString();
    const row: WebhookEndpointsTable = {
      id: newId('webhook'),
      org_id: principal.orgId,
      kind: 'v2',
      url,
      events: JSON.stringify([...new Set(body.events)]),
      secret_enc: this.box.seal(secret),
      previous_secret_enc: null,
      previous_expires_at: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
    await this.repos.webhookEndpoints.insert(row);
    return { ...view(row), secret };
  }

  async list(principal: Principal): Promise<{ items: EndpointView[] }> {
    const rows = await this.repos.webhookEndpoints.listLive(principal.orgId, 'v2');
    return { items: rows.map(view) };
  }

  private async require(orgId: string, id: string): Promise<WebhookEndpointsTable> {
    const row = await this.repos.webhookEndpoints.findLive(orgId, 'v2', id);
    if (!row) throw new AppError('not_found', 'No webhook endpoint with this id.');
    return row;
  }

  /** Pending deliveries of a deleted endpoint are not attempted again. */
  async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true }> {
    await this.require(principal.orgId, id);
    const at = new Date(this.clock()).toISOString();
    await this.repos.webhookEndpoints.markDeleted(principal.orgId, id, at);
    return { id, deleted: true };
  }

  /** A new secret, shown once; the old one keeps signing (a second v1=) until the window closes. */
  async rotate(principal: Principal, id: string): Promise<EndpointView & { secret: string }> {
    const row = await this.require(principal.orgId, id);
    const secret = newSigningSecret();
    const now = this.clock();
    const updated: WebhookEndpointsTable = {
      ...row,
      secret_enc: this.box.seal(secret),
      previous_secret_enc: row.secret_enc,
      previous_expires_at: new Date(now + this.opts.rotationWindowSeconds * 1000).toISOString(),
      updated_at: new Date(now).toISOString(),
    };
    const rotated = await this.repos.webhookEndpoints.rotate(principal.orgId, id, row.secret_enc, {
      secret_enc: updated.secret_enc,
      previous_secret_enc: updated.previous_secret_enc,
      previous_expires_at: updated.previous_expires_at,
      updated_at: updated.updated_at,
    });
    if (!rotated) throw new AppError('invalid_state', 'The endpoint was rotated at the same moment; list it again.');
    return { ...view(updated), secret };
  }

  /** The newest deliveries with every attempt of each. */
  async deliveries(principal: Principal, id: string) {
    await this.require(principal.orgId, id);
    return { items: await this.deliveryRecords(principal.orgId, id) };
  }

  private async deliveryRecords(orgId: string, endpointId: string) {
    const rows = await this.repos.webhookDeliveries.recent(orgId, endpointId, DELIVERIES_PAGE);
    const attempts = await this.repos.webhookDeliveries.attemptsOf(
      orgId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      event_id: r.event_id,
      event: r.event,
      status: r.status as 'pending' | 'delivered' | 'dead',
      scheduled_attempts: r.attempts,
      next_attempt_at: r.next_attempt_at ? formatTimestamp(r.next_attempt_at) : null,
      created_at: formatTimestamp(r.created_at),
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({
          number: a.number,
          manual: a.manual === 1,
          at: formatTimestamp(a.started_at),
          duration_ms: a.duration_ms,
          status_code: a.status_code,
          succeeded: a.succeeded === 1,
          error: a.error,
        })),
    }));
  }

  /** Sends the same event body once more, at once, outside the schedule; a success marks it delivered. */
  async redeliver(principal: Principal, id: string, deliveryId: string): Promise<{ delivery_id: string; queued: true }> {
    await this.require(principal.orgId, id);
    if (!(await this.repos.webhookDeliveries.exists(principal.orgId, id, deliveryId)))
      throw new AppError('not_found', 'No delivery with this id for this endpoint.');
    const payload: DeliveryJobPayload = { orgId: principal.orgId, deliveryId, manual: true };
    await this.queue.enqueue(WEBHOOK_QUEUE, payload, { maxAttempts: DELIVERY_JOB_ATTEMPTS });
    return { delivery_id: deliveryId, queued: true };
  }

  /** The dashboard row has a fixed id per organisation, so two first requests cannot make two. */
  private async dashboardRow(orgId: string): Promise<WebhookEndpointsTable> {
    const id = 'WHK_' + createHash('sha256').update(`dashboard:${orgId}`).digest('hex').slice(0, 32);
    const at = new Date(this.clock()).toISOString();
    await this.repos.webhookEndpoints.insertIfMissing({
      id,
      org_id: orgId,
      kind: 'dashboard',
      url: null,
      events: JSON.stringify([DASHBOARD_EVENT]),
      secret_enc: this.box.seal(newSigningSecret()),
      previous_secret_enc: null,
      previous_expires_at: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    return this.repos.webhookEndpoints.get(orgId, id);
  }

  /** The account's own secret that signs X-Service-Signature of the dashboard webhook. */
  async v1Secret(principal: Principal): Promise<{ secret: string }> {
    return { secret: this.box.open((await this.dashboardRow(principal.orgId)).secret_enc) };
  }

  async dashboardWebhook(principal: Principal) {
    const row = await this.dashboardRow(principal.orgId);
    return {
      url: row.url,
      event: DASHBOARD_EVENT,
      updated_at: formatTimestamp(row.updated_at),
      deliveries: row.url ? await this.deliveryRecords(principal.orgId, row.id) : [],
    };
  }

  /** Sets (or with null clears) the dashboard webhook URL; checked like a v2 endpoint's. */
  async setDashboardWebhook(principal: Principal, url: string | null) {
    const row = await this.dashboardRow(principal.orgId);
    const safe = url === null ? null : await this.safeUrl(url);
    await this.repos.webhookEndpoints.setUrl(principal.orgId, row.id, safe, new Date(this.clock()).toISOString());
    return this.dashboardWebhook(principal);
  }
}

function view(row: WebhookEndpointsTable): EndpointView {
  return {
    id: row.id,
    url: row.url ?? '',
    events: JSON.parse(row.events) as string[],
    created_at: formatTimestamp(row.created_at),
    updated_at: formatTimestamp(row.updated_at),
    previous_secret_expires_at: row.previous_expires_at ? formatTimestamp(row.previous_expires_at) : null,
  };
}
