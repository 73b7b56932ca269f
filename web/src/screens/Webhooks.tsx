import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import { errorText } from '../format';
import type { DashboardWebhook, Me, Webhook, WebhookDelivery } from '../types';
import { Deliveries } from './Deliveries';

const EVENTS = ['job.finished', 'job.completed', 'job.action_required', 'review.required', 'input.rescan_required', 'job.failed', 'job.reviewed'];

type Message = { ok: boolean; text: string } | null;

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
  const [message, setMessage] = useState<Message>(null);
  const manager = me.role === 'owner' || me.role === 'admin';

  const load = useCallback(async () => {
    try {
      const [d, list] = await Promise.all([api<DashboardWebhook>('/v2/webhooks/dashboard'), api<{ items: Webhook[] }>('/v2/webhooks')]);
      setDashboard(d);
      setDashboardUrl(d.url ?? '');
      setEndpoints(list.items);
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }, []);
  useEffect(() => {
    if (manager) void load();
  }, [load, manager]);

  const run = async (action: () => Promise<string | void>) => {
    setMessage(null);
    try {
      const text = await action();
      if (text) setMessage({ ok: true, text });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  };
  const showDeliveries = (id: string) =>
    run(async () => {
      setDeliveries((await api<{ items: WebhookDelivery[] }>(`/v2/webhooks/${id}/deliveries`)).items);
      setOpen(id);
    });

  if (!manager) return <p>Only owners and admins manage webhooks.</p>;
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'}>
          {message.text}
        </p>
      )}
      {secret && (
        <div className="card secret" role="status">
          <p>{secret.label}: copy it now, it is shown only once.</p>
          <code data-testid="webhook-secret">{secret.value}</code>
          <button type="button" className="secondary" onClick={() => setSecret(null)}>
            I have copied it
          </button>
        </div>
      )}

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

      <table className="keys">
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((w) => (
            <tr key={w.id}>
              <th scope="row">{w.url}</th>
              <td>{w.events.join(', ')}</td>
              <td>
                {w.created_at.replace('T', ' ')}
                {w.previous_secret_expires_at && <small className="reason">old secret valid until {w.previous_secret_expires_at.replace('T', ' ')}</small>}
              </td>
              <td>
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
              </td>
            </tr>
          ))}
          {endpoints.length === 0 && (
            <tr>
              <td colSpan={4}>No endpoints yet.</td>
            </tr>
          )}
        </tbody>
      </table>
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
