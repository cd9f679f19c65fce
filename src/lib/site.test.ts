import { describe, expect, it } from 'vitest';
import { deployTarget } from './site.ts';

describe('deployTarget', () => {
  it('builds for Cloudflare Pages by default, whose function reads API_ORIGIN when it runs', () => {
    expect(deployTarget({})).toEqual({
      host: 'cloudflare',
      apiOrigin: null,
      imageCdn: 'cloudflare',
    });
    expect(deployTarget({ API_ORIGIN: 'https://api.kjede.no' })).toEqual({
      host: 'cloudflare',
      apiOrigin: null,
      imageCdn: 'cloudflare',
    });
  });

  it('takes the API origin into a Netlify build, without a trailing slash', () => {
    expect(deployTarget({ DEPLOY_HOST: 'netlify', API_ORIGIN: 'https://api.kjede.no/' })).toEqual({
      host: 'netlify',
      apiOrigin: 'https://api.kjede.no',
      imageCdn: 'netlify',
    });
    expect(deployTarget({ DEPLOY_HOST: 'netlify' })).toEqual({
      host: 'netlify',
      apiOrigin: null,
      imageCdn: 'netlify',
    });
  });

  it("scales pictures with the host's own image service unless IMAGE_CDN names another", () => {
    expect(deployTarget({ IMAGE_CDN: '' }).imageCdn).toBe('cloudflare');
    expect(deployTarget({ DEPLOY_HOST: 'netlify', IMAGE_CDN: '' }).imageCdn).toBe('netlify');
    expect(deployTarget({ IMAGE_CDN: 'none' }).imageCdn).toBe('none');
    expect(deployTarget({ DEPLOY_HOST: 'netlify', IMAGE_CDN: 'cloudflare' }).imageCdn).toBe(
      'cloudflare',
    );
    expect(deployTarget({ DEPLOY_HOST: 'cloudflare', IMAGE_CDN: 'netlify' }).imageCdn).toBe(
      'netlify',
    );
  });

  it('names the variable whose value it cannot use', () => {
    expect(() => deployTarget({ DEPLOY_HOST: 'vercel' })).toThrow(/DEPLOY_HOST/);
    for (const cdn of ['imgix', 'Cloudflare', ' none']) {
      expect(() => deployTarget({ IMAGE_CDN: cdn }), cdn).toThrow(
        new RegExp(`^IMAGE_CDN must be cloudflare, netlify or none, not "${cdn}"`),
      );
    }
    for (const origin of [
      'api.kjede.no',
      'https://api.kjede.no/api/v1',
      'ftp://x.no',
      'https://u:p@x.no',
    ]) {
      expect(() => deployTarget({ DEPLOY_HOST: 'netlify', API_ORIGIN: origin }), origin).toThrow(
        /API_ORIGIN/,
      );
    }
  });
});
