/**
 * Content and commerce source data: campaigns, shipping methods, promo codes, blog, polls,
 * tenants and social posts. Dates are offsets in days from the seed's `now`, so campaigns
 * stay active or pending whenever the server is seeded.
 */
import type { ApiBrandFlags } from '../../../contract/index.ts';

/** A campaign; `share` is the fraction of visible articles it discounts. */
export interface CampaignData {
  id: number;
  name: string;
  shortDescription: string;
  description: string;
  startDays: number;
  endDays: number;
  labelText: string;
  labelType: 'percent' | 'price' | 'text';
  color: string;
  /** Discount as a fraction of the price, e.g. 0.3. */
  discounts: readonly number[];
  share: number;
  /** Upper bound on the number of items. */
  maxItems: number;
  /** Link of the campaign: a path, `selection` for a /utvalg/ page of its articles, or null. */
  url: string | null;
  showLabel: boolean;
}

/** The label text the spec renames to 'Ukens annonse!' while the campaign is pending. */
export const clickAndCollectLabel = 'Klikk & Hent';

/** Campaigns 1-5: two active, two pending (one of them Klikk & Hent), one ended. */
export const campaigns: readonly CampaignData[] = [
  {
    id: 1,
    name: 'Vintersalg',
    shortDescription: 'Opptil 40 % på vinterjakker og ull',
    description:
      'Gjør deg klar for vinteren! Nå får du opptil 40 % rabatt på utvalgte vinterjakker, dunjakker og ullundertøy.',
    startDays: -10,
    endDays: 21,
    labelText: 'Vintersalg',
    labelType: 'percent',
    color: '#1d4ed8',
    discounts: [0.2, 0.3, 0.4],
    share: 0.05,
    maxItems: 2000,
    url: 'selection',
    showLabel: true,
  },
  {
    id: 2,
    name: 'Black Week',
    shortDescription: 'Ukens beste tilbud på tur og trening',
    description: 'Black Week er her. Spar stort på løpesko, skalljakker og sekker, bare denne uka.',
    startDays: -2,
    endDays: 5,
    labelText: 'Black Week',
    labelType: 'percent',
    color: '#111111',
    discounts: [0.25, 0.3, 0.5, 1 / 3],
    share: 0.04,
    maxItems: 1500,
    url: 'selection',
    showLabel: true,
  },
  {
    id: 3,
    name: 'Ukens annonse',
    shortDescription: 'Bestill på nett, hent i butikk samme dag',
    description:
      'Handle på nett og hent varene i din nærmeste butikk. Ukens utvalgte varer til kampanjepris når du velger Klikk & Hent.',
    startDays: 3,
    endDays: 10,
    labelText: clickAndCollectLabel,
    labelType: 'text',
    color: '#0f766e',
    discounts: [0.15, 0.2],
    share: 0.01,
    maxItems: 24,
    url: null,
    showLabel: true,
  },
  {
    id: 4,
    name: 'Barnehagestart',
    shortDescription: 'Alt barnet trenger til barnehagen',
    description:
      'Regntøy, dresser, ull og støvler til barnehagestart. Kampanjepriser på hele barneutvalget.',
    startDays: 14,
    endDays: 35,
    labelText: 'Barnehagestart',
    labelType: 'price',
    color: '#c2410c',
    discounts: [0.15, 0.25],
    share: 0.02,
    maxItems: 400,
    url: '/dette-trenger-barnet-til-barnehagestart',
    showLabel: true,
  },
  {
    id: 5,
    name: 'Sommersalg',
    shortDescription: 'Sommerens salg er over',
    description: 'Takk for et fantastisk sommersalg. Følg med, nye kampanjer kommer.',
    startDays: -120,
    endDays: -90,
    labelText: 'Sommersalg',
    labelType: 'percent',
    color: '#eab308',
    discounts: [0.3],
    share: 0.01,
    maxItems: 200,
    url: null,
    showLabel: false,
  },
];

