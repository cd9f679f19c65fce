import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApiArticle,
  ApiArticleDetail,
  ApiCampaign,
  ApiCampaignArticleIds,
  ApiCampaignItem,
} from '../../../contract/index.ts';
import {
  COLOR_PICTURES_KIND,
  MISSING_IMAGE,
  parseLabelData,
  toArticle,
  toArticleDetail,
  toArticlePictures,
  toCampaign,
  toCampaignItem,
  toCampaignWithArticleIds,
  toCampaignWithArticles,
  toReview,
  toVariant,
} from './article.ts';
import { mapList, resetSkipped, skippedCounts } from './common.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

function item(overrides: Partial<ApiCampaignItem> = {}): ApiCampaignItem {
  return {
    id: 1,
    campaignId: 3,
    articleId: 100,
    price: 39920.4,
    labelType: 'percent',
    labelData: '{"text":"-20%","color":"#c00"}',
    labelText: 'Black Week',
    start: '2026-11-01T00:00:00Z',
    end: '2026-12-01T00:00:00Z',
    ...overrides,
  };
}

function article(overrides: Partial<ApiArticle> = {}): ApiArticle {
  return {
    id: 100,
    ArticleNo: 'A-100',
    name: 'Vinterjakke',
    description: 'Varm jakke',
    price: 49900.6,
    originalPrice: 59900,
    pant: null,
    brand: 'Fjell',
    brandId: 4,
    brands: [{ id: 4, name: 'Fjell' }],
    colors: [{ id: 1, name: 'Rød', hex: '#c00000', colorCode: 'RD' }],
    colorGroups: [{ id: 2, label: 'Rød', name: 'rod', hex: '#c00000', colorId: 1 }],
    gender: 'Barn',
    genderId: 4,
    genders: [{ id: 4, name: 'Barn' }],
    category: 'Tekstil',
    mainGroupId: 1,
    categories: ['Tekstil', 'Sko'],
    subcategories: ['Jakker'],
    articleGroup2ID: 10,
    articleGroup3ID: 100,
    group2: 'Jakker',
    group3: 'Vinterjakker',
    productLineId: null,
    purchasableOnWeb: 1,
    customLabel: '',
    image: '/images/articles/100.svg',
    shops: [1, 55],
    available: [55],
    featured: false,
    campaigns: [],
    averageRating: null,
    webPurchaseLimit: 5,
    bestsellerQty: null,
    bestsellerTurnover: null,
    onlyCC: 0,
    season: 'V26',
    frightPrice: null,
    visible: true,
    ...overrides,
  };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('toArticle', () => {
  it('applies the list-shape rules of docs/spec.md §3', () => {
    const a = toArticle(article(), NOW);
    expect(a).toMatchObject({
      id: 100,
      price: 49901,
      originalPrice: 59900,
      // The article has no `priorPrice`: an API without one documents no reduction.
      priorPrice: null,
      pant: 0,
      canPurchase: true,
      customLabel: null,
      campaignLabelType: null,
      frightPrice: 9900,
      bestsellerQty: 9999,
      bestsellerTurnover: 9999,
      category: 'Klær',
      categories: ['Klær', 'Sko'],
      onlyCC: false,
      visible: true,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each<[Partial<ApiArticle>, Partial<ReturnType<typeof toArticle>>]>([
    [{ pant: 250.5 }, { pant: 251 }],
    [{ price: 100.49 }, { price: 100 }],
    [{ priorPrice: 59899.5 }, { priorPrice: 59900 }],
    [{ priorPrice: null }, { priorPrice: null }],
    [{ purchasableOnWeb: 0 }, { canPurchase: false }],
    [{ customLabel: 'Nyhet' }, { customLabel: 'Nyhet' }],
    [{ customLabel: null }, { customLabel: null }],
    [{ frightPrice: 0 }, { frightPrice: 0 }],
    [{ frightPrice: 4900 }, { frightPrice: 4900 }],
    [
      { bestsellerQty: 3, bestsellerTurnover: 7 },
      { bestsellerQty: 3, bestsellerTurnover: 7 },
    ],
    [{ onlyCC: 1 }, { onlyCC: true }],
    [{ visible: false }, { visible: false }],
    [{ category: 'Sko' }, { category: 'Sko' }],
  ])('%j -> %j', (overrides, expected) => {
    expect(toArticle(article(overrides), NOW)).toMatchObject(expected as object);
  });

  it('takes campaignLabelType from the cheapest campaign', () => {
    const a = toArticle(
      article({
        campaigns: [
          item({ id: 1, price: 40000, labelType: 'percent' }),
          item({ id: 2, price: 35000, labelType: 'fixed' }),
          item({ id: 3, price: 35000, labelType: 'later-equal' }),
        ],
      }),
      NOW,
    );
    expect(a?.campaignLabelType).toBe('fixed');
    expect(a?.campaigns.map((c) => c.price)).toEqual([40000, 35000, 35000]);
  });

  it.each([[{ id: undefined }], [{ name: undefined }], [{ price: 'free' }], [{ id: '100' }]])(
    'skips and logs an article lacking required data: %j',
    (broken) => {
      const wire = { ...article(), ...broken } as unknown as ApiArticle;
      expect(toArticle(wire, NOW)).toBeNull();
      expect(warn).toHaveBeenCalledWith('Missing data', expect.stringMatching(/^article /), wire);
    },
  );

  it.each(['javascript:alert(1)', '//evil.example/x.png', 'https://cdn.example/x.png', ''])(
    'shows the missing-image picture instead of the image %j',
    (image) => {
      expect(toArticle(article({ image }), NOW)?.image).toBe(MISSING_IMAGE);
    },
  );

  it('keeps the good articles of a list', () => {
    const wires = [article({ id: 1 }), { name: 'x' } as unknown as ApiArticle, article({ id: 2 })];
    expect(mapList(wires, (a) => toArticle(a, NOW)).map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('campaign labels', () => {
  it.each([
    ['Klikk & Hent', '2026-11-22T00:00:00Z', 'Ukens annonse!'], // pending
    ['Klikk & Hent', '2026-11-20T00:00:00Z', 'Klikk & Hent'], // running
    ['Klikk & Hent', '2026-11-21T12:00:00Z', 'Klikk & Hent'], // starts now
    [' Klikk & Hent ', '2026-12-01T00:00:00Z', 'Ukens annonse!'],
    ['Black Week', '2026-12-01T00:00:00Z', 'Black Week'],
    ['Klikk & Hent', 'not a date', 'Klikk & Hent'],
  ])('%j starting %s shows %j', (labelText, start, shown) => {
    expect(toCampaignItem(item({ labelText, start }), NOW)?.labelText).toBe(shown);
    const campaign: ApiCampaign = {
      id: 3,
      name: 'Kampanje',
      shortDescription: '',
      description: '',
      start,
      end: '2027-01-01T00:00:00Z',
      count: 2,
      image: null,
      imageMobile: null,
      showLabel: 1,
      showImage: 0,
      labelText,
      url: null,
    };
    expect(toCampaign(campaign, NOW)).toMatchObject({
      labelText: shown,
      showLabel: true,
      showImage: false,
    });
  });

  it('marks a future campaign as pending', () => {
    const wire = { ...item(), name: 'K', start: '2026-12-01T00:00:00Z' } as unknown as ApiCampaign;
    expect(toCampaign(wire, NOW)?.pending).toBe(true);
    expect(toCampaign({ ...wire, start: '2026-11-01T00:00:00Z' }, NOW)?.pending).toBe(false);
  });

  it('maps a campaign with articles and drops broken rows', () => {
    const wire = {
      ...item(),
      name: 'K',
      items: [item(), { id: 9 } as unknown as ApiCampaignItem],
      articles: [article(), {} as ApiArticle],
    } as unknown as Parameters<typeof toCampaignWithArticles>[0];
    const mapped = toCampaignWithArticles(wire, NOW);
    expect(mapped?.items).toHaveLength(1);
    expect(mapped?.articles).toHaveLength(1);
  });

  it("maps a campaign with its articles' ids, each once where it first stands", () => {
    const wire = { ...item(), name: 'K', articleIds: [7, 3, 7, 2.5, '9', 3, 1] };
    const mapped = toCampaignWithArticleIds(wire as unknown as ApiCampaignArticleIds, NOW);
    expect(mapped?.articleIds).toEqual([7, 3, 1]);
    expect(mapped?.name).toBe('K');
    const without = { ...wire, articleIds: 'none' } as unknown as ApiCampaignArticleIds;
    expect(toCampaignWithArticleIds(without, NOW)?.articleIds).toEqual([]);
    expect(toCampaignWithArticleIds({ articleIds: [1] } as ApiCampaignArticleIds, NOW)).toBeNull();
  });
});

describe('parseLabelData', () => {
  it.each([
    ['{"text":"-30%","color":"#c00"}', { text: '-30%', color: '#c00' }, false],
    ['', null, false],
    [null, null, false],
    ['{bad json', null, true],
    ['[1,2]', null, true],
    ['"text"', null, true],
  ])('%j -> %j', (raw, expected, logged) => {
    expect(parseLabelData(raw)).toEqual(expected);
    expect(warn).toHaveBeenCalledTimes(logged ? 1 : 0);
  });

  it('is what toCampaignItem stores', () => {
    expect(toCampaignItem(item({ labelData: 'oops' }), NOW)?.labelData).toBeNull();
    expect(toCampaignItem(item(), NOW)?.labelData).toEqual({ text: '-20%', color: '#c00' });
  });
});

describe('detail mappers', () => {
  const variant = {
    id: 7,
    ean: '7040000000001',
    availability: 2,
    shops: [{ id: 55, qty: 3 }],
    size: { id: 1, name: 'M' },
    color: { id: 1, name: 'Rød', hex: '#c00000', colorCode: 'RD', image: '/v/7.svg' },
  };
  const review = {
    id: 5,
    content: 'Fin',
    reply: null,
    customer: null,
    rating: 4,
    approved: 1 as const,
    created_at: '2026-10-01T10:00:00Z',
    reviewable_id: 100,
    reviewable_type: 'article' as const,
    true_to_size: 0 as const,
    size_color: 'M / Rød',
    anonymous: 1 as const,
  };

  it('maps variants and reviews', () => {
    expect(toVariant(variant)).toEqual(variant);
    const offSite = { ...variant, color: { ...variant.color, image: '//evil.example/v.png' } };
    expect(toVariant(offSite)?.color.image).toBe('');
    expect(toVariant({ ...variant, ean: undefined } as unknown as typeof variant)).toBeNull();
    expect(toReview(review)).toEqual({ ...review, approved: true, anonymous: true });
  });

  it('adds the detail fields to the list shape', () => {
    const wire: ApiArticleDetail = {
      ...article(),
      articleId: 100,
      articleNo: 'A-100',
      techDescription: 'Vannsøyle 15 000 mm',
      nutrientContent: null,
      washLabel: ['40'],
      careLabel: ['Ikke tørketrommel'],
      dateCreated: '2026-01-01',
      variants: [variant, { id: 8 } as unknown as typeof variant],
      reviews: [review],
      sizes: [{ id: 1, name: 'M' }],
      size_colors: { '1': [1] },
      availability: { articleId: 100, variants: [] },
    };
    const detail = toArticleDetail(wire, NOW);
    expect(detail).toMatchObject({
      id: 100,
      category: 'Klær',
      price: 49901,
      techDescription: 'Vannsøyle 15 000 mm',
      washLabel: ['40'],
      size_colors: { '1': [1] },
    });
    expect(detail?.variants).toHaveLength(1);
    expect(detail?.reviews).toHaveLength(1);
    expect(toArticleDetail({ ...wire, name: undefined } as unknown as ApiArticleDetail)).toBeNull();
  });
});

type WirePictures = NonNullable<ApiArticleDetail['pictures']>;

describe('article pictures', () => {
  const color = (id: number, image: string) => ({
    id,
    name: `Farge ${String(id)}`,
    hex: null,
    colorCode: '',
    image,
  });
  const variantOf = (
    id: number,
    colorId: number,
    image = `/images/articles/100/${String(colorId)}-front.jpg`,
  ) => ({
    id,
    ean: `70400000000${String(id)}`,
    availability: 1,
    shops: [],
    size: { id: 1, name: 'M' },
    color: color(colorId, image),
  });
  const photo = (colorId: number, view: string, src?: string) => ({
    src: src ?? `/images/articles/100/${String(colorId)}-${view}.jpg`,
    width: 1500,
    height: 1500,
    view,
  });
  const detailOf = (changes: Partial<ApiArticleDetail>): ApiArticleDetail => ({
    ...article(),
    articleId: 100,
    articleNo: 'A-100',
    techDescription: '',
    nutrientContent: null,
    washLabel: [],
    careLabel: [],
    dateCreated: '2026-01-01',
    variants: [variantOf(1, 8), variantOf(2, 8), variantOf(3, 9)],
    reviews: [],
    sizes: [],
    size_colors: {},
    availability: { articleId: 100, variants: [] },
    ...changes,
  });

  beforeEach(() => resetSkipped());

  it('maps the API’s pictures per colour, in its order, with their size and side', () => {
    const pictures = [
      { colorId: 9, pictures: [photo(9, 'front'), photo(9, 'back'), photo(9, 'detail')] },
      { colorId: 8, pictures: [photo(8, 'front'), { ...photo(8, 'back'), width: 1200.4 }] },
    ] as WirePictures;
    const detail = toArticleDetail(detailOf({ pictures }), NOW);
    expect(detail?.pictures).toEqual([
      {
        colorId: 9,
        pictures: ['front', 'back', 'detail'].map((view) => ({
          src: `/images/articles/100/9-${view}.jpg`,
          width: 1500,
          height: 1500,
          view,
        })),
      },
      {
        colorId: 8,
        pictures: [
          { src: '/images/articles/100/8-front.jpg', width: 1500, height: 1500, view: 'front' },
          { src: '/images/articles/100/8-back.jpg', width: 1200, height: 1500, view: 'back' },
        ],
      },
    ]);
    expect(skippedCounts()).toEqual({});
  });

  it('shows the placeholder for a refused source and counts it as Missing data', () => {
    const pictures = [
      {
        colorId: 8,
        pictures: [
          photo(8, 'front', 'javascript:alert(1)'),
          photo(8, 'back', '//evil.example/b.jpg'),
          photo(8, 'detail'),
        ],
      },
    ] as WirePictures;
    const shown = toArticleDetail(detailOf({ pictures }), NOW)?.pictures[0]?.pictures;
    expect(shown?.map((p) => p.src)).toEqual([
      MISSING_IMAGE,
      MISSING_IMAGE,
      '/images/articles/100/8-detail.jpg',
    ]);
    // The size and side stay: the placeholder takes the picture's place.
    expect(shown?.[0]).toMatchObject({ width: 1500, height: 1500, view: 'front' });
    expect(skippedCounts()).toEqual({ picture: 2 });
    expect(String(warn.mock.calls[0]?.[1])).toContain(
      'picture of article 100 (pictures[0].pictures[0].src: not an allowed picture source',
    );
  });

  it('drops bad entries, counts them, and keeps what is good', () => {
    const pictures = [
      null,
      { colorId: '8', pictures: [photo(8, 'front')] },
      { colorId: 9, pictures: 'x' },
      { colorId: 9, pictures: [{ width: 10 }, { ...photo(9, 'side'), width: -1, height: 'x' }] },
    ] as unknown as WirePictures;
    const detail = toArticleDetail(detailOf({ pictures }), NOW);
    expect(detail?.pictures).toEqual([
      {
        colorId: 9,
        pictures: [
          { src: '/images/articles/100/9-side.jpg', width: null, height: null, view: null },
        ],
      },
      // Colour 8 had no good entry: its variants' colour image stands in.
      {
        colorId: 8,
        pictures: [
          { src: '/images/articles/100/8-front.jpg', width: null, height: null, view: null },
        ],
      },
    ]);
    expect(skippedCounts()).toEqual({ [COLOR_PICTURES_KIND]: 4 });
  });

  it('without the API’s pictures, shows each variant colour’s image, or the placeholder', () => {
    const variants = [variantOf(1, 8), variantOf(2, 9, ''), variantOf(3, 8), variantOf(4, 7)];
    const detail = toArticleDetail(detailOf({ variants }), NOW);
    expect(detail?.pictures).toEqual([
      {
        colorId: 8,
        pictures: [
          { src: '/images/articles/100/8-front.jpg', width: null, height: null, view: null },
        ],
      },
      { colorId: 9, pictures: [{ src: MISSING_IMAGE, width: null, height: null, view: null }] },
      {
        colorId: 7,
        pictures: [
          { src: '/images/articles/100/7-front.jpg', width: null, height: null, view: null },
        ],
      },
    ]);
    expect(toArticleDetail(detailOf({ variants: [] }), NOW)?.pictures).toEqual([]);
    expect(skippedCounts()).toEqual({});
  });

  it('counts pictures that are no list, and falls back to the colour images', () => {
    const pictures = 'alle' as unknown as WirePictures;
    expect(toArticlePictures({ pictures }, [])).toEqual([]);
    expect(skippedCounts()).toEqual({ [COLOR_PICTURES_KIND]: 1 });
    expect(toArticlePictures({ pictures: null } as never, [])).toEqual([]);
    expect(skippedCounts()).toEqual({ [COLOR_PICTURES_KIND]: 1 });
  });
});
