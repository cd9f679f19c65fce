/**
 * A hostile, second implementation of the `/api/v1` contract, written from `contract/` alone
 * (it imports nothing of `server/` or `src/`): a handful of categories and ~20 articles whose
 * names clash, are empty, overlong, all digits or unsafe, blog posts and categories whose slugs
 * do, malformed items inside otherwise good lists, links to other sites and `javascript:`, and
 * script and event-handler strings in every text field and blog body. Collection endpoints the build never reads (`campaigns/`, `productlines`,
 * `promocodes`) answer HTML. See README.md beside this file.
 */
import { Hono } from 'hono';
import sharp from 'sharp';
import type {
  ApiArticle,
  ApiArticleDetail,
  ApiBestseller,
  ApiBlogCategory,
  ApiBlogPost,
  ApiBrand,
  ApiCampaignWithArticles,
  ApiCategory,
  ApiColorGroup,
  ApiGender,
  ApiGroup,
  ApiHomeSlot,
  ApiPaginated,
  ApiPoll,
  ApiPollAnswer,
  ApiPostalCode,
  ApiSearchHit,
  ApiSearchIdsResponse,
  ApiSearchResponse,
  ApiSettings,
  ApiShippingMethod,
  ApiShop,
  ApiSubcategory,
  ApiTenant,
} from '../../contract/index.ts';

/** Sets `window.__xss` if it ever runs; the browser sweep looks for it. */
export const XSS_IMG = '<img src=x onerror="window.__xss=1">';
/** Opens a dialog if it ever runs; the browser sweep listens for dialogs. */
export const XSS_SCRIPT = '<script>window.__xss=1;alert(1)</script>';
/** Both, for every text field. */
export const EVIL = `${XSS_SCRIPT}${XSS_IMG}`;
const LONG = `Ekstremt lang ${'kategori '.repeat(32)}`.trim().padEnd(300, 'x');

/** A wire item deliberately not of its declared type (a malformed item in a good list). */
const bad = <T>(value: unknown): T => value as T;

// ---- taxonomy ---------------------------------------------------------------------------

const group = (id: number, sub: number, name: string): ApiGroup => ({
  id,
  name,
  articleGroup2ID: sub,
  articleGroup3ID: id,
});

const sub = (id: number, main: number, name: string, groups: ApiGroup[]): ApiSubcategory => ({
  ArticleGroup2ID: id,
  MainGroupID: main,
  Name: name,
  minPrice: 10_000,
  maxPrice: 500_000,
  articlesCount: 5,
  custom: 0,
  groups,
});

const category = (
  id: number,
  name: string,
  subcategories: ApiSubcategory[],
  bannerLink: string | null = null,
): ApiCategory => ({
  id,
  name,
  count: 5,
  banner: 'javascript:alert(1)',
  bannerLink,
  current_page: 1,
  last_page: 1,
  minPrice: 10_000,
  maxPrice: 500_000,
  subcategories,
  availableProductlines: [{ ProductLineID: 1, Name: EVIL }, bad({ Name: 'Produktlinje uten id' })],
});

/** The main groups: ids 1-4 are in toppfart's menu, 5 is not. */
/**
 * A group whose only article is malformed (its price is text): its listing's first page has
 * a total of one and nothing readable.
 */
export const SPOILED_GROUP = 4003;

