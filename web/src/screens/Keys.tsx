import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
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
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const manager = me.role === 'owner' || me.role === 'admin';

  const load = useCallback(async () => {
    try {
      setKeys((await api<{ items: ApiKey[] }>('/v1/keys')).items);
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }, []);
  useEffect(() => {
    if (manager) void load();
  }, [load, manager]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      const key = await api<{ name: string; key: string }>('/v1/keys', { method: 'POST', body: { name: name.trim(), scopes } });
      setCreated({ name: key.name, key: key.key });
      setName('');
      await load();
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  };
  const change = async (key: ApiKey, action: 'revoke' | 'disable') => {
    const question =
      action === 'revoke'
        ? `Revoke the key “${key.name}”? Requests with it will be refused.`
        : `Disable “${key.name}” as leaked? Requests with it will be refused at once.`;
    if (!window.confirm(question)) return;
    try {
      await api(action === 'revoke' ? `/v1/keys/${key.id}` : `/v1/keys/${key.id}/disable`, { method: action === 'revoke' ? 'DELETE' : 'POST' });
      setMessage({ ok: true, text: action === 'revoke' ? `Key “${key.name}” revoked.` : `Key “${key.name}” disabled as leaked.` });
      await load();
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
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
      {created && (
        <div className="card secret" role="status" aria-live="polite">
          <p>Copy the key “{created.name}” now: it is shown only once.</p>
          <code data-testid="new-key">{created.key}</code>
          <div>
            <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(created.key)}>
              Copy
            </button>
            <button type="button" className="secondary" onClick={() => setCreated(null)}>
              I have copied it
            </button>
          </div>
        </div>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'}>
          {message.text}
        </p>
      )}
      {keys && (
        <table className="keys">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.name}</th>
                <td>
                  <code>
                    {k.prefix}…{k.last4}
                  </code>
                </td>
                <td>{k.scopes.join(', ')}</td>
                <td>{k.created_at.replace('T', ' ')}</td>
                <td>{k.last_used_at?.replace('T', ' ') ?? 'never'}</td>
                <td>{k.disabled_reason ?? 'active'}</td>
                <td>
                  {!k.revoked_at && (
                    <>
                      <button type="button" className="secondary" onClick={() => change(k, 'revoke')} aria-label={`Revoke ${k.name}`}>
                        Revoke
                      </button>
                      <button type="button" className="danger" onClick={() => change(k, 'disable')} aria-label={`Disable ${k.name} as leaked`}>
                        Disable (leaked)
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
            {keys.length === 0 && (
              <tr>
                <td colSpan={7}>No keys yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
