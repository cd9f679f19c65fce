/**
 * Source data of the catalogue: genders, main groups with their subcategories (groups2) and
 * groups (groups3), brands, product lines, colours and sizes. Each group3 carries the recipe
 * the generator follows for its articles (noun, sizes, price band, genders, illustration).
 */

/** Gender ids as the spec fixes them. */
export const GENDER = { herre: 1, dame: 2, barn: 4, uni: 10, junior: 11 } as const;

/** A gender row. */
export interface GenderRow {
  id: number;
  name: string;
}

/** The five genders, exactly as docs/spec.md §3 names them. */
export const genders: readonly GenderRow[] = [
  { id: GENDER.herre, name: 'Herre' },
  { id: GENDER.dame, name: 'Dame' },
  { id: GENDER.barn, name: 'Barn' },
  { id: GENDER.uni, name: 'Uni' },
  { id: GENDER.junior, name: 'Junior' },
];

/** Which size range a group uses; children's genders switch apparel and shoes to child sizes. */
export type Sizing = 'apparel' | 'shoe' | 'one' | 'length';

/** Material and function family; picks the tech text, wash and care labels. */
export type Profile =
  | 'shell'
  | 'insulated'
  | 'down'
  | 'softshell'
  | 'rain'
  | 'wool'
  | 'fleece'
  | 'cotton'
  | 'tights'
  | 'runner'
  | 'hiker'
  | 'winterboot'
  | 'leatherboot'
  | 'rubber'
  | 'knit'
  | 'glove'
  | 'sock'
  | 'pack'
  | 'bottle'
  | 'helmet'
  | 'goggles'
  | 'pole'
  | 'drink'
  | 'bar';

/** The recipe of one article group 3. Prices are whole kroner. */
export interface Group3Recipe {
  id: number;
  name: string;
  /** Singular noun used in article names, e.g. 'Vinterjakke'. */
  noun: string;
  kind: string;
  sizing: Sizing;
  price: readonly [number, number];
  genders: ReadonlyArray<readonly [number, number]>;
  /** Relative share of the catalogue. */
  weight: number;
  profile: Profile;
  seasons: readonly string[];
  /** Counts as outerwear (jackets, trousers, overalls, rain sets) for the children's brand. */
  outerwear?: boolean;
  /** Deposit in øre (drinks only). */
  pant?: number;
  /** Shipping per line in øre for bulky goods. */
  frightPrice?: number;
}

/** An article group 2 with its groups. */
export interface Group2Data {
  id: number;
  name: string;
  custom?: boolean;
  groups: readonly Group3Recipe[];
}

/** A main group with its subcategories. */
export interface MainGroupData {
  id: number;
  name: string;
  sort: number;
  groups2: readonly Group2Data[];
}

const { herre, dame, barn, uni, junior } = GENDER;
const adults = [
  [herre, 4],
  [dame, 4],
] as const;
const family = [
  [herre, 3],
  [dame, 3],
  [barn, 3],
  [junior, 2],
] as const;
const kidsOnly = [
  [barn, 3],
  [junior, 2],
] as const;
const winter = ['Vinter 2026', 'Høst 2026', 'Vinter 2025'];
const summer = ['Sommer 2026', 'Vår 2026'];
const allYear = ['Helår', 'Høst 2026', 'Vår 2026'];

