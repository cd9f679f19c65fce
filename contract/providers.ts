/** Answer of the OSRM-compatible table service (`GET {osrm}/table/v1/car/{lon,lat;...}`). */
export interface ApiOsrmTable {
  code: 'Ok' | 'InvalidQuery' | 'InvalidOptions';
  message?: string;
  /** Road distance in metres from each source to each destination. */
  distances: number[][];
  /** Travel time in seconds, present when `annotations` asks for `duration`. */
  durations?: number[][];
  sources: ApiOsrmWaypoint[];
  destinations: ApiOsrmWaypoint[];
}

/** A snapped waypoint of the table service. `location` is `[lon, lat]`. */
export interface ApiOsrmWaypoint {
  location: [number, number];
  distance: number;
  name: string;
}

/** An element of the Overpass-style address lookup (`GET {address}/interpreter`). */
export interface ApiOverpassElement {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
  tags: {
    'addr:street': string;
    'addr:housenumber': string;
    'addr:postcode': string;
    'addr:city': string;
  };
}

/** Answer of the address lookup; an empty `elements` means no address was found. */
export interface ApiOverpassResponse {
  elements: ApiOverpassElement[];
}
