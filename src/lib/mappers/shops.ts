/** Mappers for shops and postal codes. */

import type { ApiPostalCode, ApiShop } from '../../../contract/index.ts';
import type { PostalCode, Shop } from '../types.ts';
import { isNumber } from '../../../contract/guards.ts';
import { flag, hasFields, missingData, text } from './common.ts';

/**
 * Maps a shop; needs id and name. `coords` is null unless both latitude and longitude are
 * numbers; `distance` starts null and is filled in once the shopper's position is known.
 */
export function toShop(wire: ApiShop): Shop | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('shop', wire);
  const { latitude, longitude } = wire;
  return {
    id: wire.id,
    no: text(wire.no),
    name: wire.name,
    fullName: text(wire.fullName) || wire.name,
    orgNo: text(wire.orgNo),
    description: text(wire.description),
    openingHours: text(wire.openingHours),
    mapLink: text(wire.mapLink),
    postNo: text(wire.postNo),
    postPlace: text(wire.postPlace),
    address: text(wire.address),
    email: text(wire.email),
    phone: text(wire.phone),
    messengerId: typeof wire.messengerId === 'string' ? wire.messengerId : null,
    chain: isNumber(wire.chain) ? wire.chain : 1,
    coords: isNumber(latitude) && isNumber(longitude) ? { latitude, longitude } : null,
    distance: null,
    isWebShop: flag(wire.isWebShop),
  };
}

/** Maps a postal code; needs the code and both coordinates. */
export function toPostalCode(wire: ApiPostalCode): PostalCode | null {
  if (!hasFields(wire, ['CoordLat', 'CoordLong'], ['code'])) {
    return missingData('postal code', wire);
  }
  return {
    code: wire.code,
    place: text(wire.place),
    CoordLat: wire.CoordLat,
    CoordLong: wire.CoordLong,
  };
}
