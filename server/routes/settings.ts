import { Hono } from 'hono';
import type { ApiSettings } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { readTenant, tenantDocument } from './tenant.ts';

/** A tenant's settings (`?tenant=`); mounted under /api/v1. */
export const settingsRoutes = new Hono<AppEnv>();

settingsRoutes.get('/settings', (c) => {
  const tenant = readTenant(c.req.query('tenant'));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json(tenantDocument(c.get('db'), tenant, 'settings') as ApiSettings);
});
