import type { ReactNode } from 'react';
import type { ColorOption, PickerOption } from '../../lib/domain/variants.ts';

/** Props of {@link VariantPicker}. */
export interface VariantPickerProps {
  colors: readonly ColorOption[];
  sizes: readonly PickerOption[];
  colorId: number | null;
  sizeId: number | null;
  onColor: (id: number) => void;
  onSize: (id: number) => void;
  /** Shown under the sizes when the shopper tried to add without one. */
  sizeError: string | null;
}

interface OptionProps {
  name: string;
  value: string;
  checked: boolean;
  offered: boolean;
  onPick: () => void;
  children: ReactNode;
}

/** One colour or size: a visually hidden radio inside a label drawn as a button. */
function Option({ name, value, checked, offered, onPick, children }: OptionProps) {
  return (
    <label className="has-checked:border-ink has-focus-visible:outline-ink has-disabled:text-ink/60 relative flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-black/20 px-3 py-1 has-checked:font-bold has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-disabled:cursor-not-allowed has-disabled:border-dashed">
      <input
        type="radio"
        name={name}
        value={value}
        className="sr-only"
        checked={checked}
        disabled={!offered}
        onChange={onPick}
      />
      {children}
    </label>
  );
}

/**
 * Colour and size as two radio groups (fieldset and legend, arrow keys move within a
 * group). Sold-out options are shown disabled and marked 'Utsolgt', so they cannot be picked.
 */
export function VariantPicker(props: VariantPickerProps) {
  const { colors, sizes, colorId, sizeId, onColor, onSize, sizeError } = props;
  const chosenColor = colors.find((c) => c.id === colorId);
  return (
    <div className="grid gap-4">
      <fieldset>
        <legend className="mb-2 font-semibold">
          Farge{chosenColor ? `: ${chosenColor.name}` : ''}
        </legend>
        <div className="flex flex-wrap gap-2">
          {colors.map((color) => (
            <Option
              key={color.id}
              name="farge"
              value={color.slug}
              checked={color.id === colorId}
              offered={color.offered}
              onPick={() => onColor(color.id)}
            >
              {/* A fill attribute, not a style: the page's CSP allows no inline styles. */}
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
                <circle
                  cx="10"
                  cy="10"
                  r="9"
                  fill={color.hex ?? 'none'}
                  stroke="rgb(0 0 0 / 0.3)"
                  strokeWidth="1"
                />
              </svg>
              <span>{color.name}</span>
              {!color.offered && <span className="text-sm">(Utsolgt)</span>}
            </Option>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={sizeError ? 'storrelse-feil' : undefined}>
        <legend className="mb-2 font-semibold" id="storrelse-legend" tabIndex={-1}>
          Størrelse
        </legend>
        <div className="flex flex-wrap gap-2">
          {sizes.map((size) => (
            <Option
              key={size.id}
              name="storrelse"
              value={size.name}
              checked={size.id === sizeId}
              offered={size.offered}
              onPick={() => onSize(size.id)}
            >
              <span className={size.offered ? '' : 'line-through'}>{size.name}</span>
              {!size.offered && <span className="text-xs">Utsolgt</span>}
            </Option>
          ))}
        </div>
        {sizeError && (
          <p id="storrelse-feil" className="mt-2 font-semibold text-red-800">
            {sizeError}
          </p>
        )}
      </fieldset>
    </div>
  );
}
