import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { api } from '../api';
import { NoticeLine, useNotice } from '../components/Notice';
import { STATUS_LABEL, errorText, showValue } from '../format';
import { Link } from '../router';
import type { DocumentView, FieldValue, HistoryEvent, ResultField } from '../types';
import { PageViewer } from './PageViewer';

interface Row {
  key: string;
  label: string;
  value: FieldValue;
  state: string;
  reason: string | null;
  evidence: string[];
  field: ResultField | null;
}

/** The person's view of one document: review reasons first, the pages with the regions, every
 * field with its value, evidence and state, approve with corrections or reject, and the history. */
export function DocumentPage({ id }: { id: string }) {
  const [doc, setDoc] = useState<DocumentView | null>(null);
  const [history, setHistory] = useState<HistoryEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const { notice, run } = useNotice();
  const [active, setActive] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [d, h] = await Promise.all([
        api<DocumentView>(`/v1/documents/${encodeURIComponent(id)}`),
        api<{ events: HistoryEvent[] }>(`/v1/documents/${encodeURIComponent(id)}/history`),
      ]);
      setDoc(d);
      setHistory(h.events);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (doc?.status !== 'processing') return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [doc?.status, load]);

  const rows = useMemo<Row[]>(() => {
    if (!doc) return [];
    const fields = doc.result.fields ?? {};
    const listed = (doc.result.field_review?.fields ?? []).map((f) => ({ ...f, field: fields[f.key] ?? null }));
    const seen = new Set(listed.map((r) => r.key));
    const rest = Object.entries(fields)
      .filter(([k]) => !seen.has(k))
      .map(([key, f]) => ({
        key,
        label: key.replace(/_/g, ' '),
        value: f.value,
        state: f.status === 'passed' ? 'ok' : 'check',
        reason: f.reason,
        evidence: f.evidence,
        field: f,
      }));
    return [...listed, ...rest];
  }, [doc]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!doc) return <p role="status">Loading…</p>;

  const reviewable = doc.status === 'review' || doc.status === 'flagged';
  const withRegions = rows.filter((r) => r.field?.region).map((r) => [r.key, r.field!] as [string, ResultField]);

  const corrections = () => {
    const out: Record<string, string | number | null> = {};
    for (const row of rows) {
      const edited = edits[row.key];
      if (edited === undefined || edited === showEditable(row.value)) continue;
      const text = edited.trim();
      out[row.key] = text === '' ? null : typeof row.value === 'number' && Number.isFinite(Number(text)) ? Number(text) : text;
    }
    return out;
  };
  const act = async (action: 'approve' | 'reject', e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const body = action === 'approve' ? { fields: corrections(), ...(note.trim() ? { note: note.trim() } : {}) } : { reason: reason.trim() };
      const updated = await api<DocumentView>(`/v1/documents/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
      setEdits({});
      setDoc(updated);
      await load();
      return action === 'approve' ? 'Approved: the document is verified.' : 'Rejected.';
    });
  };

  return (
    <article aria-labelledby="doc-title" className="document">
      <p>
        <Link to="/">← Documents</Link>
      </p>
      <header className="doc-head">
        <h1 id="doc-title">{doc.name}</h1>
        <p>
          <span className={`badge ${doc.status}`} data-testid="doc-status">
            {STATUS_LABEL[doc.status]}
          </span>{' '}
          {doc.type}
          {doc.result.verification?.level ? ` · level ${doc.result.verification.level}` : ''}
          {doc.confidence !== null ? ` · confidence ${doc.confidence.toFixed(2)}` : ''}
        </p>
      </header>

      {doc.result.review_reasons.length > 0 && (
        <section className="reasons" aria-labelledby="reasons-title">
          <h2 id="reasons-title">Why a person must look</h2>
          <ul>
            {doc.result.review_reasons.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
          <p className="muted">{doc.outcome.next_action.message}</p>
        </section>
      )}
      {doc.status !== 'processing' && doc.result.review_reasons.length === 0 && <p className="muted">{doc.outcome.message}</p>}

      <div className="doc-body">
        <PageViewer
          documentId={doc.id}
          version={`${doc.status}:${rows.length}`}
          fields={withRegions}
          active={active}
          onPick={(k) => {
            setActive(k);
            document.getElementById(`field-${k}`)?.focus();
          }}
        />

        <form className="fields" onSubmit={(e) => act('approve', e)} aria-labelledby="fields-title">
          <h2 id="fields-title">Fields</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Value</th>
                <th scope="col">Evidence</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className={`state-${row.state}${active === row.key ? ' active' : ''}`} onMouseEnter={() => setActive(row.key)}>
                  <th scope="row">{row.label}</th>
                  <td data-label="Value">
                    {reviewable && !Array.isArray(row.value) ? (
                      <input
                        id={`field-${row.key}`}
                        name={row.key}
                        aria-label={`Value of ${row.label}`}
                        value={edits[row.key] ?? showEditable(row.value)}
                        onFocus={() => setActive(row.key)}
                        onChange={(e) => setEdits({ ...edits, [row.key]: e.target.value })}
                      />
                    ) : (
                      <span id={`field-${row.key}`} tabIndex={-1}>
                        {showValue(row.value)}
                      </span>
                    )}
                    {row.reason && <small className="reason">{row.reason}</small>}
                  </td>
                  <td data-label="Evidence">{row.evidence.join(', ') || '—'}</td>
                  <td data-label="State">
                    <span className={`state ${row.state}`}>{row.state}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {reviewable && (
            <div className="review-actions">
              <label>
                Note (optional)
                <input name="note" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
              </label>
              <button type="submit">Approve{Object.keys(corrections()).length ? ' with corrections' : ''}</button>
            </div>
          )}
        </form>
      </div>
      {reviewable && (
        <form className="card reject" onSubmit={(e) => act('reject', e)}>
          <label>
            Reason for rejecting
            <input name="reject-reason" required maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className="danger">
            Reject
          </button>
        </form>
      )}
      <NoticeLine notice={notice} />

      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <ol className="history">
          {history.map((e, i) => (
            <li key={i}>
              <time dateTime={`${e.at}Z`}>{e.at.replace('T', ' ')}</time> <strong>{e.type}</strong>
              {e.actor ? ` by ${e.actor}` : ''} {describe(e)}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function showEditable(v: FieldValue): string {
  return v === null || Array.isArray(v) ? '' : String(v);
}

function describe(e: HistoryEvent): string {
  const d = e.detail;
  if (e.type === 'reading')
    return `#${String(d.number ?? '')} (${String(d.trigger ?? '')})${d.outcome && typeof d.outcome === 'object' ? `: ${String((d.outcome as { code?: string }).code ?? (d.outcome as { status?: string }).status ?? '')}` : ''}`;
  if (e.type === 'reviewed') {
    const corrections = d.corrections && typeof d.corrections === 'object' ? Object.keys(d.corrections) : [];
    return `${String(d.action)}: ${String(d.from_status)} → ${String(d.to_status)}${corrections.length ? `, corrected ${corrections.join(', ')}` : ''}${d.note ? ` — “${String(d.note)}”` : ''}${d.reason ? ` — “${String(d.reason)}”` : ''}`;
  }
  return '';
}