export const categories: ApiCategory[] = [
  category(
    1,
    'Jakker',
    [
      sub(101, 1, 'Jakker', [group(1001, 101, 'Jakker'), group(1002, 101, 'jakker!')]),
      sub(102, 1, 'jakker!', [group(1003, 102, '')]),
    ],
    '//evil.example/banner',
  ),
  category(
    2,
    'jakker!',
    [
      sub(201, 2, 'Ski/Snowboard', [group(2001, 201, '../etc'), group(2002, 201, '%2F')]),
      sub(202, 2, '', [group(2003, 202, '12345')]),
    ],
    'javascript:alert(1)',
  ),
  category(3, EVIL, [
    sub(301, 3, XSS_IMG, [group(3001, 301, LONG), group(3002, 301, 'herre')]),
    sub(302, 3, LONG, [group(3003, 302, XSS_SCRIPT), bad({ id: 3004, name: 'Uten gruppe-id' })]),
  ]),
  category(4, '12345', [
    sub(401, 4, 'Tekstil', [
      group(4001, 401, 'Goggles'),
      group(4002, 401, '   '),
      group(SPOILED_GROUP, 401, 'Skjerf'),
    ]),
    bad({ MainGroupID: 4, Name: 'Undergruppe uten id', groups: [] }),
  ]),
  category(5, '../etc', [sub(501, 5, '%2F', [group(5001, 501, '//evil.example')])]),
];

/** Every group 3 id with its subcategory and main group. */
const groupHome = new Map(
  categories.flatMap((c) =>
    c.subcategories.flatMap((s) =>
      (s.groups ?? []).map((g) => [g.id, { main: c.id, sub: s.ArticleGroup2ID, group: g }]),
    ),
  ),
);

const genders: ApiGender[] = [
  { id: 1, name: 'Herre' },
  { id: 2, name: 'Dame' },
  { id: 4, name: 'Barn' },
  { id: 10, name: 'Unisex' },
  { id: 11, name: 'Junior' },
  bad({ name: 'Kjønn uten id' }),
];

const colorGroups: ApiColorGroup[] = [
  { id: 1, label: 'Svart', name: 'Svart', hex: '#000000', colorId: 1 },
  { id: 2, label: EVIL, name: EVIL, hex: 'red;background:url(javascript:alert(1))', colorId: 2 },
  bad({ id: '3', name: 'Id som tekst' }),
];

// ---- articles ---------------------------------------------------------------------------

interface Seed {
  id: number;
  name: string;
  group: number;
  gender: number;
  price?: number;
}

/** Names that clash, are empty, all digits, another article's id, unsafe or overlong. */
const seeds: Seed[] = [
  { id: 1, name: 'Jakke', group: 1001, gender: 1 },
  { id: 2, name: 'jakke', group: 1001, gender: 2 },
  { id: 3, name: 'JAKKE!', group: 1002, gender: 1 },
  { id: 4, name: '12345', group: 1003, gender: 2 },
  { id: 5, name: '7', group: 2001, gender: 1 },
  { id: 6, name: '', group: 2001, gender: 10 },
  { id: 7, name: '   ', group: 2002, gender: 11 },
  { id: 8, name: XSS_SCRIPT, group: 2003, gender: 4 },
  { id: 9, name: XSS_IMG, group: 3001, gender: 2 },
  { id: 10, name: '../../etc/passwd', group: 3002, gender: 1 },
  { id: 11, name: '%2F%2Fevil.example', group: 3003, gender: 10 },
  { id: 12, name: '//evil.example', group: 4001, gender: 1 },
  { id: 13, name: 'javascript:alert(1)', group: 4001, gender: 2 },
  { id: 14, name: LONG, group: 4002, gender: 11 },
  { id: 15, name: 'Ski/Snowboard', group: 2001, gender: 2 },
  { id: 16, name: 'Æøå – «Jakke» & "venner"', group: 1001, gender: 4 },
  { id: 17, name: 'product', group: 1002, gender: 10 },
  { id: 18, name: '0', group: 5001, gender: 1 },
  { id: 19, name: '<b>fet</b> jakke\u0000\u202e', group: 2003, gender: 2 },
  { id: 20, name: 'jakke', group: 3001, gender: 1 },
];

/**
 * Pictures a chain's API may name, by article id; the others have a good one. Other schemes
 * and sites, a host the brand does not name, an unparsable URL, and two same-site ones that
 * answer 404 and a huge picture (see `/images/*` below), on articles with pages of their own.
 */
