/**
 * A physical shop (`GET shops`). `openingHours` follows the spec: day ranges with HHmm hour
 * ranges, several entries separated by commas, e.g. `Man-Fre 1000-2000, Lør 1000-1800, Søn stengt`;
 * a day may have several ranges (`Man-Fre 1000-1400 1500-1800`) and a range may run past
 * midnight (`Fre-Lør 1800-0200`). The full grammar is in server/seed/data/shops.ts.
 */
export interface ApiShop {
  id: number;
  no: string;
  name: string;
  fullName: string;
  orgNo: string;
  description: string;
  openingHours: string;
  mapLink: string;
  postNo: string;
  postPlace: string;
  address: string;
  email: string;
  phone: string;
  messengerId: string | null;
  chain: number;
  latitude: number | null;
  longitude: number | null;
  /** 1 for the web and click-and-collect shop (id 55). */
  isWebShop: 0 | 1;
}

/** A postal code with the coordinates of its centre (`GET postalcodes`, `GET postalcodes/{code}`). */
export interface ApiPostalCode {
  code: string;
  place: string;
  CoordLat: number;
  CoordLong: number;
}
