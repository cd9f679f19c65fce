import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type { ApiTenant } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound, validationError } from '../http/errors.ts';

/** Tenant served when `?tenant=` is absent. */
export const DEFAULT_TENANT = 'toppfart';

/** The tenant of `?tenant=`, the default one when absent; 422 when malformed. */
export function readTenant(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TENANT;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw validationError({ tenant: ['The tenant field format is invalid.'] });
  }
  return value;
}

/** A tenant's stored JSON document: its record or its settings; 404 without the tenant. */
export function tenantDocument(
  db: DatabaseSync,
  tenant: string,
  column: 'tenant' | 'settings',
): unknown {
  const row = db.prepare(`SELECT ${column} AS doc FROM tenants WHERE id = ?`).get(tenant) as
    { doc: string } | undefined;
  if (row === undefined) throw notFound('Tenant');
  return JSON.parse(row.doc);
}

/** A tenant's record (`?tenant=`); mounted under /api/v1. */
export const tenantRoutes = new Hono<AppEnv>();

tenantRoutes.get('/tenant/get', (c) => {
  const tenant = readTenant(c.req.query('tenant'));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json(tenantDocument(c.get('db'), tenant, 'tenant') as ApiTenant);
});