/**
 * A campaign that ended before the seed's `now`, kept for the price history the førpris is
 * reckoned from (prisopplysningsforskriften § 9a). It takes articles of the running campaign
 * `before`: when `cheaper`, at a price below that campaign's (so today's campaign price is
 * no reduction); else at a price between the list price and that campaign's, ending as that
 * campaign starts (a reduction that grows in steps).
 */
export interface EarlierCampaignData extends Pick<
  CampaignData,
  'id' | 'name' | 'shortDescription' | 'description' | 'startDays' | 'endDays' | 'color'
> {
  labelText: string;
  /** Id of the running campaign whose articles it takes. */
  before: number;
  cheaper: boolean;
  /** Discount as a fraction of the running campaign's price (`cheaper`) or the list price. */
  discounts: readonly number[];
}

/** Campaigns 6-7, both ended: never listed, only part of the articles' price history. */
export const earlierCampaigns: readonly EarlierCampaignData[] = [
  {
    id: 6,
    name: 'Høstkupp',
    shortDescription: 'Høstens kupp på tur og trening',
    description: 'Ukens kupp før vinteren: skalljakker, sekker og løpesko til kuppris.',
    startDays: -38,
    endDays: -9,
    labelText: 'Høstkupp',
    color: '#b45309',
    before: 2,
    cheaper: true,
    discounts: [0.1, 0.15, 0.2],
  },
  {
    id: 7,
    name: 'Vinterforsalg',
    shortDescription: 'Forsalg på vinterens nyheter',
    description: 'Sikre deg vinterjakka og ulla før vintersalget.',
    startDays: -24,
    endDays: -10,
    labelText: 'Vinterforsalg',
    color: '#1e40af',
    before: 1,
    cheaper: false,
    discounts: [0.1],
  },
];

/** A shipping method row. */
export interface ShippingData {
  id: string;
  name: string;
  description: string;
  price: number;
  isDefault: boolean;
  requiresShop: boolean;
  /** Working days from order to arrival, as the description promises them. */
  deliveryDays: { min: number; max: number };
}

/** Shipping methods in display order; `delivery` at 19900 øre is the default. */
export const shippingMethods: readonly ShippingData[] = [
  {
    id: 'delivery',
    name: 'Hjemlevering',
    description: 'Levering hjem på døra, 2-4 virkedager.',
    price: 19900,
    isDefault: true,
    requiresShop: false,
    deliveryDays: { min: 2, max: 4 },
  },
  {
    id: 'pickup',
    name: 'Hent i butikk / Klikk & Hent',
    description: 'Gratis. Hent varene i valgt butikk, som regel klart innen 2 timer.',
    price: 0,
    isDefault: false,
    requiresShop: true,
    deliveryDays: { min: 0, max: 0 },
  },
  {
    id: 'mailbox',
    name: 'Levering i postkassen',
    description: 'For små pakker som passer i postkassen, 2-5 virkedager.',
    price: 7900,
    isDefault: false,
    requiresShop: false,
    deliveryDays: { min: 2, max: 5 },
  },
  {
    id: 'express',
    name: 'Ekspresslevering',
    description: 'Levering neste virkedag ved bestilling før kl. 14.',
    price: 34900,
    isDefault: false,
    requiresShop: false,
    deliveryDays: { min: 1, max: 2 },
  },
];

/** A promo code; `amount` is øre when fixed, else a fraction. */
export interface PromoData {
  name: string;
  fromDays: number;
  toDays: number;
  fixed: boolean;
  amount: number;
  type: 'cart' | 'shipping';
}

/** Promo codes: valid, expired and not yet valid. */
export const promoCodes: readonly PromoData[] = [
  { name: 'VINTER20', fromDays: -10, toDays: 60, fixed: false, amount: 0.2, type: 'cart' },
  { name: 'VELKOMMEN100', fromDays: -365, toDays: 365, fixed: true, amount: 10000, type: 'cart' },
  { name: 'HELG10', fromDays: -1, toDays: 2, fixed: false, amount: 0.1, type: 'cart' },
  { name: 'FRIFRAKT', fromDays: -30, toDays: 30, fixed: true, amount: 19900, type: 'shipping' },
  { name: 'KLUBB250', fromDays: -60, toDays: 120, fixed: true, amount: 25000, type: 'cart' },
  { name: 'UTLOPT10', fromDays: -90, toDays: -30, fixed: false, amount: 0.1, type: 'cart' },
  { name: 'SOMMER30', fromDays: -200, toDays: -100, fixed: false, amount: 0.3, type: 'cart' },
  { name: 'SNART15', fromDays: 7, toDays: 30, fixed: false, amount: 0.15, type: 'cart' },
];