/** Main groups 1-4 with their groups; ids are stable because URLs and tests rely on them. */
export const mainGroups: readonly MainGroupData[] = [
  {
    id: 1,
    name: 'Tekstil',
    sort: 1,
    groups2: [
      {
        id: 10,
        name: 'Jakker',
        groups: [
          {
            id: 101,
            name: 'Vinterjakker',
            noun: 'Vinterjakke',
            kind: 'jacket',
            sizing: 'apparel',
            price: [1499, 4999],
            genders: family,
            weight: 9,
            profile: 'insulated',
            seasons: winter,
            outerwear: true,
          },
          {
            id: 102,
            name: 'Skalljakker',
            noun: 'Skalljakke',
            kind: 'jacket',
            sizing: 'apparel',
            price: [1799, 5999],
            genders: family,
            weight: 7,
            profile: 'shell',
            seasons: allYear,
            outerwear: true,
          },
          {
            id: 103,
            name: 'Dunjakker',
            noun: 'Dunjakke',
            kind: 'jacket',
            sizing: 'apparel',
            price: [1999, 5499],
            genders: family,
            weight: 6,
            profile: 'down',
            seasons: winter,
            outerwear: true,
          },
          {
            id: 104,
            name: 'Softshelljakker',
            noun: 'Softshelljakke',
            kind: 'jacket',
            sizing: 'apparel',
            price: [999, 2499],
            genders: family,
            weight: 5,
            profile: 'softshell',
            seasons: allYear,
            outerwear: true,
          },
          {
            id: 105,
            name: 'Regnjakker',
            noun: 'Regnjakke',
            kind: 'jacket',
            sizing: 'apparel',
            price: [499, 1999],
            genders: family,
            weight: 5,
            profile: 'rain',
            seasons: summer,
            outerwear: true,
          },
        ],
      },
      {
        id: 11,
        name: 'Bukser',
        groups: [
          {
            id: 111,
            name: 'Skallbukser',
            noun: 'Skallbukse',
            kind: 'pants',
            sizing: 'apparel',
            price: [1299, 3999],
            genders: family,
            weight: 5,
            profile: 'shell',
            seasons: allYear,
            outerwear: true,
          },
          {
            id: 112,
            name: 'Turbukser',
            noun: 'Turbukse',
            kind: 'pants',
            sizing: 'apparel',
            price: [699, 1999],
            genders: family,
            weight: 6,
            profile: 'softshell',
            seasons: summer,
            outerwear: true,
          },
          {
            id: 113,
            name: 'Regnbukser',
            noun: 'Regnbukse',
            kind: 'pants',
            sizing: 'apparel',
            price: [399, 1299],
            genders: family,
            weight: 4,
            profile: 'rain',
            seasons: summer,
            outerwear: true,
          },
          {
            id: 114,
            name: 'Vinterbukser',
            noun: 'Vinterbukse',
            kind: 'pants',
            sizing: 'apparel',
            price: [799, 2499],
            genders: family,
            weight: 4,
            profile: 'insulated',
            seasons: winter,
            outerwear: true,
          },
          {
            id: 115,
            name: 'Treningstights',
            noun: 'Treningstights',
            kind: 'pants',
            sizing: 'apparel',
            price: [399, 999],
            genders: adults,
            weight: 3,
            profile: 'tights',
            seasons: allYear,
          },
        ],
      },
      {
        id: 12,
        name: 'Dresser og regnsett',
        groups: [
          {
            id: 121,
            name: 'Vinterdresser',
            noun: 'Vinterdress',
            kind: 'overall',
            sizing: 'apparel',
            price: [999, 2999],
            genders: kidsOnly,
            weight: 4,
            profile: 'insulated',
            seasons: winter,
            outerwear: true,
          },
          {
            id: 122,
            name: 'Regnsett',
            noun: 'Regnsett',
            kind: 'overall',
            sizing: 'apparel',
            price: [399, 999],
            genders: kidsOnly,
            weight: 3,
            profile: 'rain',
            seasons: summer,
            outerwear: true,
          },
          {
            id: 123,
            name: 'Skalldresser',
            noun: 'Skalldress',
            kind: 'overall',
            sizing: 'apparel',
            price: [899, 2199],
            genders: kidsOnly,
            weight: 2,
            profile: 'shell',
            seasons: allYear,
            outerwear: true,
          },
        ],
      },
      {
        id: 13,
        name: 'Ullundertøy',
        groups: [
          {
            id: 131,
            name: 'Ullundertrøyer',
            noun: 'Ullundertrøye',
            kind: 'underwear',
            sizing: 'apparel',
            price: [399, 1199],
            genders: family,
            weight: 4,
            profile: 'wool',
            seasons: winter,
          },
          {
            id: 132,
            name: 'Ullstillongs',
            noun: 'Ullstillongs',
            kind: 'pants',
            sizing: 'apparel',
            price: [349, 999],
            genders: family,
            weight: 3,
            profile: 'wool',
            seasons: winter,
          },
          {
            id: 133,
            name: 'Ullsett',
            noun: 'Ullsett',
            kind: 'underwear',
            sizing: 'apparel',
            price: [599, 1499],
            genders: kidsOnly,
            weight: 2,
            profile: 'wool',
            seasons: winter,
          },
        ],
      },
      {
        id: 14,
        name: 'Gensere',
        groups: [
          {
            id: 141,
            name: 'Fleecegensere',
            noun: 'Fleecegenser',
            kind: 'sweater',
            sizing: 'apparel',
            price: [399, 1299],
            genders: family,
            weight: 4,
            profile: 'fleece',
            seasons: allYear,
          },
          {
            id: 142,
            name: 'Ullgensere',
            noun: 'Ullgenser',
            kind: 'sweater',
            sizing: 'apparel',
            price: [899, 2499],
            genders: adults,
            weight: 3,
            profile: 'wool',
            seasons: winter,
          },
          {
            id: 143,
            name: 'Hettegensere',
            noun: 'Hettegenser',
            kind: 'sweater',
            sizing: 'apparel',
            price: [399, 999],
            genders: family,
            weight: 3,
            profile: 'cotton',
            seasons: allYear,
          },
        ],
      },
      {
        id: 15,
        name: 'T-skjorter og topper',
        groups: [
          {
            id: 151,
            name: 'T-skjorter',
            noun: 'T-skjorte',
            kind: 'tshirt',
            sizing: 'apparel',
            price: [199, 599],
            genders: family,
            weight: 4,
            profile: 'cotton',
            seasons: summer,
          },
          {
            id: 152,
            name: 'Treningstopper',
            noun: 'Treningstopp',
            kind: 'tshirt',
            sizing: 'apparel',
            price: [249, 699],
            genders: adults,
            weight: 2,
            profile: 'tights',
            seasons: allYear,
          },
        ],
      },
    ],
  },
  {
    id: 2,
    name: 'Sko',
    sort: 2,
    groups2: [
      {
        id: 20,
        name: 'Joggesko',
        groups: [
          {
            id: 201,
            name: 'Løpesko',
            noun: 'Løpesko',
            kind: 'shoe',
            sizing: 'shoe',
            price: [899, 2299],
            genders: family,
            weight: 4,
            profile: 'runner',
            seasons: allYear,
          },
          {
            id: 202,
            name: 'Terrengløpesko',
            noun: 'Terrengløpesko',
            kind: 'shoe',
            sizing: 'shoe',
            price: [1099, 2499],
            genders: adults,
            weight: 2,
            profile: 'runner',
            seasons: summer,
          },
        ],
      },
      {
        id: 21,
        name: 'Tursko',
        groups: [
          {
            id: 211,
            name: 'Lette tursko',
            noun: 'Tursko',
            kind: 'shoe',
            sizing: 'shoe',
            price: [999, 2499],
            genders: family,
            weight: 3,
            profile: 'hiker',
            seasons: summer,
          },
          {
            id: 212,
            name: 'Fjellstøvler',
            noun: 'Fjellstøvel',
            kind: 'boot',
            sizing: 'shoe',
            price: [1799, 3999],
            genders: adults,
            weight: 2,
            profile: 'hiker',
            seasons: allYear,
          },
        ],
      },
      {
        id: 22,
        name: 'Vintersko',
        groups: [
          {
            id: 221,
            name: 'Vinterstøvletter',
            noun: 'Vinterstøvlett',
            kind: 'boot',
            sizing: 'shoe',
            price: [899, 2499],
            genders: family,
            weight: 3,
            profile: 'winterboot',
            seasons: winter,
          },
          {
            id: 222,
            name: 'Piggsko',
            noun: 'Piggsko',
            kind: 'shoe',
            sizing: 'shoe',
            price: [1199, 2299],
            genders: family,
            weight: 2,
            profile: 'winterboot',
            seasons: winter,
          },
        ],
      },
      {
        id: 23,
        name: 'Støvler',
        groups: [
          {
            id: 231,
            name: 'Skinnstøvler',
            noun: 'Skinnstøvel',
            kind: 'boot',
            sizing: 'shoe',
            price: [1299, 2999],
            genders: adults,
            weight: 2,
            profile: 'leatherboot',
            seasons: winter,
          },
          {
            id: 232,
            name: 'Chelseastøvler',
            noun: 'Chelseastøvel',
            kind: 'boot',
            sizing: 'shoe',
            price: [999, 2199],
            genders: adults,
            weight: 1,
            profile: 'leatherboot',
            seasons: allYear,
          },
        ],
      },
      {
        id: 24,
        name: 'Gummistøvler',
        groups: [
          {
            id: 241,
            name: 'Fôrede gummistøvler',
            noun: 'Fôret gummistøvel',
            kind: 'boot',
            sizing: 'shoe',
            price: [399, 999],
            genders: family,
            weight: 2,
            profile: 'rubber',
            seasons: winter,
          },
          {
            id: 242,
            name: 'Ufôrede gummistøvler',
            noun: 'Gummistøvel',
            kind: 'boot',
            sizing: 'shoe',
            price: [299, 799],
            genders: family,
            weight: 2,
            profile: 'rubber',
            seasons: summer,
          },
        ],
      },
    ],
  },
  {
    id: 3,
    name: 'Tilbehør',
    sort: 3,
    groups2: [
      {
        id: 30,
        name: 'Luer og hodeplagg',
        groups: [
          {
            id: 301,
            name: 'Luer',
            noun: 'Lue',
            kind: 'cap',
            sizing: 'one',
            price: [149, 499],
            genders: [
              [uni, 3],
              [barn, 2],
              [dame, 1],
              [herre, 1],
            ],
            weight: 4,
            profile: 'knit',
            seasons: winter,
          },
          {
            id: 302,
            name: 'Pannebånd',
            noun: 'Pannebånd',
            kind: 'headband',
            sizing: 'one',
            price: [99, 299],
            genders: [
              [uni, 3],
              [dame, 1],
            ],
            weight: 2,
            profile: 'knit',
            seasons: allYear,
          },
        ],
      },
      {
        id: 31,
        name: 'Votter og hansker',
        groups: [
          {
            id: 311,
            name: 'Votter',
            noun: 'Votter',
            kind: 'mitten',
            sizing: 'one',
            price: [199, 699],
            genders: [
              [uni, 2],
              [barn, 3],
              [junior, 1],
            ],
            weight: 3,
            profile: 'glove',
            seasons: winter,
          },
          {
            id: 312,
            name: 'Hansker',
            noun: 'Hansker',
            kind: 'glove',
            sizing: 'apparel',
            price: [249, 899],
            genders: [
              [herre, 2],
              [dame, 2],
              [junior, 1],
            ],
            weight: 3,
            profile: 'glove',
            seasons: winter,
          },
        ],
      },
      {
        id: 32,
        name: 'Sekker',
        groups: [
          {
            id: 321,
            name: 'Dagstursekker',
            noun: 'Dagstursekk',
            kind: 'backpack',
            sizing: 'one',
            price: [499, 1499],
            genders: [
              [uni, 4],
              [barn, 1],
            ],
            weight: 3,
            profile: 'pack',
            seasons: allYear,
          },
          {
            id: 322,
            name: 'Fjellsekker',
            noun: 'Fjellsekk',
            kind: 'backpack',
            sizing: 'one',
            price: [1499, 3499],
            genders: [
              [uni, 3],
              [dame, 1],
              [herre, 1],
            ],
            weight: 2,
            profile: 'pack',
            seasons: allYear,
            frightPrice: 12900,
          },
        ],
      },
      {
        id: 33,
        name: 'Drikkeflasker og termoser',
        groups: [
          {
            id: 331,
            name: 'Drikkeflasker',
            noun: 'Drikkeflaske',
            kind: 'bottle',
            sizing: 'one',
            price: [149, 399],
            genders: [
              [uni, 4],
              [barn, 1],
            ],
            weight: 2,
            profile: 'bottle',
            seasons: allYear,
          },
          {
            id: 332,
            name: 'Termoser',
            noun: 'Termos',
            kind: 'bottle',
            sizing: 'one',
            price: [299, 799],
            genders: [[uni, 1]],
            weight: 1,
            profile: 'bottle',
            seasons: winter,
          },
        ],
      },
      {
        id: 34,
        name: 'Sokker',
        groups: [
          {
            id: 341,
            name: 'Ullsokker',
            noun: 'Ullsokker',
            kind: 'sock',
            sizing: 'one',
            price: [149, 249],
            genders: [
              [uni, 3],
              [barn, 2],
            ],
            weight: 3,
            profile: 'sock',
            seasons: winter,
          },
          {
            id: 342,
            name: 'Tursokker',
            noun: 'Tursokker',
            kind: 'sock',
            sizing: 'one',
            price: [99, 229],
            genders: [
              [uni, 3],
              [dame, 1],
              [herre, 1],
            ],
            weight: 2,
            profile: 'sock',
            seasons: allYear,
          },
          {
            id: 343,
            name: 'Skisokker',
            noun: 'Skisokker',
            kind: 'sock',
            sizing: 'one',
            price: [149, 249],
            genders: [
              [uni, 2],
              [junior, 1],
            ],
            weight: 2,
            profile: 'sock',
            seasons: winter,
          },
        ],
      },
      {
        id: 35,
        name: 'Sportsernæring',
        custom: true,
        groups: [
          {
            id: 351,
            name: 'Sportsdrikker',
            noun: 'Sportsdrikk',
            kind: 'drink',
            sizing: 'one',
            price: [29, 49],
            genders: [[uni, 1]],
            weight: 1,
            profile: 'drink',
            seasons: ['Helår'],
            pant: 200,
          },
          {
            id: 352,
            name: 'Energibarer',
            noun: 'Energibar',
            kind: 'bar',
            sizing: 'one',
            price: [25, 45],
            genders: [[uni, 1]],
            weight: 1,
            profile: 'bar',
            seasons: ['Helår'],
          },
        ],
      },
    ],
  },
  {
    id: 4,
    name: 'Alpint',
    sort: 4,
    groups2: [
      {
        id: 40,
        name: 'Hjelmer',
        groups: [
          {
            id: 401,
            name: 'Alpinhjelmer',
            noun: 'Alpinhjelm',
            kind: 'helmet',
            sizing: 'one',
            price: [799, 2999],
            genders: [
              [uni, 3],
              [junior, 2],
            ],
            weight: 3,
            profile: 'helmet',
            seasons: winter,
          },
          {
            id: 402,
            name: 'Visirhjelmer',
            noun: 'Visirhjelm',
            kind: 'helmet',
            sizing: 'one',
            price: [1999, 3999],
            genders: [
              [uni, 2],
              [junior, 1],
            ],
            weight: 1,
            profile: 'helmet',
            seasons: winter,
          },
        ],
      },
      {
        id: 41,
        name: 'Goggles',
        groups: [
          {
            id: 411,
            name: 'Goggles til hjelm',
            noun: 'Goggles',
            kind: 'goggles',
            sizing: 'one',
            price: [499, 2499],
            genders: [
              [uni, 3],
              [junior, 2],
            ],
            weight: 3,
            profile: 'goggles',
            seasons: winter,
          },
          {
            id: 412,
            name: 'Alpinbriller',
            noun: 'Alpinbrille',
            kind: 'goggles',
            sizing: 'one',
            price: [399, 1999],
            genders: [
              [uni, 3],
              [junior, 1],
            ],
            weight: 2,
            profile: 'goggles',
            seasons: winter,
          },
        ],
      },
      {
        id: 42,
        name: 'Staver',
        groups: [
          {
            id: 421,
            name: 'Alpinstaver',
            noun: 'Alpinstav',
            kind: 'pole',
            sizing: 'length',
            price: [299, 1299],
            genders: [
              [uni, 3],
              [junior, 2],
            ],
            weight: 2,
            profile: 'pole',
            seasons: winter,
            frightPrice: 14900,
          },
          {
            id: 422,
            name: 'Teleskopstaver',
            noun: 'Teleskopstav',
            kind: 'pole',
            sizing: 'length',
            price: [599, 1499],
            genders: [[uni, 1]],
            weight: 1,
            profile: 'pole',
            seasons: winter,
            frightPrice: 14900,
          },
        ],
      },
    ],
  },
];

