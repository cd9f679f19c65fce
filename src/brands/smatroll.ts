import type { Brand } from './schema.ts';

/** Brand C: children's outerwear; single-line header and footer, no search. */
export default {
  id: 'smatroll',
  siteUrl: 'https://www.smatroll.no',
  name: 'Småtroll',
  description:
    'Yttertøy for barn som tåler norsk vær: vinterdresser, regntøy og skalltøy med minst 15 000 mm vannsøyle.',
  logo: {
    svg: '/brands/smatroll/logo.svg',
    png: '/brands/smatroll/logo.png',
    width: 168,
    height: 40,
  },
  theme: {
    primary: '#7c2d92',
    primaryInk: '#ffffff',
    accent: '#b45309',
    surface: '#fbf7fc',
    ink: '#1f1024',
  },
  pages: {
    about: true,
    support: true,
    info: false,
    maintenance: false,
    childrenPages: true,
    blog: true,
    polls: false,
    shops: true,
    socialFeed: false,
  },
  header: { supportLink: false, singleLine: true, search: 'hidden' },
  analytics: { googleAnalytics: 'G-SMATROLL03', tagManager: 'GTM-SMATR03', metaPixel: null },
  vitals: { collector: '/api/v1/vitals', sampleRate: 0.1 },
  // The reference backend serves pictures on the site itself (`/images/…`); a chain's own image
  // host goes into hosts, e.g. 'bilder.kjede.no'.
  images: { hosts: [], base: '/images/' },
  menu: { genders: [4, 11], categories: [1] },
} satisfies Brand;