export const HOSTILE_PICTURES: ReadonlyMap<number, string> = new Map([
  [1, 'javascript:alert(1)'],
  [2, '//evil.example/x.jpg'],
  [3, 'http://bilder.example/x.jpg'],
  [4, 'https://evil.example/x.jpg'],
  [5, 'https://[ugyldig/x.jpg'],
  [17, 'data:image/svg+xml,<svg onload=alert(1)>'],
  [15, '/images/finnes-ikke.jpg'],
  [16, '/images/enorm.jpg'],
]);

function article(seed: Seed): ApiArticle {
  const home = groupHome.get(seed.group);
  const main = categories.find((c) => c.id === home?.main);
  const subcategory = main?.subcategories.find((s) => s.ArticleGroup2ID === home?.sub);
  return {
    id: seed.id,
    ArticleNo: `A-${seed.id}${EVIL}`,
    name: seed.name,
    description: `Beskrivelse ${EVIL}`,
    price: seed.price ?? 19_990.5 + seed.id * 1000,
    originalPrice: 29_900 + seed.id * 1000,
    pant: null,
    brand: EVIL,
    brandId: 1,
    brands: [{ id: 1, name: EVIL }],
    colors: [
      { id: 1, name: EVIL, hex: '#000000', colorCode: EVIL },
      bad({ name: 'Farge uten id' }),
    ],
    colorGroups: [colorGroups[0]!, colorGroups[1]!],
    gender: genders.find((g) => g.id === seed.gender)?.name ?? '',
    genderId: seed.gender,
    genders: [genders.find((g) => g.id === seed.gender)!],
    category: main?.name ?? '',
    mainGroupId: main?.id ?? 0,
    categories: [main?.name ?? ''],
    subcategories: [subcategory?.Name ?? ''],
    articleGroup2ID: home?.sub ?? 0,
    articleGroup3ID: seed.group,
    group2: subcategory?.Name ?? '',
    group3: home?.group.name ?? '',
    productLineId: 1,
    purchasableOnWeb: 1,
    customLabel: EVIL,
    image: HOSTILE_PICTURES.get(seed.id) ?? `/images/articles/${String(seed.id)}.jpg`,
    shops: [1, 55],
    available: [1, 55],
    featured: seed.id % 3 === 0,
    campaigns: [
      {
        id: 1,
        campaignId: 1,
        articleId: seed.id,
        price: 9_990,
        labelType: EVIL,
        labelData: `{"text":"${XSS_IMG.replaceAll('"', '\\"')}","color":"red;}</style><script>alert(1)</script>"}`,
        labelText: EVIL,
        start: '2020-01-01T00:00:00Z',
        end: '2099-01-01T00:00:00Z',
      },
      bad({ campaignId: 1, price: 'gratis' }),
    ],
    averageRating: 4.5,
    webPurchaseLimit: 5,
    bestsellerQty: seed.id,
    bestsellerTurnover: seed.id,
    onlyCC: 0,
    season: EVIL,
    frightPrice: null,
    visible: true,
  };
}

/** The well-formed articles. */
export const articles = seeds.map(article);

/** Malformed items that the fixture puts inside otherwise good lists. */
const malformedArticles: unknown[] = [
  { ...article({ id: 21, name: 'Uten id', group: 1001, gender: 1 }), id: undefined },
  { ...article({ id: 22, name: 'Pris som tekst', group: 1001, gender: 1 }), price: '299' },
  { ...article({ id: 23, name: 'x', group: 1001, gender: 1 }), name: null },
  '<html><body>Ikke en artikkel</body></html>',
  null,
];

const spoiledArticle = {
  ...article({ id: 24, name: 'Skjerf', group: SPOILED_GROUP, gender: 1 }),
  price: 'gratis',
};

/** Ids whose detail answers are malformed (price as text, name missing). */
const malformedDetailIds = [22, 23];

