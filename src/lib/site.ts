import { getBrand } from '../brands/index.ts';
import type { Brand } from '../brands/schema.ts';
import { isImageCdn, type ImageCdn } from './domain/picture-url.ts';

/**
 * The brand this build is for. The build sets `BRAND` (builder/astro-child.ts); with none, the
 * default brand, as `npm run dev` and `astro check` run.
 */
export function currentBrand(): Brand {
  return getBrand(process.env['BRAND']);
}

/** The static hosts a release can be built for. */
export type DeployHost = 'cloudflare' | 'netlify';

/** Where a release goes: its host, and where that host finds the API. */
export interface DeployTarget {
  /** `DEPLOY_HOST`; default `cloudflare`, the host `npm start` behaves as. */
  host: DeployHost;
  /**
   * `API_ORIGIN` when the build writes the host's rules to the API (Netlify's proxy rules);
   * null for Cloudflare, whose Pages Function reads it when it runs.
   */
  apiOrigin: string | null;
}

/** A deploy target with the image service that scales its pages' pictures. */
export interface ReleaseTarget extends DeployTarget {
  /**
   * `IMAGE_CDN`: `cloudflare` (`/cdn-cgi/image/…`), `netlify` (`/.netlify/images?…`) or
   * `none` (pictures as they are); default the host's own service.
   */
  imageCdn: ImageCdn;
}

/**
 * The deploy target from `DEPLOY_HOST`, `API_ORIGIN` and `IMAGE_CDN`.
 * @throws Error naming the variable whose value is not one the build can use.
 */
export function deployTarget(env: NodeJS.ProcessEnv = process.env): ReleaseTarget {
  const host = env['DEPLOY_HOST'] || 'cloudflare';
  if (host !== 'cloudflare' && host !== 'netlify') {
    throw new Error(`DEPLOY_HOST must be cloudflare or netlify, not "${host}".`);
  }
  const imageCdn = env['IMAGE_CDN'] || host;
  if (!isImageCdn(imageCdn)) {
    throw new Error(`IMAGE_CDN must be cloudflare, netlify or none, not "${imageCdn}".`);
  }
  const origin = env['API_ORIGIN'] ?? '';
  if (host === 'cloudflare' || origin === '') return { host, apiOrigin: null, imageCdn };
  const url = URL.parse(origin);
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.origin !== origin.replace(/\/$/, '')
  ) {
    throw new Error(
      `API_ORIGIN must be the API's origin, such as https://api.kjede.no, not "${origin}".`,
    );
  }
  return { host, apiOrigin: url.origin, imageCdn };
}
