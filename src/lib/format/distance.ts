/** Distances as the shop writes them (nb-NO units). */

import { nbNo } from './number.ts';

/**
 * Formats a distance in km: under 1 km in whole metres (`850 m`), else km with at most one
 * decimal (`12,3 km`, `1 km`). Negative or non-finite input gives ''.
 */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  const m = Math.round(km * 1000);
  return m < 1000
    ? nbNo('metres', { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(m)
    : nbNo('kilometres', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(km);
}
