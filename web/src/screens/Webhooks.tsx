import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import { ActionTable } from '../components/ActionTable';
import { NoticeLine, useNotice } from '../components/Notice';
import { ShownOnce } from '../components/ShownOnce';
import { errorText } from '../format';
import type { DashboardWebhook, Me, Webhook, WebhookDelivery } from '../types';
import { Deliveries } from './Deliveries';

const EVENTS = ['job.finished', 'job.completed', 'job.action_required', 'review.required', 'input.rescan_required', 'job.failed', 'job.reviewed'];

/** The dashboard webhook (document.processed for /v1 uploads) with its secret, and the v2 endpoints
 * with their deliveries and redelivery. Secrets are shown once, in this page's memory only. */
export function Webhooks({ me }: { me: Me }) {
  const [dashboard, setDashboard] = useState<DashboardWebhook | null>(null);
  const [dashboardUrl, setDashboardUrl] = useState('');
  const [endpoints, setEndpoints] = useState<Webhook[]>([]);
  const [newUrl, setNewUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['job.finished']);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const { notice, setNotice, run } = useNotice();
  const manager = me.role === 'owner' || me.role === 'admin';

  const load = useCallback(async () => {
    try {
      const [d, list] = await Promise.all([api<DashboardWebhook>('/v2/webhooks/dashboard'), api<{ items: Webhook[] }>('/v2/webhooks')]);
      setDashboard(d);
      // what the person typed while the page loaded stays (the saved URL only fills an empty field)
      setDashboardUrl((typed) => typed || (d.url ?? ''));
      setEndpoints(list.items);
    } catch (err) {
      setNotice({ ok: false, text: errorText(err) });
    }
  }, [setNotice]);
  useEffect(() => {
    if (manager) void load();
  }, [load, manager]);

  const showDeliveries = (id: string) =>
    run(async () => {
      setDeliveries((await api<{ items: WebhookDelivery[] }>(`/v2/webhooks/${id}/deliveries`)).items);
      setOpen(id);
    });

  if (!manager) return <p>Only owners and admins manage webhooks.</p>;
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <NoticeLine notice={notice} />
      {secret && <ShownOnce label={secret.label} value={secret.value} testId="webhook-secret" onDone={() => setSecret(null)} />}

      <form
        className="card"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void run(async () => {
            const saved = await api<DashboardWebhook>('/v2/webhooks/dashboard', { method: 'PUT', body: { url: dashboardUrl.trim() || null } });
            setDashboard(saved);
            return saved.url ? 'The dashboard webhook is set.' : 'The dashboard webhook is off.';
          });
        }}
      >
        <h2>Dashboard webhook</h2>
        <p className="muted">document.processed is sent here when a document uploaded through /v1 finishes. Leave empty to turn it off.</p>
        <label>
          URL (public HTTPS)
          <input name="dashboard-webhook-url" type="url" maxLength={2048} value={dashboardUrl} onChange={(e) => setDashboardUrl(e.target.value)} />
        </label>
        <div>
          <button type="submit">Save</button>{' '}
          <button
            type="button"
            className="secondary"
            onClick={() =>
              run(async () => setSecret({ label: 'The dashboard webhook secret', value: (await api<{ secret: string }>('/v2/webhooks/v1-secret')).secret }))
            }
          >
            Show signing secret
          </button>
        </div>
        {dashboard && <Deliveries items={dashboard.deliveries} />}
      </form>

      <form
        className="card"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void run(async () => {
            const created = await api<Webhook & { secret: string }>('/v2/webhooks', { method: 'POST', body: { url: newUrl.trim(), events } });
            setSecret({ label: `The signing secret of ${created.url}`, value: created.secret });
            setNewUrl('');
            await load();
          });
        }}
      >
        <h2>New endpoint (v2 job events)</h2>
        <label>
          URL (public HTTPS)
          <input name="webhook-url" type="url" required maxLength={2048} value={newUrl} onChange={(e) => setNewUrl(e.target.value)} />
        </label>
        <fieldset>
          <legend>Events</legend>
          {EVENTS.map((ev) => (
            <label key={ev} className="check">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))}
              />
              {ev}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={!events.length}>
          Add endpoint
        </button>
      </form>

      <ActionTable
        className="keys"
        rows={endpoints}
        rowKey={(w) => w.id}
        empty="No endpoints yet."
        columns={[
          { header: 'URL', cell: (w) => w.url },
          { header: 'Events', cell: (w) => w.events.join(', ') },
          {
            header: 'Created',
            cell: (w) => (
              <>
                {w.created_at.replace('T', ' ')}
                {w.previous_secret_expires_at && <small className="reason">old secret valid until {w.previous_secret_expires_at.replace('T', ' ')}</small>}
              </>
            ),
          },
        ]}
        actions={(w) => (
          <>
            <button type="button" className="secondary" onClick={() => showDeliveries(w.id)} aria-expanded={open === w.id}>
              Deliveries
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() =>
                run(async () => {
                  const r = await api<{ secret: string }>(`/v2/webhooks/${w.id}/rotate`, { method: 'POST' });
                  setSecret({ label: `The new signing secret of ${w.url}`, value: r.secret });
                  await load();
                })
              }
            >
              Rotate secret
            </button>
            <button
              type="button"
              className="danger"
              onClick={() =>
                window.confirm(`Delete the endpoint ${w.url}?`) &&
                run(async () => {
                  await api(`/v2/webhooks/${w.id}`, { method: 'DELETE' });
                  if (open === w.id) setOpen(null);
                  await load();
                  return 'Endpoint deleted.';
                })
              }
            >
              Delete
            </button>
          </>
        )}
      />
      {open && (
        <section aria-labelledby="deliveries-title" className="card">
          <h2 id="deliveries-title">Deliveries of {endpoints.find((w) => w.id === open)?.url}</h2>
          <Deliveries
            items={deliveries}
            onRedeliver={(d) =>
              run(async () => {
                await api(`/v2/webhooks/${open}/deliveries/${d.id}/redeliver`, { method: 'POST' });
                await showDeliveries(open);
                return 'Redelivery queued.';
              })
            }
          />
        </section>
      )}
    </section>
  );
}
