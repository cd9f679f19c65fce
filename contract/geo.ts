/**
 * The one great-circle distance formula, shared by the shop (nearest shops, shown distances)
 * and the reference backend (its OSRM simulator), so both measure the same earth.
 */

/** A point on earth in decimal degrees (WGS 84). */
export interface Coords {
  latitude: number;
  longitude: number;
}

/** Mean earth radius in km (IUGG mean radius R1). */
export const EARTH_RADIUS_KM = 6371.0088;

const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Haversine great-circle distance between two points, in km. */
export function haversineKm(a: Coords, b: Coords): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // min() guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
