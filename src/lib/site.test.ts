import { describe, expect, it } from 'vitest';
import { deployTarget } from './site.ts';

describe('deployTarget', () => {
  it('builds for Cloudflare Pages by default, whose function reads API_ORIGIN when it runs', () => {
    expect(deployTarget({})).toEqual({ host: 'cloudflare', apiOrigin: null });
    expect(deployTarget({ API_ORIGIN: 'https://api.kjede.no' })).toEqual({
      host: 'cloudflare',
      apiOrigin: null,
    });
  });

  it('takes the API origin into a Netlify build, without a trailing slash', () => {
    expect(deployTarget({ DEPLOY_HOST: 'netlify', API_ORIGIN: 'https://api.kjede.no/' })).toEqual({
      host: 'netlify',
      apiOrigin: 'https://api.kjede.no',
    });
    expect(deployTarget({ DEPLOY_HOST: 'netlify' })).toEqual({ host: 'netlify', apiOrigin: null });
  });

  it('names the variable whose value it cannot use', () => {
    expect(() => deployTarget({ DEPLOY_HOST: 'vercel' })).toThrow(/DEPLOY_HOST/);
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
