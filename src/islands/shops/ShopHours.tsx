import { isOpenAt, parseOpeningHours, todayLabel } from '../../lib/domain/opening-hours.ts';

/** Props of {@link ShopHours}. */
export interface ShopHoursProps {
  /** The shop's raw opening hours (docs/spec.md §3 grammar). */
  openingHours: string;
  now: Date;
}

/** Today's opening hours of a shop in Oslo time and whether it is open now. */
export function ShopHours({ openingHours, now }: ShopHoursProps) {
  const hours = parseOpeningHours(openingHours);
  const open = hours !== null && isOpenAt(hours, now);
  return (
    <span className="block text-sm">
      {todayLabel(hours, now)}
      {hours && (
        <span className={open ? 'text-green-800' : ''}>
          {' · '}
          {open ? 'Åpent nå' : 'Stengt nå'}
        </span>
      )}
    </span>
  );
}