/** Invented Norwegian-sounding brands. Brand 26 is the children's label. */
export const brands: readonly string[] = [
  'Fjellvind',
  'Nordlys Outdoor',
  'Isbre',
  'Tindeløper',
  'Havbris',
  'Skarfjell',
  'Polarull',
  'Villrein',
  'Vidde',
  'Lavvo',
  'Fonna Gear',
  'Snøfokk',
  'Nordvest',
  'Barmark',
  'Fjordtind',
  'Kuling',
  'Lysløype',
  'Blåis',
  'Ulvehi',
  'Kvitfjell Sport',
  'Storm & Stein',
  'Myrull',
  'Reinfjell',
  'Trollkant',
  'Skiføre',
  'Småtroll Kids',
  'Tussi',
  'Grålysning',
  'Fjellrev',
  'Toppfart Basic',
];

/** Product lines (`ProductLineID` 1..n in this order). */
export const productLines: readonly string[] = [
  'Basis',
  'Pro',
  'Eco',
  'Kids',
  'Active',
  'Lite',
  'Arctic',
  'Urban',
  'Classic',
  'Expedition',
];

/** Model words: Norwegian mountains, plateaus and places. */
export const modelNames: readonly string[] = [
  'Galdhøpiggen',
  'Snøhetta',
  'Romsdalshorn',
  'Stetind',
  'Gaustatoppen',
  'Kjerag',
  'Preikestolen',
  'Trolltunga',
  'Besseggen',
  'Hardangervidda',
  'Rondane',
  'Dovre',
  'Finse',
  'Lofoten',
  'Lyngen',
  'Senja',
  'Sunnmøre',
  'Hallingskarvet',
  'Norefjell',
  'Hemsedal',
  'Femund',
  'Saltfjellet',
  'Børgefjell',
  'Glittertind',
  'Skåla',
  'Slogen',
  'Jotunheimen',
  'Folgefonna',
  'Blåmannen',
  'Tromsdalstind',
  'Vikafjell',
  'Synshorn',
  'Reinheimen',
  'Kvitåsen',
  'Nordmarka',
  'Hornelen',
];