function detail(a: ApiArticle): ApiArticleDetail {
  const color = { id: 1, name: EVIL, hex: '#000000', colorCode: 'BLK', image: a.image };
  return {
    ...a,
    articleId: a.id,
    articleNo: a.ArticleNo,
    techDescription: `Teknisk ${EVIL}`,
    nutrientContent: EVIL,
    washLabel: [EVIL],
    careLabel: ['javascript:alert(1)'],
    dateCreated: '2024-01-01T00:00:00Z',
    variants: [
      {
        id: a.id * 10,
        ean: `70000000${a.id}`,
        availability: 2,
        shops: [{ id: 55, qty: 3 }],
        size: { id: 1, name: EVIL },
        color,
      },
      bad({ id: a.id * 10 + 1, size: { id: 2, name: 'L' }, color }),
    ],
    reviews: [
      {
        id: a.id,
        content: EVIL,
        reply: EVIL,
        customer: EVIL,
        rating: 5,
        approved: 1,
        created_at: '2024-02-01T00:00:00Z',
        reviewable_id: a.id,
        reviewable_type: 'article',
        true_to_size: 0,
        size_color: EVIL,
        anonymous: 0,
      },
      bad({ content: 'Anmeldelse uten id' }),
    ],
    sizes: [{ id: 1, name: EVIL }],
    size_colors: { '1': [1] },
    availability: {
      articleId: a.id,
      variants: [{ id: a.id * 10, ean: `70000000${a.id}`, availability: 2, shops: [] }],
    },
  };
}

// ---- shops, settings, campaigns ----------------------------------------------------------

const shop = (id: number, name: string, isWebShop: 0 | 1 = 0): ApiShop => ({
  id,
  no: String(id),
  name,
  fullName: `${name} ${EVIL}`,
  orgNo: EVIL,
  description: EVIL,
  openingHours: `Man-Fre 1000-2000, ${EVIL}`,
  mapLink: 'javascript:alert(1)',
  postNo: '0150',
  postPlace: EVIL,
  address: EVIL,
  email: `"><script>alert(1)</script>@example.no`,
  phone: 'javascript:alert(1)',
  messengerId: EVIL,
  chain: 1,
  latitude: 59.91,
  longitude: 10.75,
  isWebShop,
});

const shops: ApiShop[] = [
  shop(1, EVIL),
  shop(2, '../etc'),
  shop(55, 'Nettbutikk', 1),
  bad({ name: 'Butikk uten id' }),
];

const postalCodes: ApiPostalCode[] = [
  { code: '0150', place: EVIL, CoordLat: 59.91, CoordLong: 10.75 },
  bad({ code: '9999', place: 'Uten koordinater' }),
];

const shippingMethods: ApiShippingMethod[] = [
  {
    id: 'delivery',
    name: EVIL,
    description: EVIL,
    price: 19_900,
    isDefault: 1,
    requiresShop: 0,
    deliveryDays: { min: 2, max: 4 },
  },
  {
    id: 'pickup',
    name: 'Klikk & Hent',
    description: EVIL,
    price: 0,
    isDefault: 0,
    requiresShop: 1,
    deliveryDays: null,
  },
  bad({ id: 'express', name: 'Pris som tekst', price: '99' }),
];

const bestsellers: ApiBestseller[] = [
  { article_id: 1, qty_rank: 1, turnover_rank: 2 },
  bad({ article_id: 2, qty_rank: 'først' }),
];

const brands: ApiBrand[] = [{ id: 1, name: EVIL, count: 20 }, bad({ name: 'Merke uten id' })];

const tenant: ApiTenant = {
  id: 'toppfart',
  chainId: 1,
  name: 'Toppfart',
  domain: 'www.toppfart.no',
  supportEmail: 'kundeservice@example.no',
  company: EVIL,
  orgNo: EVIL,
  companyAddress: { street: EVIL, postalCode: '0150', city: EVIL },
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
};

const slot = (
  type: ApiHomeSlot['type'],
  ids: number[],
  link: string | null,
  image: string | null = null,
): ApiHomeSlot => ({ type, title: EVIL, ids, link, image });