/** Blog categories. */
export const blogCategories = [
  { id: 1, slug: 'turtips', name: 'Turtips' },
  { id: 2, slug: 'barn-og-familie', name: 'Barn og familie' },
  { id: 3, slug: 'vedlikehold', name: 'Vedlikehold' },
  { id: 4, slug: 'alpint', name: 'Alpint' },
  { id: 5, slug: 'nyheter', name: 'Nyheter' },
] as const;

/** A blog post; `groups3` says which kind of articles it features. */
export interface BlogPostData {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  categories: readonly number[];
  groups3: readonly number[];
  daysAgo: number;
}

/** Blog posts. Some bodies carry unsafe markup on purpose: the shop must sanitise CMS HTML. */
export const blogPosts: readonly BlogPostData[] = [
  {
    title: 'Dette trenger barnet til barnehagestart',
    slug: 'dette-trenger-barnet-til-barnehagestart',
    excerpt: 'En sjekkliste over klær og utstyr til barnehagen, fra regnsett til ullundertøy.',
    body: '<h2>Sjekkliste for barnehagestart</h2><p>Barnehagebarn er ute i all slags vær. Med riktige klær blir dagene både tryggere og morsommere.</p><ul><li>Regnsett og gummistøvler</li><li>Vinterdress og votter</li><li>Ullundertøy i to sett</li><li>Lue og hals</li></ul><p>Husk å merke alle klærne med navn!</p><img src="/images/blog/1.jpg" alt="Barn i regntøy"><p>Se hele <a href="/barn">barneutvalget vårt</a>.</p>',
    categories: [2],
    groups3: [122, 121, 133],
    daysAgo: 40,
  },
  {
    title: 'Hvordan kle barna for vinteren',
    slug: 'hvordan-kle-barna',
    excerpt:
      'Ull innerst, fleece i midten og vanntett ytterst. Slik bruker du lag-på-lag-prinsippet.',
    body: '<h2>Lag på lag</h2><p>Tre lag holder barna varme og tørre: ull innerst, et varmt mellomlag og et vanntett ytterlag med vannsøyle på minst 15 000 mm.</p><ol><li>Ullundertøy</li><li>Fleece eller ullgenser</li><li>Vinterdress eller skalltøy</li></ol><script>alert(1)</script><p>Les også <a href="/blogg/dette-trenger-barnet-til-barnehagestart">sjekklisten for barnehagestart</a>.</p>',
    categories: [2],
    groups3: [121, 131, 141],
    daysAgo: 33,
  },
  {
    title: 'Bionic Finish Eco: impregnering uten fluorkarboner',
    slug: 'bionic-finish-eco',
    excerpt: 'Slik fungerer den PFC-frie impregneringen, og slik holder du den ved like.',
    body: '<h2>Hva er Bionic Finish Eco?</h2><p>En vannavstøtende behandling uten fluorkarboner som etterligner strukturen på fjær.</p><img src=x onerror="alert(1)"><h3>Vedlikehold</h3><p>Vask plagget jevnlig og tørk det på lav varme for å reaktivere impregneringen.</p>',
    categories: [3, 5],
    groups3: [102, 111],
    daysAgo: 60,
  },
  {
    title: 'Furet værbitt på Vikafjell',
    slug: 'furet-vaerbitt-vikafjell',
    excerpt: 'Vi testet høstens skalljakker i sludd og storm på Vikafjellet.',
    body: '<h2>Testtur i storm</h2><p>Med vindkast på 25 m/s fikk jakkene virkelig kjørt seg.</p><blockquote>Den eneste jakken som holdt meg helt tørr hele dagen.</blockquote><p><a href="javascript:alert(1)">Se vinneren</a></p>',
    categories: [1],
    groups3: [102, 104],
    daysAgo: 20,
  },
  {
    title: 'Slik vasker du skalljakken',
    slug: 'slik-vasker-du-skalljakken',
    excerpt: 'Riktig vask forlenger livet til jakken og holder membranen pustende.',
    body: '<h2>Vask riktig</h2><p>Bruk flytende vaskemiddel, ikke tøymykner, og lukk alle glidelåser før vask.</p><ul><li>Vask på 40°C</li><li>Skyll ekstra</li><li>Tørketromle på lav varme</li></ul><p>Les mer i <a href="/vedlikehold">vedlikeholdsguiden</a>.</p>',
    categories: [3],
    groups3: [102, 111],
    daysAgo: 75,
  },
  {
    title: 'Velg riktig alpinhjelm',
    slug: 'velg-riktig-alpinhjelm',
    excerpt: 'Passform, sertifisering og MIPS: dette bør du se etter.',
    body: '<h2>Passform først</h2><p>Hjelmen skal sitte godt uten å presse. Mål hodeomkretsen rett over øyenbrynene.</p><h3>Goggles og hjelm</h3><p>Ta med googlesene når du prøver hjelm, slik at det ikke blir glipe i panna.</p><img src="/images/blog/6.jpg" alt="Alpinhjelm" onload="alert(1)">',
    categories: [4],
    groups3: [401, 411],
    daysAgo: 12,
  },
  {
    title: 'Ti tips til din første fjelltur',
    slug: 'ti-tips-til-din-forste-fjelltur',
    excerpt: 'Fjellvettreglene, pakkeliste og hvordan du velger tur.',
    body: '<h2>Før du går</h2><p>Planlegg turen og meld fra hvor du går. Følg fjellvettreglene.</p><ol><li>Sjekk værmeldingen</li><li>Pakk ekstra ullundertøy</li><li>Ta med kart og kompass</li><li>Ha alltid med vindtett jakke</li></ol>',
    categories: [1],
    groups3: [321, 212, 131],
    daysAgo: 90,
  },
  {
    title: 'Ullundertøy: merino eller vanlig ull?',
    slug: 'ullundertoy-merino-eller-vanlig-ull',
    excerpt: 'Forskjellen på merinoull og vanlig ull, og hva som passer best til deg.',
    body: '<h2>Merinoull</h2><p>Tynne fibre som ikke klør, perfekt innerst mot huden.</p><h2>Vanlig ull</h2><p>Grovere, slitesterk og varm.</p><iframe src="https://example.com/embed"></iframe><p>Se <a href="/tekstil/ullundertoy">ullundertøy</a>.</p>',
    categories: [1, 3],
    groups3: [131, 132],
    daysAgo: 45,
  },
  {
    title: 'Nyhet: Småtroll-kolleksjonen for barn',
    slug: 'nyhet-smatroll-kolleksjonen',
    excerpt: 'Slitesterke klær til barn som leker ute i all slags vær.',
    body: '<h2>Laget for lek</h2><p>Den nye kolleksjonen har forsterkede knær, refleks og vannsøyle på 15 000 mm.</p><p><a href="/barn" onclick="alert(1)">Se kolleksjonen</a></p>',
    categories: [2, 5],
    groups3: [121, 122, 123],
    daysAgo: 8,
  },
  {
    title: 'Løpesko for vinterføre',
    slug: 'lopesko-for-vinterfore',
    excerpt: 'Piggsko eller brodder? Slik løper du trygt på is og snø.',
    body: '<h2>Grep på isen</h2><p>Piggsko gir best grep på blank is, mens brodder kan tres over vanlige løpesko.</p><table><tr><th>Underlag</th><th>Anbefaling</th></tr><tr><td>Is</td><td>Piggsko</td></tr><tr><td>Snø</td><td>Terrengløpesko</td></tr></table>',
    categories: [1],
    groups3: [222, 202],
    daysAgo: 25,
  },
  {
    title: 'Pakkeliste for skiferien',
    slug: 'pakkeliste-for-skiferien',
    excerpt: 'Alt du trenger til en uke i bakken, fra goggles til ullsokker.',
    body: '<h2>Pakkeliste</h2><ul><li>Alpinhjelm og goggles</li><li>Skalljakke og skallbukse</li><li>Ullundertøy</li><li>Skisokker</li><li>Staver i riktig lengde</li></ul><p>Tips: staven skal nå til albuen når du holder den opp ned.</p><svg onload="alert(1)"><circle r="10"></circle></svg>',
    categories: [4],
    groups3: [411, 421, 343],
    daysAgo: 15,
  },
  {
    title: 'Gummistøvler: fôret eller ufôret?',
    slug: 'gummistovler-foret-eller-uforet',
    excerpt: 'Slik velger du riktige gummistøvler til barna gjennom året.',
    body: '<h2>Til vår og sommer</h2><p>Ufôrede støvler med ullsokker er fleksibelt.</p><h2>Til høst og vinter</h2><p>Fôrede støvler holder tærne varme ned mot null grader.</p><p><a href="/sko/gummistovler">Se alle gummistøvler</a></p>',
    categories: [2],
    groups3: [241, 242, 341],
    daysAgo: 55,
  },
];

