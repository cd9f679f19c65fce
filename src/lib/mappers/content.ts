/** Mappers for tenant settings. */

import type { ApiHomeSlot, ApiSettings, ApiTenant } from '../../../contract/index.ts';
import type { Settings, Tenant } from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { hasFields, list, mapList, missingData, text } from './common.ts';
import { picture } from './picture.ts';

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Maps tenant settings; needs id, name and the brand flags. */
export function toTenant(wire: ApiTenant): Tenant | null {
  if (!hasFields(wire, [], ['id', 'name']) || !isRecord(wire.flags)) {
    return missingData('tenant', wire);
  }
  return {
    id: wire.id,
    chainId: isNumber(wire.chainId) ? wire.chainId : 1,
    name: wire.name,
    domain: text(wire.domain),
    supportEmail: text(wire.supportEmail),
    company: text(wire.company),
    orgNo: text(wire.orgNo),
    companyAddress: isRecord(wire.companyAddress)
      ? {
          street: text(wire.companyAddress.street),
          postalCode: text(wire.companyAddress.postalCode),
          city: text(wire.companyAddress.city),
        }
      : null,
    menuCategories: list(wire.menuCategories),
    menuGenders: list(wire.menuGenders),
    flags: wire.flags,
    assortment: isRecord(wire.assortment)
      ? {
          genderIds: list(wire.assortment.genderIds),
          mainGroupIds: list(wire.assortment.mainGroupIds),
        }
      : null,
  };
}

/** Maps home layout settings; needs the tenant id. */
export function toSettings(wire: ApiSettings): Settings | null {
  if (!hasFields(wire, [], ['tenant'])) return missingData('settings', wire);
  const previews = isRecord(wire.previews) ? wire.previews : {};
  return {
    tenant: wire.tenant,
    home: mapList(wire.home, toHomeSlot),
    previews: Object.fromEntries(
      Object.entries(previews).map(([name, slots]) => [name, mapList(slots, toHomeSlot)]),
    ),
  };
}

/**
 * Maps a home layout slot; needs its type and a list of ids (integers; others are dropped).
 * The title defaults to '', link and image to null.
 */
export function toHomeSlot(wire: ApiHomeSlot): ApiHomeSlot | null {
  if (!hasFields(wire, [], ['type']) || !Array.isArray(wire.ids)) {
    return missingData('home slot', wire);
  }
  return {
    type: wire.type,
    title: text(wire.title),
    ids: wire.ids.filter(Number.isSafeInteger),
    link: textOrNull(wire.link),
    image: picture('home slot', wire, 'image', wire.image),
  };
}
