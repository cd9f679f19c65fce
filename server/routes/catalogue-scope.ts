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
  const tenant = JSON.parse(row.tenant) as Pick<ApiTenant, 'assortment'>;
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
