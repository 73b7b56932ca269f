import type { WebhookDelivery } from '../types';

/** Deliveries with every attempt; redelivery when the caller offers it. */
export function Deliveries({ items, onRedeliver }: { items: WebhookDelivery[]; onRedeliver?: (d: WebhookDelivery) => void }) {
  if (!items.length) return <p className="muted">No deliveries yet.</p>;
  return (
    <table className="deliveries">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Created</th>
          {onRedeliver && (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((d) => (
          <tr key={d.id}>
            <td>
              {d.event}
              <br />
              <small className="muted">{d.event_id}</small>
            </td>
            <td>
              <span className={`badge ${d.status === 'delivered' ? 'verified' : d.status === 'dead' ? 'failed' : 'processing'}`}>{d.status}</span>
              {d.next_attempt_at && <small className="reason">next {d.next_attempt_at.replace('T', ' ')}</small>}
            </td>
            <td>
              <ol className="attempts">
                {d.attempts.map((a, i) => (
                  <li key={i}>
                    {a.at.replace('T', ' ')} — {a.status_code ?? 'no answer'}
                    {a.error ? ` (${a.error})` : ''}, {a.duration_ms} ms{a.manual ? ', manual' : ''}
                  </li>
                ))}
              </ol>
            </td>
            <td>{d.created_at.replace('T', ' ')}</td>
            {onRedeliver && (
              <td>
                <button type="button" className="secondary" onClick={() => onRedeliver(d)} aria-label={`Redeliver ${d.event} ${d.id}`}>
                  Redeliver
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
