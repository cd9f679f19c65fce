import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { FacetOption } from '../../lib/domain/listing-facets.ts';
import type { FilterList } from '../../lib/domain/listing-query.ts';
import type { PriceRange } from '../../lib/domain/price-slider.ts';
import { $filters, clearFilters, setPriceFilter, toggleFilterValue } from '../../stores/filters.ts';
import { PriceFilter } from './PriceFilter.tsx';

/** The values each filter offers. */
export interface FilterOptions {
  genders: FacetOption[];
  colors: FacetOption[];
  brands: FacetOption[];
  shops: FacetOption[];
  productLines: FacetOption[];
  priceRange: PriceRange | null;
}

/** Props of {@link FilterDialog}. */
export interface FilterDialogProps {
  open: boolean;
  onClose: () => void;
  options: FilterOptions;
  total: number;
}

const LEGENDS: Readonly<Record<FilterList, string>> = {
  genders: 'Kjønn',
  colors: 'Farge',
  brands: 'Merke',
  shops: 'Butikk med varen på lager',
  productLines: 'Produktlinje',
};

/**
 * The filter panel as a modal `<dialog>` (showModal traps focus and closes on Escape): gender,
 * colour swatches, brand, shop and product line as checkboxes, and the price slider. Each
 * change applies at once; the results behind update and their count is announced.
 */
export function FilterDialog({ open, onClose, options, total }: FilterDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const filters = useStore($filters);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const list = (key: FilterList, values: FacetOption[]) =>
    values.length > 0 && (
      <fieldset key={key} className="border-t border-gray-300 pt-4" data-filter={key}>
        <legend className="mb-2 text-lg font-semibold">{LEGENDS[key]}</legend>
        <ul className={key === 'colors' ? 'flex flex-wrap gap-2' : 'grid gap-1'}>
          {values.map((option) => {
            const checked = filters[key].includes(option.id);
            return (
              <li key={option.id}>
                <label
                  className={
                    key === 'colors'
                      ? 'has-checked:border-ink has-checked:ring-ink has-focus-visible:outline-accent flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-gray-400 py-1 pr-3 pl-1 has-checked:ring-2 has-focus-visible:outline-3'
                      : 'flex min-h-11 cursor-pointer items-center gap-3'
                  }
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => void toggleFilterValue(key, option.id)}
                    className={key === 'colors' ? 'sr-only' : 'accent-brand size-5'}
                  />
                  {key === 'colors' && (
                    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
                      <circle cx="14" cy="14" r="13" fill={option.hex ?? '#fff'} stroke="#6b7280" />
                    </svg>
                  )}
                  <span>{option.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    );

  return (
    <dialog
      ref={ref}
      aria-labelledby="filter-title"
      onClose={onClose}
      onCancel={onClose}
      className="text-ink m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-white p-0 backdrop:bg-black/50"
      data-filter-dialog
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-gray-300 px-5 py-4">
            <h2 id="filter-title" className="text-2xl font-bold">
              Filter
            </h2>
            <button type="button" onClick={onClose} className="min-h-11 rounded-md px-3 underline">
              Lukk
            </button>
          </div>
          <div className="grid flex-1 content-start gap-5 overflow-y-auto px-5 py-4">
            {list('genders', options.genders)}
            {list('colors', options.colors)}
            {options.priceRange && options.priceRange.max > options.priceRange.min && (
              <fieldset className="border-t border-gray-300 pt-4" data-filter="price">
                <legend className="mb-2 text-lg font-semibold">Pris</legend>
                <PriceFilter
                  range={options.priceRange}
                  value={filters.price}
                  onCommit={(value) => void setPriceFilter(value)}
                />
              </fieldset>
            )}
            {list('brands', options.brands)}
            {list('productLines', options.productLines)}
            {list('shops', options.shops)}
          </div>
          <div className="flex gap-3 border-t border-gray-300 px-5 py-4">
            <button
              type="button"
              onClick={() => void clearFilters()}
              className="min-h-11 flex-1 rounded-md border border-gray-500 px-4"
            >
              Fjern filtrene
            </button>
            <button
              type="button"
              onClick={onClose}
              className="bg-brand text-brand-ink min-h-11 flex-1 rounded-md px-4 font-bold"
            >
              Vis {total} varer
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
