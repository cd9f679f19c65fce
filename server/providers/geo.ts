import { haversineKm } from '../../contract/geo.ts';

/** A point as longitude and latitude in degrees, OSRM's order. */
export interface LonLat {
  lon: number;
  lat: number;
}

/**
 * Great-circle distance in metres between two points in OSRM's order: the shop's own
 * formula (contract/geo.ts), so the simulator and the shop never disagree on a distance.
 */
export function haversineMetres(a: LonLat, b: LonLat): number {
  return (
    haversineKm({ latitude: a.lat, longitude: a.lon }, { latitude: b.lat, longitude: b.lon }) * 1000
  );
}
