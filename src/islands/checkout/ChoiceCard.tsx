import type { ReactNode } from 'react';

/** Props of {@link ChoiceCard}. */
export interface ChoiceCardProps {
  /** The radio group's name. */
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChoose: () => void;
  title: string;
  /** Shown at the end of the title line, e.g. a price. */
  aside?: ReactNode;
  description: string;
}

/** One option of a radio group as a card: the whole card is the radio's label. */
export function ChoiceCard(props: ChoiceCardProps) {
  const { name, value, checked, disabled = false, onChoose, title, aside, description } = props;
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-black/20 p-3 has-checked:border-black has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="mt-1 h-5 w-5"
      />
      <span className="grow">
        <span className="flex justify-between gap-2 font-semibold">
          <span>{title}</span>
          {aside !== undefined && <span>{aside}</span>}
        </span>
        <span className="block text-sm">{description}</span>
      </span>
    </label>
  );
}
