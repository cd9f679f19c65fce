import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApiArticle,
  ApiArticleDetail,
  ApiCampaign,
  ApiCampaignItem,
} from '../../../contract/index.ts';
import {
  MISSING_IMAGE,
  parseLabelData,
  toArticle,
  toArticleDetail,
  toCampaign,
  toCampaignItem,
  toCampaignWithArticles,
  toReview,
  toVariant,
} from './article.ts';
import { mapList } from './common.ts';

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
  it('applies the list-shape rules of SPEC 3', () => {
    const a = toArticle(article(), NOW);
    expect(a).toMatchObject({
      id: 100,
      price: 49901,
      originalPrice: 59900,
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