const home: ApiHomeSlot[] = [
  slot('generalPromo', [], '//evil.example', 'javascript:alert(1)'),
  slot('newspaper', [1], 'javascript:alert(1)'),
  slot('campaign', [1], '/\\evil.example'),
  slot('productPromo', [1, 2, 9, 999_999], 'data:text/html,<script>alert(1)</script>'),
  slot('storeSearch', [], ' java\tscript:alert(1)'),
  slot('popularCategories', [1, 2, 3, 4, 5, 999], 'https://example.no/ok'),
  slot('grid', [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], '/jakker'),
  bad({ type: 'grid', title: 'Uten ids', link: '//evil.example' }),
];

const settings: ApiSettings = {
  tenant: 'toppfart',
  home,
  previews: {
    'jul/salg': home,
    'Jul Salg': [slot('grid', [1, 2], '//evil.example')],
    '../etc': [slot('productPromo', [3], 'javascript:alert(1)')],
    '': [slot('grid', [4], null)],
    [XSS_SCRIPT]: [slot('grid', [5], null)],
  },
};

const campaigns: ApiCampaignWithArticles[] = [
  {
    id: 1,
    name: EVIL,
    shortDescription: EVIL,
    description: EVIL,
    start: '2020-01-01T00:00:00Z',
    end: '2099-01-01T00:00:00Z',
    count: 3,
    image: 'javascript:alert(1)',
    imageMobile: '//evil.example/x.png',
    showLabel: 1,
    showImage: 1,
    labelText: EVIL,
    url: '//evil.example',
    items: [1, 2, 3].map((articleId) => ({
      id: articleId,
      campaignId: 1,
      articleId,
      price: 9_990,
      labelType: EVIL,
      labelData: '{not json',
      labelText: EVIL,
      start: '2020-01-01T00:00:00Z',
      end: '2099-01-01T00:00:00Z',
    })),
    articles: [...articles.slice(0, 3), ...bad<ApiArticle[]>(malformedArticles)],
  },
  bad({ name: 'Kampanje uten id', items: [], articles: [] }),
];

// ---- blog -------------------------------------------------------------------------------

/** A body with every kind of unsafe markup, links to other sites and to pages no build has. */
const EVIL_BODY = [
  `<h1>${EVIL}</h1><p onclick="window.__xss=1" style="color:red">Tekst ${EVIL}</p>`,
  '<a href="javascript:alert(1)">js</a> <a href="//evil.example/x">ekstern</a>',
  '<a href="/\\evil.example">skråstrek</a> <a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<a href=" java\tscript:alert(1)">tab</a> <a href="/finnes-ikke">borte</a> <a href="/blogg/borte">borte</a>',
  '<img src="javascript:alert(1)"><img src="//evil.example/x.png"><img src="http://evil.example/x.png">',
  '<img src="/images/blog/1.svg" alt="Bilde" onload="window.__xss=1">',
  '<iframe src="javascript:alert(1)"></iframe><svg onload="window.__xss=1"><circle r="1"/></svg>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">Send</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=\'window.__xss=1\'>"></noscript>',
].join('');

/** Categories whose names and slugs are unsafe or clash; one without a name. */
const blogCategories: ApiBlogCategory[] = [
  { id: 1, slug: 'jakker', name: EVIL, postsCount: 3 },
  { id: 2, slug: 'Jakker!', name: 'Jakker', postsCount: 1 },
  { id: 3, slug: '', name: '../etc', postsCount: 0 },
  { id: 4, slug: '//evil.example', name: 'Ingen innlegg', postsCount: 7 },
  bad({ id: 5, slug: 'uten-navn' }),
];

const blogPost = (
  id: number,
  title: string,
  slug: string,
  more: Partial<ApiBlogPost> = {},
): ApiBlogPost => ({
  id,
  title,
  slug,
  excerpt: `Utdrag ${EVIL}`,
  body: EVIL_BODY,
  featuredImage: '/images/blog/1.svg',
  mainArticle: 1,
  relatedArticles: [2, 9, 22],
  categories: [{ id: 1, slug: 'jakker', name: EVIL }],
  published_at: `2026-0${String((id % 9) + 1)}-01T08:00:00Z`,
  ...more,
});

