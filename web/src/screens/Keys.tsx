import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import { ActionTable } from '../components/ActionTable';
import { NoticeLine, useNotice } from '../components/Notice';
import { ShownOnce } from '../components/ShownOnce';
import { errorText } from '../format';
import { Link } from '../router';
import type { ApiKey, Me } from '../types';

const SCOPES = ['documents:read', 'documents:write', 'jobs:read', 'jobs:write', 'webhooks:manage', 'usage:read'];

/** API keys: create (the key is shown once, never stored by the page), revoke, disable as leaked. */
export function Keys({ me }: { me: Me }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(SCOPES);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const { notice, setNotice, run } = useNotice();
  const manager = me.role === 'owner' || me.role === 'admin';

  const load = useCallback(async () => {
    try {
      setKeys((await api<{ items: ApiKey[] }>('/v1/keys')).items);
    } catch (err) {
      setNotice({ ok: false, text: errorText(err) });
    }
  }, [setNotice]);
  useEffect(() => {
    if (manager) void load();
  }, [load, manager]);

  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const key = await api<{ name: string; key: string }>('/v1/keys', { method: 'POST', body: { name: name.trim(), scopes } });
      setCreated({ name: key.name, key: key.key });
      setName('');
      await load();
    });
  };
  const change = async (key: ApiKey, action: 'revoke' | 'disable') => {
    const question =
      action === 'revoke'
        ? `Revoke the key “${key.name}”? Requests with it will be refused.`
        : `Disable “${key.name}” as leaked? Requests with it will be refused at once.`;
    if (!window.confirm(question)) return;
    await run(async () => {
      await api(action === 'revoke' ? `/v1/keys/${key.id}` : `/v1/keys/${key.id}/disable`, { method: action === 'revoke' ? 'DELETE' : 'POST' });
      await load();
      return action === 'revoke' ? `Key “${key.name}” revoked.` : `Key “${key.name}” disabled as leaked.`;
    });
  };

  if (!manager) return <p>Only owners and admins manage API keys.</p>;
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      {me.missing.length > 0 && (
        <p className="banner">
          Verify your {me.missing.join(' and ')} first (<Link to="/account">account</Link>).
        </p>
      )}
      <form className="card" onSubmit={create}>
        <h2>New key</h2>
        <label>
          Name
          <input name="key-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((s) => (
            <label key={s} className="check">
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
              />
              {s}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={scopes.length === 0}>
          Create key
        </button>
      </form>
      {created && <ShownOnce label={`The key “${created.name}”`} value={created.key} testId="new-key" onDone={() => setCreated(null)} />}
      <NoticeLine notice={notice} />
      {keys && (
        <ActionTable
          className="keys"
          rows={keys}
          rowKey={(k) => k.id}
          empty="No keys yet."
          columns={[
            { header: 'Name', cell: (k) => k.name },
            {
              header: 'Key',
              cell: (k) => (
                <code>
                  {k.prefix}…{k.last4}
                </code>
              ),
            },
            { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
            { header: 'Created', cell: (k) => k.created_at.replace('T', ' ') },
            { header: 'Last used', cell: (k) => k.last_used_at?.replace('T', ' ') ?? 'never' },
            { header: 'State', cell: (k) => k.disabled_reason ?? 'active' },
          ]}
          actions={(k) =>
            !k.revoked_at && (
              <>
                <button type="button" className="secondary" onClick={() => void change(k, 'revoke')} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </button>
                <button type="button" className="danger" onClick={() => void change(k, 'disable')} aria-label={`Disable ${k.name} as leaked`}>
                  Disable (leaked)
                </button>
              </>
            )
          }
        />
      )}
    </section>
  );
}
