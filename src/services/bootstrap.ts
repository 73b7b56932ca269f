import type { AccountsService } from './accounts.js';

export const DEV_ORG_NAME = 'development';

/** On a first start with an empty database, a development organisation and key, so a newcomer
 * can upload at once. Returns the key (shown once) or null when organisations already exist. */
export async function bootstrapDevOrganisation(accounts: AccountsService): Promise<string | null> {
  if ((await accounts.countOrganisations()) > 0) return null;
  const created = await accounts.createKey({ orgName: DEV_ORG_NAME, plan: 'sandbox', name: 'bootstrap' });
  return created.key;
}