/** Posts whose slugs clash, are empty, reserved, digits or unsafe, and malformed items. */
export const blogPosts: ApiBlogPost[] = [
  blogPost(1, 'Jakke-guiden', 'jakke'),
  blogPost(2, 'Jakke-guiden 2', 'jakke', { categories: [{ id: 2, slug: 'x', name: 'Jakker' }] }),
  blogPost(3, EVIL, '', { featuredImage: 'javascript:alert(1)', published_at: 'ikke en dato' }),
  blogPost(4, 'Sidene', 'side', { featuredImage: '//evil.example/x.png', mainArticle: 999_999 }),
  blogPost(5, 'Tall', '12345', { relatedArticles: bad([1, 'x', null, -3]), published_at: '' }),
  blogPost(6, '../../etc/passwd', '../../etc/passwd', {
    categories: [
      { id: 3, slug: '', name: '../etc' },
      { id: 99, slug: 'finnes-ikke', name: 'Ukjent kategori' },
    ],
  }),
  blogPost(7, '//evil.example', '//evil.example', { featuredImage: null, mainArticle: null }),
  bad({ ...blogPost(8, '', 'uten-tittel'), title: undefined }),
];

/** Malformed items inside the posts' page. */
const malformedPosts: unknown[] = [null, '<html><body>Ikke et innlegg</body></html>', { id: 'x' }];

// ---- search -----------------------------------------------------------------------------

/** The `IN [...]` lists of the filter fields the fixture honours; other fields are ignored. */
function matches(filters: string | undefined, a: ApiArticle): boolean {
  if (!filters) return true;
  const fields: Record<string, (a: ApiArticle) => number> = {
    GenderID: (x) => x.genderId,
    ArticleGroup3ID: (x) => x.articleGroup3ID,
    ArticleGroup2ID: (x) => x.articleGroup2ID,
    MainGroupID: (x) => x.mainGroupId,
  };
  for (const [, field, not, list] of filters.matchAll(/(\w+) (NOT )?IN \[([^\]]*)\]/gu)) {
    const get = fields[field ?? ''];
    if (!get) continue;
    const ids = (list ?? '').split(',').map(Number);
    if (ids.includes(get(a)) === Boolean(not)) return false;
  }
  for (const [, field, value] of filters.matchAll(/(\w+) = (\d+)/gu)) {
    const get = fields[field ?? ''];
    if (get && get(a) !== Number(value)) return false;
  }
  return true;
}

const byName = (a: ApiArticle, b: ApiArticle) => a.name.localeCompare(b.name, 'nb') || a.id - b.id;

const html = '<!doctype html><html><body><h1>Vedlikehold</h1></body></html>';

let photoBytes: Promise<Uint8Array<ArrayBuffer>> | undefined;
let hugeBytes: Promise<Uint8Array<ArrayBuffer>> | undefined;

/** A plain 800 px JPEG, made once. */
function photo(): Promise<Uint8Array<ArrayBuffer>> {
  photoBytes ??= sharp({
    create: { width: 800, height: 800, channels: 3, background: { r: 90, g: 110, b: 130 } },
  })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));
  return photoBytes;
}

