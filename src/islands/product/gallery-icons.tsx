/**
 * The gallery's icons, drawn rather than glyphs (a font without ‹ or ✕ shows a missing-glyph
 * box). Decorative: the buttons carry the names.
 */

const common = {
  'aria-hidden': true,
  width: 20,
  height: 20,
  viewBox: '0 0 20 20',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A chevron pointing left or right. */
export function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg {...common} data-icon={`arrow-${direction}`}>
      <path d={direction === 'left' ? 'M12.5 4 6.5 10l6 6' : 'M7.5 4l6 6-6 6'} />
    </svg>
  );
}

/** Four corners pointing out: show larger. */
export function ExpandIcon() {
  return (
    <svg {...common} data-icon="expand">
      <path d="M3 8V3h5M12 3h5v5M17 12v5h-5M8 17H3v-5" />
    </svg>
  );
}

/** A cross: close. */
export function CloseIcon() {
  return (
    <svg {...common} data-icon="close">
      <path d="M5 5l10 10M15 5 5 15" />
    </svg>
  );
}

/** A plus or a minus: zoom in or out. */
export function ZoomIcon({ direction }: { direction: 'in' | 'out' }) {
  return (
    <svg {...common} data-icon={`zoom-${direction}`}>
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path
        d={direction === 'in' ? 'M6 8.5h5M8.5 6v5M12.5 12.5 17 17' : 'M6 8.5h5M12.5 12.5 17 17'}
      />
    </svg>
  );
}
