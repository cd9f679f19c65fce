/**
 * Tenant settings of docs/spec.md §7; the client comes last (default client). The blog's reads are in
 * blog.ts, the polls' in poll.ts.
 */

import type { ApiSettings, ApiTenant } from '../../../contract/index.ts';
import { toSettings, toTenant } from '../mappers/content.ts';
import type { Settings, Tenant } from '../types.ts';
import { defaultClient, type ApiClient } from './client.ts';

/** Settings of a brand (`GET tenant/get?tenant=`). */
export async function getTenant(
  tenant: string,
  client: ApiClient = defaultClient(),
): Promise<Tenant | null> {
  return toTenant(await client.get<ApiTenant>('tenant/get', { tenant }));
}

/** Home layout settings of a brand (`GET settings?tenant=`). */
export async function getSettings(
  tenant: string,
  client: ApiClient = defaultClient(),
): Promise<Settings | null> {
  return toSettings(await client.get<ApiSettings>('settings', { tenant }));
}