/** A 6,000 px JPEG of noise (which does not compress), made once. */
function huge(): Promise<Uint8Array<ArrayBuffer>> {
  hugeBytes ??= sharp({
    create: {
      width: 6000,
      height: 6000,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer()
    .then((b) => new Uint8Array(b));
  return hugeBytes;
}

/** The fixture as a Hono app answering `/api/v1/*`, `/sanctum/csrf-cookie` and `/images/*`. */
export function createHostileApi(): Hono {
  const app = new Hono();
  const api = new Hono();

  api.get('/categories', (c) => c.json([...categories, bad({ name: 'Uten id' }), 'kategori']));
  api.get('/categories/:id/articles', (c) => {
    const id = Number(c.req.param('id'));
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const perPage = Math.max(1, Number(c.req.query('per_page') ?? 20) || 20);
    const gendersParam = c.req.query('genders');
    const wanted = gendersParam ? gendersParam.split(',').map(Number) : null;
    const rows = articles
      .filter((a) => a.mainGroupId === id && (!wanted || wanted.includes(a.genderId)))
      .sort(byName);
    const total = rows.length;
    const data = rows.slice((page - 1) * perPage, page * perPage);
    const answer: ApiPaginated<ApiArticle> = {
      // Malformed items inside an otherwise good page.
      data: [...data, ...bad<ApiArticle[]>(malformedArticles)],
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
        from: data.length ? (page - 1) * perPage + 1 : null,
        to: data.length ? (page - 1) * perPage + data.length : null,
      },
    };
    return c.json(answer);
  });
  api.get('/subcategories/:id/groups', (c) => {
    const id = Number(c.req.param('id'));
    const found = categories.flatMap((x) => x.subcategories).find((s) => s.ArticleGroup2ID === id);
    return c.json(found?.groups ?? []);
  });
  api.get('/subcategories/:id/articles', (c) =>
    c.json(articles.filter((a) => a.articleGroup2ID === Number(c.req.param('id')))),
  );
  api.get('/articles/brand', (c) => c.json(brands));
  api.get('/articles/bundle', (c) => {
    const ids = (c.req.query('articles') ?? '').split(',').map(Number);
    return c.json([
      ...articles.filter((a) => ids.includes(a.id)),
      ...bad<ApiArticle[]>(malformedArticles),
    ]);
  });
  api.get('/articles/availability/:id', (c) => {
    const a = articles.find((x) => x.id === Number(c.req.param('id')));
    if (!a) return c.json({ message: 'Not found.' }, 404);
    return c.json(detail(a).availability);
  });
  api.get('/articles/:id', (c) => {
    const id = Number(c.req.param('id'));
    const a = articles.find((x) => x.id === id);
    if (a) return c.json(detail(a));
    // 22: price as text, 23: no name (malformedArticles[1] and [2]); 24: the spoiled group's.
    const broken = malformedDetailIds.includes(id)
      ? malformedArticles[id - 21]
      : id === spoiledArticle.id
        ? spoiledArticle
        : undefined;
    if (broken) return c.json(broken);
    return c.json({ message: 'Not found.' }, 404);
  });
  const search = async (body: { take?: number; page?: number; filters?: string }) => {
    const rows = [...articles, spoiledArticle as unknown as ApiArticle]
      .filter((a) => matches(body.filters, a))
      .sort(byName);
    const take = Math.min(1000, Math.max(1, Number(body.take) || 1000));
    const page = Math.max(0, Number(body.page) || 0);
    return { rows, pageRows: rows.slice(page * take, (page + 1) * take) };
  };
  api.post('/articles/search', async (c) => {
    const { rows, pageRows } = await search(await c.req.json());
    const hits: ApiSearchHit[] = [
      ...pageRows.map((a) => ({ _id: String(a.id), _score: 1, _source: a })),
      ...bad<ApiSearchHit[]>(malformedArticles.map((m) => ({ _id: 'x', _score: 1, _source: m }))),
    ];
    const answer: ApiSearchResponse = {
      hits: { total: { value: rows.length, relation: 'eq' }, hits },
    };
    return c.json(answer);
  });
  api.post('/articles/searchids', async (c) => {
    const { rows } = await search(await c.req.json());
    // The ids are the answer's own field, not items: a non-number among them makes the whole
    // answer not the contract (it fails the build), so the fixture sends numbers only.
    const answer: ApiSearchIdsResponse = {
      ids: [...rows.map((a) => a.id), ...malformedDetailIds],
      total: rows.length + malformedDetailIds.length,
    };
    return c.json(answer);
  });
  api.get('/genders', (c) => c.json(genders));
  api.get('/colorgroups', (c) => c.json(colorGroups));
  api.get('/shops', (c) => c.json(shops));
  api.get('/postalcodes', (c) => c.json(postalCodes));
  api.get('/postalcodes/:code', (c) => {
    const found = postalCodes.find((p) => p.code === c.req.param('code'));
    return found ? c.json(found) : c.json({ message: 'Not found.' }, 404);
  });
  api.get('/shipping_methods', (c) => c.json(shippingMethods));
  api.get('/bestsellers', (c) => c.json(bestsellers));
  api.get('/tenant/get', (c) => c.json(tenant));
  api.get('/settings', (c) => c.json(settings));
  api.get('/campaigns/combined/articles', (c) => c.json({ data: campaigns }));
  api.get('/blog/posts', (c) => {
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const perPage = Math.max(1, Number(c.req.query('per_page') ?? 10) || 10);
    const rows = blogPosts.slice((page - 1) * perPage, page * perPage);
    const answer: ApiPaginated<ApiBlogPost> = {
      data: [...rows, ...bad<ApiBlogPost[]>(malformedPosts)],
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(blogPosts.length / perPage)),
        per_page: perPage,
        total: blogPosts.length,
        from: rows.length ? (page - 1) * perPage + 1 : null,
        to: rows.length ? (page - 1) * perPage + rows.length : null,
      },
    };
    return c.json(answer);
  });
  api.get('/blog/categories', (c) => c.json(blogCategories));
  // Polls: the active one has script strings in every text, banners of another site and a
  // script URL, and malformed questions and options; poll 2 has no name (the build skips it
  // as 'Missing data' where it meets it; the shell shows it as not found).
  const poll: ApiPoll = {
    id: 1,
    name: `Quiz ${EVIL}`,
    description: EVIL,
    bannerDesktop: 'javascript:alert(1)',
    bannerMobile: '//evil.example/banner.png',
    questions: [
      {
        id: 1,
        question: EVIL,
        options: [{ id: 1, text: EVIL }, { id: 2, text: 'Nei' }, bad({ text: 'Uten id' })],
      },
      bad({ question: 'Spørsmål uten id', options: [{ id: 3, text: 'Ja' }] }),
      { id: 2, question: 'Spørsmål uten svar', options: [] },
      bad(EVIL),
    ],
  };
  api.get('/polls/active', (c) => c.json(poll));
  api.get('/polls/:id/answers', (c) => c.json<ApiPollAnswer[]>([]));
  api.get('/polls/:id', (c) => {
    const id = c.req.param('id');
    if (id === '1') return c.json(poll);
    if (id === '2') return c.json(bad<ApiPoll>({ id: 2, description: EVIL, questions: [] }));
    return c.json({ message: 'Poll not found.' }, 404);
  });
  // Collections the build does not read answer HTML, as a broken proxy would.
  for (const path of ['/campaigns', '/campaigns/', '/productlines', '/promocodes']) {
    api.get(path, (c) => c.html(html));
  }
  api.all('*', (c) => c.json({ message: 'Not found.' }, 404));

  app.get('/sanctum/csrf-cookie', (c) => {
    c.header('Set-Cookie', 'XSRF-TOKEN=hostile-token; Path=/; SameSite=Lax');
    return c.body(null, 204);
  });
  app.get('/images/finnes-ikke.jpg', (c) => c.json({ message: 'Not found.' }, 404));
  // 6,000 px a side and some megabytes, as a chain's original upload may be: the image
  // service must scale it, and the page must not wait for it.
  app.get('/images/enorm.jpg', async (c) =>
    c.body(await huge(), 200, { 'Content-Type': 'image/jpeg' }),
  );
  app.get('/images/*', async (c) =>
    c.req.path.endsWith('.svg')
      ? c.body(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
          200,
          { 'Content-Type': 'image/svg+xml' },
        )
      : c.body(await photo(), 200, { 'Content-Type': 'image/jpeg' }),
  );
  app.route('/api/v1', api);
  return app;
}
