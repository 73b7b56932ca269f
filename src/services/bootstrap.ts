import { DEV_PLAN } from '../config/plans.js';
import type { AccountsService } from './accounts.js';

export const DEV_ORG_NAME = 'development';

/** On a first start with an empty database, a development organisation and key, so a newcomer
 * can upload at once, on the development plan (no hourly cap). Returns the key (shown once) or
 * null when organisations already exist. */
export async function bootstrapDevOrganisation(accounts: AccountsService): Promise<string | null> {
  if ((await accounts.countOrganisations()) > 0) return null;
  const created = await accounts.createKey({ orgName: DEV_ORG_NAME, plan: DEV_PLAN, name: 'bootstrap' });
  return created.key;
}
