import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ApiTenant } from '../../contract/index.ts';
import { validationError } from '../http/errors.ts';

/** A brand's assortment: the gender and main group ids it sells. */
export type Assortment = NonNullable<ApiTenant['assortment']>;

/** A SQL condition over the articles alias `a` with its bound parameters. */
export interface SqlCondition {
  sql: string;
  params: SQLInputValue[];
}

/**
 * The assortment of tenant `tenantId` (the `?tenant=` query): null for no tenant or a tenant
 * that sells everything; 422 for an unknown tenant id.
 */
export function tenantAssortment(
  db: DatabaseSync,
  tenantId: string | undefined,
): Assortment | null {
  if (tenantId === undefined || tenantId === '') return null;
  const row = db.prepare('SELECT tenant FROM tenants WHERE id = ?').get(tenantId) as
    { tenant: string } | undefined;
  if (row === undefined) throw validationError({ tenant: ['The selected tenant is invalid.'] });
  return assortmentOf(row.tenant);
}

/** The assortment in a stored tenant's JSON (the `tenants.tenant` column). */
function assortmentOf(tenantJson: string): Assortment | null {
  const tenant = JSON.parse(tenantJson) as Pick<ApiTenant, 'assortment'>;
  return tenant.assortment ?? null;
}

/**
 * Articles a shopper may see: visible ones, within the assortment when there is one. An
 * empty id list in the assortment means the brand sells nothing of that dimension.
 */
export function visibleScope(assortment: Assortment | null): SqlCondition {
  if (assortment === null) return { sql: 'a.visible = 1', params: [] };
  return {
    sql:
      'a.visible = 1 AND a.gender_id IN (SELECT value FROM json_each(?))' +
      ' AND a.main_group_id IN (SELECT value FROM json_each(?))',
    params: [JSON.stringify(assortment.genderIds), JSON.stringify(assortment.mainGroupIds)],
  };
}

/** The assortment as a search filter expression (Meilisearch syntax), or null for none. */
export function assortmentFilter(assortment: Assortment | null): string | null {
  if (assortment === null) return null;
  const list = (ids: number[]): string => `[${ids.map(String).join(', ')}]`;
  return `GenderID IN ${list(assortment.genderIds)} AND MainGroupID IN ${list(assortment.mainGroupIds)}`;
}

/**
 * Ids of the tenants (brands) that show at least one of `articleIds` (visible and in the
 * brand's assortment), in the order the tenants were stored.
 */
export function tenantsShowingAny(db: DatabaseSync, articleIds: readonly number[]): string[] {
  if (articleIds.length === 0) return [];
  const ids = JSON.stringify(articleIds);
  const tenants = db.prepare('SELECT id, tenant FROM tenants ORDER BY rowid').all() as Array<{
    id: string;
    tenant: string;
  }>;
  return tenants
    .filter((row) => {
      const scope = visibleScope(assortmentOf(row.tenant));
      const sql = `SELECT 1 FROM articles a
        WHERE a.id IN (SELECT value FROM json_each(?)) AND ${scope.sql} LIMIT 1`;
      return db.prepare(sql).get(ids, ...scope.params) !== undefined;
    })
    .map((row) => row.id);
}