/** A colour group with its colours. `hex` null means no single swatch (multi-coloured). */
export interface ColorGroupData {
  id: number;
  label: string;
  name: string;
  hex: string | null;
  colors: ReadonlyArray<{ id: number; name: string; hex: string | null; code: string }>;
}

/** Colour groups (what the filter offers) and their colours; the first colour represents the group. */
export const colorGroups: readonly ColorGroupData[] = [
  {
    id: 1,
    label: 'Svart',
    name: 'svart',
    hex: '#1b1b1b',
    colors: [
      { id: 1, name: 'Svart', hex: '#1b1b1b', code: '010' },
      { id: 2, name: 'Kullsvart', hex: '#0d0d0d', code: '011' },
    ],
  },
  {
    id: 2,
    label: 'Hvit',
    name: 'hvit',
    hex: '#ffffff',
    colors: [
      { id: 3, name: 'Hvit', hex: '#ffffff', code: '100' },
      { id: 4, name: 'Offwhite', hex: '#f4f1e8', code: '101' },
    ],
  },
  {
    id: 3,
    label: 'Grå',
    name: 'gra',
    hex: '#8a8d91',
    colors: [
      { id: 5, name: 'Grå', hex: '#8a8d91', code: '200' },
      { id: 6, name: 'Antrasitt', hex: '#3a3d42', code: '201' },
      { id: 7, name: 'Lys grå melert', hex: '#c7c9cc', code: '202' },
    ],
  },
  {
    id: 4,
    label: 'Blå',
    name: 'bla',
    hex: '#1f4fbf',
    colors: [
      { id: 8, name: 'Koboltblå', hex: '#1f4fbf', code: '300' },
      { id: 9, name: 'Marineblå', hex: '#1f2a44', code: '301' },
      { id: 10, name: 'Lyseblå', hex: '#8ec5ea', code: '302' },
      { id: 11, name: 'Petrol', hex: '#1c5d6b', code: '303' },
    ],
  },
  {
    id: 5,
    label: 'Rød',
    name: 'rod',
    hex: '#c8102e',
    colors: [
      { id: 12, name: 'Rød', hex: '#c8102e', code: '400' },
      { id: 13, name: 'Vinrød', hex: '#7b1e2b', code: '401' },
    ],
  },
  {
    id: 6,
    label: 'Grønn',
    name: 'gronn',
    hex: '#2e7d32',
    colors: [
      { id: 14, name: 'Grønn', hex: '#2e7d32', code: '500' },
      { id: 15, name: 'Skoggrønn', hex: '#2e5339', code: '501' },
      { id: 16, name: 'Olivengrønn', hex: '#6b6b3a', code: '502' },
      { id: 17, name: 'Limegrønn', hex: '#9bd13c', code: '503' },
    ],
  },
  {
    id: 7,
    label: 'Gul',
    name: 'gul',
    hex: '#f2c500',
    colors: [
      { id: 18, name: 'Gul', hex: '#f2c500', code: '600' },
      { id: 19, name: 'Sennep', hex: '#c9a227', code: '601' },
    ],
  },
  {
    id: 8,
    label: 'Oransje',
    name: 'oransje',
    hex: '#f26b1d',
    colors: [
      { id: 20, name: 'Oransje', hex: '#f26b1d', code: '650' },
      { id: 21, name: 'Korall', hex: '#ff7f61', code: '651' },
    ],
  },
  {
    id: 9,
    label: 'Rosa',
    name: 'rosa',
    hex: '#f4a6c0',
    colors: [
      { id: 22, name: 'Rosa', hex: '#f4a6c0', code: '700' },
      { id: 23, name: 'Fuchsia', hex: '#d6246e', code: '701' },
    ],
  },
  {
    id: 10,
    label: 'Lilla',
    name: 'lilla',
    hex: '#6b3fa0',
    colors: [
      { id: 24, name: 'Lilla', hex: '#6b3fa0', code: '750' },
      { id: 25, name: 'Lavendel', hex: '#b9a6d9', code: '751' },
    ],
  },
  {
    id: 11,
    label: 'Brun',
    name: 'brun',
    hex: '#6b4226',
    colors: [
      { id: 26, name: 'Brun', hex: '#6b4226', code: '800' },
      { id: 27, name: 'Cognac', hex: '#9a5b2b', code: '801' },
    ],
  },
  {
    id: 12,
    label: 'Beige',
    name: 'beige',
    hex: '#d9c7a7',
    colors: [
      { id: 28, name: 'Beige', hex: '#d9c7a7', code: '850' },
      { id: 29, name: 'Sand', hex: '#c8b48a', code: '851' },
      { id: 30, name: 'Kaki', hex: '#a99b74', code: '852' },
    ],
  },
  {
    id: 13,
    label: 'Flerfarget',
    name: 'flerfarget',
    hex: null,
    colors: [
      { id: 31, name: 'Flerfarget', hex: null, code: '900' },
      { id: 32, name: 'Kamuflasje', hex: null, code: '901' },
    ],
  },
];