/** A poll with questions; the first option index in `correct` is the right answer. */
export interface PollData {
  id: number;
  name: string;
  description: string;
  active: boolean;
  questions: ReadonlyArray<{ question: string; options: readonly string[]; correct: number }>;
}

/** One active and one inactive quiz about outdoor life. */
export const polls: readonly PollData[] = [
  {
    id: 1,
    name: 'Friluftsquiz',
    description:
      'Hvor godt kjenner du friluftslivet? Svar på fire spørsmål og se hvordan du gjør det.',
    active: true,
    questions: [
      {
        question: 'Hvor mange fjellvettregler finnes det?',
        options: ['7', '9', '10', '12'],
        correct: 1,
      },
      {
        question: 'Hva er Norges høyeste fjell?',
        options: ['Glittertind', 'Snøhetta', 'Galdhøpiggen'],
        correct: 2,
      },
      {
        question: 'Hvilket lag bør være innerst når det er kaldt?',
        options: ['Bomull', 'Ull', 'Dun', 'Skalltøy'],
        correct: 1,
      },
      {
        question: 'Hva står allemannsretten for?',
        options: [
          'Retten til å ferdes fritt i utmark',
          'Retten til å jakte overalt',
          'Retten til gratis hytteleie',
        ],
        correct: 0,
      },
    ],
  },
  {
    id: 2,
    name: 'Vinterquiz',
    description: 'En liten quiz om ski og vinter.',
    active: false,
    questions: [
      {
        question: 'Hvor lang skal en alpinstav være?',
        options: ['Til skulderen', 'Til albuen når den holdes opp ned', 'Til hoften'],
        correct: 1,
      },
      {
        question: 'Hva betyr MIPS på en hjelm?',
        options: ['Beskyttelse mot rotasjonskrefter', 'Ekstra ventilasjon', 'Innebygd lys'],
        correct: 0,
      },
      {
        question: 'Hvilken linsekategori passer best i flatt lys?',
        options: ['S1', 'S3', 'S4'],
        correct: 0,
      },
    ],
  },
];

