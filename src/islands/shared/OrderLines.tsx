import { formatPrice } from '../../lib/format/money.ts';
import type { OrderLine } from '../../lib/types.ts';

/** The lines of a reservation or order: count, name, size and colour, and the line's price. */
export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className="grid gap-1">
      {lines.map((line) => (
        <li key={line.ean} className="flex flex-wrap justify-between gap-x-4">
          <span>
            {line.count} × {line.name}{' '}
            <span className="text-sm text-gray-700">
              ({line.size}, {line.color})
            </span>
          </span>
          <span>{formatPrice(line.price * line.count)}</span>
        </li>
      ))}
    </ul>
  );
}
