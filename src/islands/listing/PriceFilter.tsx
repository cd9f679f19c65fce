import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { formatPrice, kronerToOre } from '../../lib/format/money.ts';
import {
  dragMax,
  dragMin,
  PRICE_STEP,
  typeMax,
  typeMin,
  type PriceRange,
} from '../../lib/domain/price-slider.ts';

/** Props of {@link PriceFilter}. */
export interface PriceFilterProps {
  /** What the listing offers, kroner. */
  range: PriceRange;
  /** The chosen range; null means the whole range. */
  value: PriceRange | null;
  /** Called when the shopper lets go of a handle or confirms a typed price. */
  onCommit: (value: PriceRange) => void;
}

const kr = (kroner: number): string => formatPrice(kronerToOre(kroner));

/** The two ends: a range handle with its own drag rule and a number field each. */
const handles = [
  { which: 'min', label: 'Laveste pris', field: 'Fra (kr)', drag: dragMin },
  { which: 'max', label: 'Høyeste pris', field: 'Til (kr)', drag: dragMax },
] as const;

/**
 * docs/spec.md §5's price slider: two native range inputs (keyboard and screen reader work as the
 * platform makes them, with the value spoken in kroner) and two number fields. Dragging
 * follows the rules of lib/domain/price-slider.ts and only commits on release, so moving a
 * handle never fires a request per step.
 */
export function PriceFilter({ range, value, onCommit }: PriceFilterProps) {
  const id = useId();
  const chosen = value ?? range;
  const [values, setValues] = useState<PriceRange>(chosen);
  const [typed, setTyped] = useState({ min: String(chosen.min), max: String(chosen.max) });
  useEffect(() => {
    setValues(chosen);
    setTyped({ min: String(chosen.min), max: String(chosen.max) });
  }, [chosen.min, chosen.max]);

  const show = (next: PriceRange) => {
    setValues(next);
    setTyped({ min: String(next.min), max: String(next.max) });
  };
  const commitTyped = (which: 'min' | 'max') => {
    const number = Number(typed[which].replace(',', '.'));
    const next = which === 'min' ? typeMin(number, values, range) : typeMax(number, values, range);
    show(next);
    if (next.min !== chosen.min || next.max !== chosen.max) onCommit(next);
  };
  const onEnter = (which: 'min' | 'max') => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitTyped(which);
    }
  };
  const release = () => {
    if (values.min !== chosen.min || values.max !== chosen.max) onCommit(values);
  };

  const field = 'w-full rounded-md border border-gray-500 px-3 py-2';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700" id={`${id}-range`}>
        Fra {kr(range.min)} til {kr(range.max)}
      </p>
      {handles.map(({ which, label, drag }) => (
        <label key={which} className="grid gap-1">
          <span>{label}</span>
          <input
            type="range"
            min={range.min}
            max={range.max}
            step={PRICE_STEP}
            value={values[which]}
            aria-valuetext={kr(values[which])}
            onChange={(e) => show(drag(Number(e.currentTarget.value), values, range))}
            onPointerUp={release}
            onKeyUp={release}
            onBlur={release}
            className="accent-brand w-full"
            data-price-handle={which}
          />
        </label>
      ))}
      <div className="grid grid-cols-2 gap-3">
        {handles.map(({ which, field: name }) => (
          <label key={which} className="grid gap-1">
            <span>{name}</span>
            <input
              type="number"
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={PRICE_STEP}
              value={typed[which]}
              onChange={(e) => setTyped({ ...typed, [which]: e.currentTarget.value })}
              onBlur={() => commitTyped(which)}
              onKeyDown={onEnter(which)}
              className={field}
              data-price-input={which}
            />
          </label>
        ))}
      </div>
    </div>
  );
}
