import type { Config } from 'tailwindcss';
import { getBrand } from './src/brands/index.ts';

// One build per brand: the colour tokens of the brand being built (BRAND, see builder/astro-child.ts)
// become Tailwind colours, so components say `bg-brand` and never name a brand.
const { theme } = getBrand(process.env['BRAND']);

export default {
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: theme.primary, ink: theme.primaryInk },
        accent: theme.accent,
        surface: theme.surface,
        ink: theme.ink,
      },
    },
  },
} satisfies Config;
