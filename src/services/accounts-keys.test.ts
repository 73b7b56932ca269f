import { describe, expect, it } from 'vitest';
import type { Repositories } from '../adapters/db/repositories/index.js';
import { AccountsService } from './accounts.js';
import { generateApiKey, hashApiKey } from './api-keys.js';

/** Key lookups against a stub of the key table: what reaches the database per request. */
function stubRepos(key: string) {
  const calls = { lookups: 0, touches: 0 };
  const row = () => ({
    id: 'KEY_1',
    org_id: 'ORG_1',
    key_hash: hashApiKey(key),
    scopes: '["documents:read"]',
    revoked_at: null as string | null,
    last_used_at: null as string | null,
    status: 'active',
    plan: 'internal',
    subscription_expires_at: null,
  });
  const repos = {
    apiKeys: {
      findByHashWithOrganisation: async () => {
        calls.lookups++;
        return row();
      },
      touch: async () => {
        calls.touches++;
      },
      revoke: async () => true,
      list: async () => [{ ...row(), name: 'k', prefix: 'mk_live_', last4: 'xxxx', created_at: '', disabled_reason: 'revoked' }],
    },
  } as unknown as Repositories;
  return { repos, calls };
}

describe('API key authentication', () => {
  it('writes last_used_at once for requests that looked the key up at the same moment', async () => {
    const key = generateApiKey();
    const { repos, calls } = stubRepos(key);
    const accounts = new AccountsService(repos);
    const principals = await Promise.all(Array.from({ length: 20 }, () => accounts.authenticateKey(key)));
    expect(principals.every((p) => p?.keyId === 'KEY_1')).toBe(true);
    expect(calls).toEqual({ lookups: 20, touches: 1 });
  });

  it('looks a kept key up once for requests that find it missing at the same moment', async () => {
    const key = generateApiKey();
    const { repos, calls } = stubRepos(key);
    const accounts = new AccountsService(repos, { keyCacheMs: 60_000 });
    const principals = await Promise.all(Array.from({ length: 20 }, () => accounts.authenticateKey(key)));
    expect(principals.every((p) => p?.keyId === 'KEY_1')).toBe(true);
    expect(calls.lookups).toBe(1);
  });

  it('looks a key up once while it is kept, and again at once after this process revoked it', async () => {
    const key = generateApiKey();
    const { repos, calls } = stubRepos(key);
    const accounts = new AccountsService(repos, { keyCacheMs: 60_000 });
    await accounts.authenticateKey(key);
    await accounts.authenticateKey(key);
    expect(calls.lookups).toBe(1);
    await accounts.revokeKey('ORG_1', 'KEY_1', 'revoked');
    await accounts.authenticateKey(key);
    expect(calls.lookups).toBe(2);
  });
});
