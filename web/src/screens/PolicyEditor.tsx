import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import { NoticeLine, useNotice } from '../components/Notice';
import { errorText } from '../format';
import type { Me, Policy } from '../types';

/** The organisation's verification policy: the general settings as a form, the per-type required
 * and key fields as JSON (the API names any unknown field key in its 422). */
export function PolicyEditor({ me }: { me: Me }) {
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [types, setTypes] = useState('');
  const { notice, setNotice, run } = useNotice();
  const canEdit = me.role === 'owner' || me.role === 'admin';

  const show = (p: Policy) => {
    setPolicy(p);
    setTypes(JSON.stringify(p.document_types, null, 2));
  };
  useEffect(() => {
    api<Policy>('/v1/policy').then(show, (err) => setNotice({ ok: false, text: errorText(err) }));
  }, []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!policy) return;
    let documentTypes: unknown;
    try {
      documentTypes = JSON.parse(types);
    } catch {
      setNotice({ ok: false, text: 'The document types are not valid JSON.' });
      return;
    }
    await run(async () => {
      const { name, single_reader_enough, expired_documents, duplicates, min_reader_confidence } = policy;
      const saved = await api<Policy>('/v1/policy', {
        method: 'PUT',
        body: { name, single_reader_enough, expired_documents, duplicates, min_reader_confidence, document_types: documentTypes },
      });
      show(saved);
      return `Saved as version ${saved.version}. It applies to new readings.`;
    });
  };

  if (!policy)
    return notice ? (
      <p className="error" role="alert">
        {notice.text}
      </p>
    ) : (
      <p role="status">Loading…</p>
    );
  return (
    <section aria-labelledby="policy-title">
      <h1 id="policy-title">Verification policy</h1>
      <p className="muted">
        Version {policy.version}
        {policy.updated_at ? `, changed ${policy.updated_at.replace('T', ' ')} by ${policy.updated_by ?? 'unknown'}` : ' (built-in default)'}.
      </p>
      <form className="card" onSubmit={save}>
        <fieldset disabled={!canEdit}>
          <label>
            Name
            <input name="policy-name" required maxLength={64} value={policy.name} onChange={(e) => setPolicy({ ...policy, name: e.target.value })} />
          </label>
          <label className="check">
            <input type="checkbox" checked={policy.single_reader_enough} onChange={(e) => setPolicy({ ...policy, single_reader_enough: e.target.checked })} />
            One reader alone is enough for required and optional fields
          </label>
          <label>
            Expired documents
            <select
              value={policy.expired_documents}
              onChange={(e) => setPolicy({ ...policy, expired_documents: e.target.value as Policy['expired_documents'] })}
            >
              <option value="review">Send to review</option>
              <option value="accept">Accept (record as evidence)</option>
            </select>
          </label>
          <label>
            Suspected duplicates
            <select value={policy.duplicates} onChange={(e) => setPolicy({ ...policy, duplicates: e.target.value as Policy['duplicates'] })}>
              <option value="review">Send to review</option>
              <option value="accept">Accept (record as evidence)</option>
            </select>
          </label>
          <label>
            Minimum reader confidence (0–1)
            <input
              type="number"
              min={0}
              max={1}
              step={0.05}
              required
              value={policy.min_reader_confidence}
              onChange={(e) => setPolicy({ ...policy, min_reader_confidence: Number(e.target.value) })}
            />
          </label>
          <label>
            Per document type: required fields and key fields (field → evidence, any one enough)
            <textarea name="document-types" rows={14} spellCheck={false} value={types} onChange={(e) => setTypes(e.target.value)} />
          </label>
          <button type="submit">Save policy</button>
        </fieldset>
        {!canEdit && <p className="muted">Reviewers can read the policy; owners and admins change it.</p>}
      </form>
      <NoticeLine notice={notice} />
    </section>
  );
}
