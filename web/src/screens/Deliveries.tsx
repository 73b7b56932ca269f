import { ActionTable } from '../components/ActionTable';
import type { WebhookDelivery } from '../types';

const badge = (status: WebhookDelivery['status']) => (status === 'delivered' ? 'verified' : status === 'dead' ? 'failed' : 'processing');

/** Deliveries with every attempt; redelivery when the caller offers it. */
export function Deliveries({ items, onRedeliver }: { items: WebhookDelivery[]; onRedeliver?: (d: WebhookDelivery) => void }) {
  return (
    <ActionTable
      className="deliveries"
      rows={items}
      rowKey={(d) => d.id}
      empty="No deliveries yet."
      columns={[
        {
          header: 'Event',
          cell: (d) => (
            <>
              {d.event}
              <br />
              <small className="muted">{d.event_id}</small>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (d) => (
            <>
              <span className={`badge ${badge(d.status)}`}>{d.status}</span>
              {d.next_attempt_at && <small className="reason">next {d.next_attempt_at.replace('T', ' ')}</small>}
            </>
          ),
        },
        {
          header: 'Attempts',
          cell: (d) => (
            <ol className="attempts">
              {d.attempts.map((a, i) => (
                <li key={i}>
                  {a.at.replace('T', ' ')} — {a.status_code ?? 'no answer'}
                  {a.error ? ` (${a.error})` : ''}, {a.duration_ms} ms{a.manual ? ', manual' : ''}
                </li>
              ))}
            </ol>
          ),
        },
        { header: 'Created', cell: (d) => d.created_at.replace('T', ' ') },
      ]}
      actions={
        onRedeliver &&
        ((d) => (
          <button type="button" className="secondary" onClick={() => onRedeliver(d)} aria-label={`Redeliver ${d.event} ${d.id}`}>
            Redeliver
          </button>
        ))
      }
    />
  );
}
