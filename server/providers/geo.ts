/** Mean radius of the Earth in metres (IUGG mean radius R1). */
export const EARTH_RADIUS_M = 6_371_008.8;

/** A point as longitude and latitude in degrees, OSRM's order. */
export interface LonLat {
  lon: number;
  lat: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine formula). */
export function haversineMetres(a: LonLat, b: LonLat): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  // min() guards against h creeping past 1 by rounding for antipodal points.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