/** Illustration colour for colours without a swatch (multi-coloured). */
export const multiColourHex = '#5b6b7a';

/** A size row. */
export interface SizeData {
  id: number;
  name: string;
  kind: 'adult' | 'child' | 'shoe' | 'one' | 'length';
  sort: number;
}

const adultSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const childSizes = [92, 98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164];
const poleLengths = [85, 90, 95, 100, 105, 110, 115, 120, 125, 130, 135];

/**
 * Every size. Ids: adult 1-6, children 11-23, shoes 28-46 keep their number as id,
 * ONE SIZE 60, pole lengths 70-80.
 */
export const sizes: readonly SizeData[] = [
  ...adultSizes.map((name, i) => ({ id: 1 + i, name, kind: 'adult' as const, sort: 100 + i })),
  ...childSizes.map((cm, i) => ({
    id: 11 + i,
    name: String(cm),
    kind: 'child' as const,
    sort: 200 + i,
  })),
  ...Array.from({ length: 19 }, (_, i) => ({
    id: 28 + i,
    name: String(28 + i),
    kind: 'shoe' as const,
    sort: 300 + i,
  })),
  { id: 60, name: 'ONE SIZE', kind: 'one' as const, sort: 400 },
  ...poleLengths.map((cm, i) => ({
    id: 70 + i,
    name: `${cm} cm`,
    kind: 'length' as const,
    sort: 500 + i,
  })),
];
