/** Great-circle distances between coordinates, and their nb-NO display. */

/** A point on earth in decimal degrees (WGS 84). */
export interface Coords {
  latitude: number;
  longitude: number;
}

/** Mean earth radius in km (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

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

const metres = new Intl.NumberFormat('nb-NO', {
  style: 'unit',
  unit: 'meter',
  maximumFractionDigits: 0,
});
const kilometres = new Intl.NumberFormat('nb-NO', {
  style: 'unit',
  unit: 'kilometer',
  maximumFractionDigits: 1,
});

/**
 * Formats a distance in km: under 1 km in whole metres (`850 m`), else km with at most one
 * decimal (`12,3 km`, `1 km`). Negative or non-finite input gives ''.
 */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  const m = Math.round(km * 1000);
  return m < 1000 ? metres.format(m) : kilometres.format(km);
}
