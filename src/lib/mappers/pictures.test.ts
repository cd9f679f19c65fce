/**
 * Every mapper that meets a picture lets through what the brand's picture policy passes,
 * keeps its item when a picture is refused (placeholder or no picture), and counts the
 * refused picture as 'Missing data' of its own kind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApiArticle,
  ApiBlogPost,
  ApiCampaign,
  ApiCategory,
  ApiHomeSlot,
  ApiPoll,
  ApiVariant,
} from '../../../contract/index.ts';
import { provideBuildPictureSettings } from '../picture-settings.ts';
import { MISSING_IMAGE, toArticle, toCampaign, toVariant } from './article.ts';
import { toBlogPost } from './blog.ts';
import { resetSkipped, skippedCounts, skippedSummary } from './common.ts';
import { picture } from './picture.ts';
import { toHomeSlot } from './content.ts';
import { toPoll } from './poll.ts';
import { toCategory } from './taxonomy.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const HOST = 'https://bilder.kjede.no/varer/1.jpg';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetSkipped();
  provideBuildPictureSettings({
    policy: { hosts: ['bilder.kjede.no'], base: '/images/' },
    cdn: 'cloudflare',
  });
});
afterEach(() => {
  provideBuildPictureSettings(null);
  vi.restoreAllMocks();
});

const wire = <T>(fields: Record<string, unknown>): T => fields as T;
const article = (image: unknown) =>
  toArticle(wire<ApiArticle>({ id: 7, name: 'Jakke', price: 100, image }), NOW);
const variant = (image: unknown) =>
  toVariant(
    wire<ApiVariant>({
      id: 70,
      ean: '1',
      size: { id: 1, name: 'M' },
      color: { id: 2, name: 'Rød', image },
    }),
  );
const campaign = (image: unknown, imageMobile: unknown = null) =>
  toCampaign(wire<ApiCampaign>({ id: 3, name: 'Jul', image, imageMobile }), NOW);

describe('pictures in the mappers', () => {
  it('pass a same-site path, a named host and a name resolved against the base', () => {
    expect(article('/images/a.jpg')?.image).toBe('/images/a.jpg');
    expect(article(HOST)?.image).toBe(HOST);
    expect(article('articles/7/1-front.jpg')?.image).toBe('/images/articles/7/1-front.jpg');
    expect(variant(HOST)?.color.image).toBe(HOST);
    expect(campaign(HOST, 'kampanjer/jul.jpg')).toMatchObject({
      image: HOST,
      imageMobile: '/images/kampanjer/jul.jpg',
    });
    expect(toCategory(wire<ApiCategory>({ id: 1, name: 'Sko', banner: HOST }))?.banner).toBe(HOST);
    expect(toHomeSlot(wire<ApiHomeSlot>({ type: 'grid', ids: [], image: HOST }))?.image).toBe(HOST);
    expect(
      toPoll(wire<ApiPoll>({ id: 1, name: 'Quiz', bannerDesktop: HOST, bannerMobile: '/m.jpg' })),
    ).toMatchObject({ bannerDesktop: HOST, bannerMobile: '/m.jpg' });
    expect(
      toBlogPost(wire<ApiBlogPost>({ id: 1, title: 'Ull', featuredImage: HOST })),
    ).toMatchObject({ featuredImage: HOST });
    expect(skippedCounts()).toEqual({});
  });

  it('keep the item with the placeholder or no picture, and count each refused picture', () => {
    const evil = 'https://evil.example/x.jpg';
    expect(article(evil)).toMatchObject({ id: 7, image: MISSING_IMAGE });
    expect(article('javascript:alert(1)')).toMatchObject({ id: 7, image: MISSING_IMAGE });
    expect(variant('//evil.example/v.png')).toMatchObject({ id: 70, color: { image: '' } });
    expect(campaign(evil, 'http://bilder.kjede.no/m.jpg')).toMatchObject({
      id: 3,
      image: null,
      imageMobile: null,
    });
    expect(toCategory(wire<ApiCategory>({ id: 1, name: 'Sko', banner: evil }))).toMatchObject({
      id: 1,
      banner: null,
    });
    expect(toHomeSlot(wire<ApiHomeSlot>({ type: 'grid', ids: [1], image: evil }))).toMatchObject({
      ids: [1],
      image: null,
    });
    expect(
      toPoll(wire<ApiPoll>({ id: 1, name: 'Quiz', bannerDesktop: evil, bannerMobile: 'data:x' })),
    ).toMatchObject({ id: 1, bannerDesktop: null, bannerMobile: null });
    expect(
      toBlogPost(wire<ApiBlogPost>({ id: 1, title: 'Ull', featuredImage: evil })),
    ).toMatchObject({ id: 1, featuredImage: null });
    expect(skippedCounts()).toEqual({ picture: 10 });
    expect(skippedSummary()).toBe("Skipped as 'Missing data': picture 10");
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      'picture of article 7 (image: not an allowed picture source: "https://evil.example/x.jpg")',
      expect.objectContaining({ id: 7 }),
    );
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^picture of home slot without id \(image: /u),
      expect.anything(),
    );
  });

  it('count no picture when none is given', () => {
    expect(article(undefined)?.image).toBe(MISSING_IMAGE);
    expect(article('')?.image).toBe(MISSING_IMAGE);
    expect(campaign(null)?.image).toBeNull();
    expect(toBlogPost(wire<ApiBlogPost>({ id: 1, title: 'Ull' }))?.featuredImage).toBeNull();
    expect(skippedCounts()).toEqual({});
  });

  it('follow the policy in force: without the build’s, same-site pictures only', () => {
    provideBuildPictureSettings(null);
    expect(article(HOST)?.image).toBe(MISSING_IMAGE);
    expect(article('articles/7.jpg')?.image).toBe(MISSING_IMAGE);
    expect(article('/images/7.jpg')?.image).toBe('/images/7.jpg');
    expect(skippedCounts()).toEqual({ picture: 2 });
  });

  it('shorten a long refused address in the log', () => {
    picture('article', { id: 1 }, 'image', `https://evil.example/${'a'.repeat(500)}`);
    const message = String(warn.mock.calls[0]?.[1]);
    expect(message.length).toBeLessThan(250);
    expect(message).toContain('…');
  });
});
