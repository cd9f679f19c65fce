import { Hono } from 'hono';
import type { ApiOsrmTable, ApiOsrmWaypoint } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { haversineMetres, type LonLat } from './geo.ts';

/**
 * Road distance over great-circle distance. Studies of road networks put this "circuity"
 * at 1.2-1.4 for most countries; 1.3 sits in the middle, so the shop's nearest-shop ranking
 * and the kilometres it shows look plausible without a road graph. (Norway's fjords make
 * some long routes far worse, e.g. Oslo-Bergen is about 1.5, which a constant cannot know.)
 */
export const DETOUR_FACTOR = 1.3;
/** Assumed average speed for `durations`: 60 km/h, in metres per second. */
export const AVERAGE_SPEED_MPS = 60_000 / 3600;
/** Most coordinates one table request may carry (OSRM's default `max-table-size`). */
export const MAX_TABLE_COORDINATES = 100;

/** An error answer in OSRM's shape: a code and a readable message, nothing else. */
export interface OsrmError {
  code: 'InvalidQuery' | 'InvalidOptions';
  message: string;
}

class OsrmRequestError extends Error {
  readonly code: OsrmError['code'];

  constructor(code: OsrmError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

const NUMBER = String.raw`-?\d{1,3}(?:\.\d{1,12})?`;
const PAIR = new RegExp(`^(${NUMBER}),(${NUMBER})$`);

/** Parses `lon,lat;lon,lat;...` or throws InvalidQuery. */
export function parseCoordinates(text: string | undefined): LonLat[] {
  if (text === undefined || text === '') {
    throw new OsrmRequestError('InvalidQuery', 'At least one coordinate pair is required.');
  }
  const pairs = text.split(';');
  if (pairs.length > MAX_TABLE_COORDINATES) {
    throw new OsrmRequestError(
      'InvalidQuery',
      `Too many coordinates: at most ${MAX_TABLE_COORDINATES} are allowed.`,
    );
  }
  return pairs.map((pair, index) => {
    const match = PAIR.exec(pair);
    if (match === null) {
      throw new OsrmRequestError(
        'InvalidQuery',
        `Coordinate ${index} is not a "lon,lat" pair of numbers.`,
      );
    }
    const lon = Number(match[1]);
    const lat = Number(match[2]);
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
      throw new OsrmRequestError(
        'InvalidQuery',
        `Coordinate ${index} is out of range: longitude must be within -180..180 and latitude within -90..90.`,
      );
    }
    return { lon, lat };
  });
}

/** Parses `sources`/`destinations`: `all` (or absent) or `;`-separated indices below `count`. */
export function parseIndices(text: string | undefined, name: string, count: number): number[] {
  if (text === undefined || text === '' || text === 'all') {
    return Array.from({ length: count }, (_, i) => i);
  }
  return text.split(';').map((part) => {
    if (!/^\d{1,3}$/.test(part)) {
      throw new OsrmRequestError(
        'InvalidQuery',
        `${name} must be "all" or indices separated by ";".`,
      );
    }
    const index = Number(part);
    if (index >= count) {
      throw new OsrmRequestError('InvalidOptions', `${name} index ${index} is out of bounds.`);
    }
    return index;
  });
}

/** Parses `annotations`: a comma list of `distance` and `duration`; absent means distance. */
export function parseAnnotations(text: string | undefined): Set<'distance' | 'duration'> {
  if (text === undefined || text === '') return new Set(['distance']);
  const wanted = new Set<'distance' | 'duration'>();
  for (const part of text.split(',')) {
    if (part !== 'distance' && part !== 'duration') {
      throw new OsrmRequestError(
        'InvalidOptions',
        'annotations must be "distance", "duration" or both, separated by ",".',
      );
    }
    wanted.add(part);
  }
  return wanted;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
const round6 = (n: number): number => Math.round(n * 1e6) / 1e6;

/** Estimated road distance in metres, rounded to 0.1 m as OSRM does. */
export function roadDistance(a: LonLat, b: LonLat): number {
  return round1(haversineMetres(a, b) * DETOUR_FACTOR);
}

function waypoint(point: LonLat): ApiOsrmWaypoint {
  // Snapping is perfect in this simulator, so the snap distance is 0 and there is no name.
  return { location: [round6(point.lon), round6(point.lat)], distance: 0, name: '' };
}

/**
 * Builds the table answer. `distances` is always present (the contract requires it);
 * `durations` only when asked for.
 */
export function buildTable(
  points: LonLat[],
  sources: number[],
  destinations: number[],
  annotations: Set<'distance' | 'duration'>,
): ApiOsrmTable {
  const at = (i: number): LonLat => points[i] as LonLat;
  const distances = sources.map((s) => destinations.map((d) => roadDistance(at(s), at(d))));
  return {
    code: 'Ok',
    distances,
    ...(annotations.has('duration')
      ? { durations: distances.map((row) => row.map((m) => round1(m / AVERAGE_SPEED_MPS))) }
      : {}),
    sources: sources.map((i) => waypoint(at(i))),
    destinations: destinations.map((i) => waypoint(at(i))),
  };
}

/** OSRM-compatible table service, mounted at /osrm: `GET /table/v1/car/{lon,lat;...}`. */
export const osrmRoutes = new Hono<AppEnv>();

osrmRoutes.get('/table/v1/car/:coordinates?', (c) => {
  try {
    const points = parseCoordinates(c.req.param('coordinates'));
    const annotations = parseAnnotations(c.req.query('annotations'));
    const sources = parseIndices(c.req.query('sources'), 'sources', points.length);
    const destinations = parseIndices(c.req.query('destinations'), 'destinations', points.length);
    c.header('Cache-Control', CATALOGUE_CACHE);
    return c.json<ApiOsrmTable>(buildTable(points, sources, destinations, annotations));
  } catch (error) {
    if (error instanceof OsrmRequestError) {
      return c.json<OsrmError>({ code: error.code, message: error.message }, 400);
    }
    throw error;
  }
});
