import type { Brand } from './schema.ts';

/** Brand B: outdoor; no maintenance guide, search field without the icon. */
export default {
  id: 'villmark',
  siteUrl: 'https://www.villmark.no',
  name: 'Villmark',
  description:
    'Turklær, sko og utstyr for norsk natur og norsk vær. Handle på nett eller reserver og hent i butikk.',
  logo: {
    svg: '/brands/villmark/logo.svg',
    png: '/brands/villmark/logo.png',
    width: 168,
    height: 40,
  },
  theme: {
    primary: '#1f5135',
    primaryInk: '#ffffff',
    accent: '#9a3412',
    surface: '#f4f6f2',
    ink: '#14201a',
  },
  pages: {
    about: true,
    support: true,
    info: true,
    maintenance: false,
    childrenPages: false,
    blog: true,
    polls: true,
    shops: true,
    socialFeed: true,
  },
  header: { supportLink: true, singleLine: false, search: 'no-icon' },
  analytics: {
    googleAnalytics: 'G-VILLMARK02',
    tagManager: 'GTM-VILLM02',
    metaPixel: '104857600002',
  },
  vitals: { collector: '/api/v1/vitals', sampleRate: 0.1 },
  // The reference backend serves pictures on the site itself (`/images/…`); a chain's own image
  // host goes into hosts, e.g. 'bilder.kjede.no'.
  images: { hosts: [], base: '/images/' },
  menu: { genders: [1, 2, 11, 4, 10], categories: [1, 2, 3, 4] },
} satisfies Brand;