/** A brand (tenant) before article ids are known. */
export interface TenantData {
  id: string;
  name: string;
  domain: string;
  company: string;
  orgNo: string;
  companyAddress: { street: string; postalCode: string; city: string };
  menuCategories: readonly number[];
  menuGenders: readonly number[];
  flags: ApiBrandFlags;
  assortment: { genderIds: number[]; mainGroupIds: number[] } | null;
  /** Home slot titles (the generator fills ids). */
  titles: {
    generalPromo: string;
    newspaper: string;
    campaign: string;
    productPromo: string;
    storeSearch: string;
    popularCategories: string;
    grid: string;
  };
}

/**
 * The company behind all three brands, as the Brønnøysund register would list it
 * (fictional; the organisation number passes MOD11).
 */
const seller = {
  company: 'Nordfjell Handel AS',
  orgNo: '918745327',
  companyAddress: { street: 'Fjellvegen 14', postalCode: '2609', city: 'Lillehammer' },
} as const;

/** Brand A (sport and outdoor), brand B (outdoor) and brand C (children's outerwear). */
export const tenants: readonly TenantData[] = [
  {
    id: 'toppfart',
    name: 'Toppfart',
    domain: 'toppfart.no',
    ...seller,
    menuCategories: [1, 2, 3, 4],
    menuGenders: [1, 2, 11, 4, 10],
    flags: {
      maintenance: true,
      info: true,
      about: true,
      support: true,
      supportLink: true,
      singleLineHeader: false,
      search: 'full',
      childrenPages: false,
    },
    assortment: null,
    titles: {
      generalPromo: 'Bli medlem og få 5 års garanti',
      newspaper: 'Ukens annonse',
      campaign: 'Vintersalg',
      productPromo: 'Populært akkurat nå',
      storeSearch: 'Finn din nærmeste butikk',
      popularCategories: 'Populære kategorier',
      grid: 'Utvalgt for deg',
    },
  },
  {
    id: 'villmark',
    name: 'Villmark',
    domain: 'villmark.no',
    ...seller,
    menuCategories: [1, 2, 3],
    menuGenders: [1, 2, 10, 11, 4],
    flags: {
      maintenance: false,
      info: true,
      about: true,
      support: true,
      supportLink: true,
      singleLineHeader: false,
      search: 'no-icon',
      childrenPages: false,
    },
    assortment: null,
    titles: {
      generalPromo: 'Klar for høstturen?',
      newspaper: 'Ukens annonse',
      campaign: 'Black Week',
      productPromo: 'Nytt på lager',
      storeSearch: 'Butikker nær deg',
      popularCategories: 'Mest kjøpte kategorier',
      grid: 'Våre favoritter',
    },
  },
  {
    id: 'smatroll',
    name: 'Småtroll',
    domain: 'smatroll.no',
    ...seller,
    menuCategories: [1],
    menuGenders: [4, 11],
    flags: {
      maintenance: false,
      info: false,
      about: true,
      support: true,
      supportLink: false,
      singleLineHeader: true,
      search: 'hidden',
      childrenPages: true,
    },
    assortment: { genderIds: [4, 11], mainGroupIds: [1] },
    titles: {
      generalPromo: 'Klær som tåler lek',
      newspaper: 'Ukens annonse',
      campaign: 'Barnehagestart',
      productPromo: 'Nytt til barna',
      storeSearch: 'Finn butikk',
      popularCategories: 'Populært for barn',
      grid: 'Favoritter i barnehagen',
    },
  },
];

/** Social feed captions; pictures are `/images/social/{n}.jpg`. */
export const socialCaptions: readonly string[] = [
  'Første snøen har kommet! Hvem er klare for vinter? ❄️ #friluftsliv #vinter',
  'Morgentur til Preikestolen med teamet vårt i Stavanger 🌄 #turglede',
  'Barnehagestart? Vi har regnsett i alle regnbuens farger 🌈 #barnehage',
  'Nordlys over butikken vår i Tromsø i går kveld ✨ #nordlys #tromsø',
  'Nye goggles er på plass i alle våre alpinbutikker ⛷️ #alpint',
  'Tips: lukk glidelåsene før du vasker skalljakka 🧺 #vedlikehold',
  'Søndagstur i Nordmarka med kakao på termosen ☕ #søndagstur',
  'Black Week starter nå! Se alle tilbudene på nett 🖤',
  'Ull innerst, alltid. Våre ansatte deler sine favoritter 🐑 #ull',
  'Klikk & Hent: bestill på nett, hent i butikk samme dag 🛍️',
  'Påskefjellet venter. Har du sjekket pakkelista? 🍊 #påske',
  'Takk for en fantastisk sesong i Trysil! 🎿 #trysil',
];
