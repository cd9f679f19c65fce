import type { Brand } from './schema.ts';

/** Brand A: sport and outdoor, the full page set. */
export default {
  id: 'toppfart',
  siteUrl: 'https://www.toppfart.no',
  name: 'Toppfart',
  description:
    'Klær, sko og utstyr til sport og friluftsliv. Handle på nett, eller reserver og hent i en butikk nær deg.',
  logo: {
    svg: '/brands/toppfart/logo.svg',
    png: '/brands/toppfart/logo.png',
    width: 168,
    height: 40,
  },
  theme: {
    primary: '#0b5394',
    primaryInk: '#ffffff',
    accent: '#c2410c',
    surface: '#f5f7fa',
    ink: '#111827',
  },
  pages: {
    about: true,
    support: true,
    info: true,
    maintenance: true,
    childrenPages: false,
    blog: true,
    polls: true,
    shops: true,
    socialFeed: true,
  },
  header: { supportLink: true, singleLine: false, search: 'full' },
  analytics: {
    googleAnalytics: 'G-TOPPFART01',
    tagManager: 'GTM-TOPPF01',
    metaPixel: '104857600001',
  },
  vitals: { collector: '/api/v1/vitals', sampleRate: 0.1 },
  // The reference backend serves pictures on the site itself (`/images/…`); a chain's own image
  // host goes into hosts, e.g. 'bilder.kjede.no'.
  images: { hosts: [], base: '/images/' },
  menu: { genders: [1, 2, 11, 4, 10], categories: [1, 2, 3, 4] },
} satisfies Brand;
