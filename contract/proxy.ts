/**
 * How a brand's static host hands the API's paths to the API (README "Deploying beyond this
 * machine", contract/README.md "The static host's proxy"). The local host (`npm start`), the
 * Cloudflare Pages Function (`functions/`), the build's `_routes.json` and Netlify proxy rules
 * and the reference backend read the same list and the same names from here.
 */

/**
 * Path prefixes of a brand's origin that belong to the API: the contract, the anti-forgery
 * handshake, the pictures, the outside services it stands in for and the providers' payment
 * pages. Everything else on the origin is a static file.
 */
export const API_PATH_PREFIXES = [
  '/api/',
  '/sanctum/',
  '/images/',
  '/osrm/',
  '/address/',
  '/social/',
  '/providers/',
] as const;

/** Whether a URL path belongs to the API ({@link API_PATH_PREFIXES}). */
export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The header that carries the proxy's signed word on a forwarded request: a JWS (HS256) of
 * {@link ApiProxyClaims}. Netlify's signed proxy rules (`Sign=` in `_redirects`) send it
 * under this name, and the Pages Function sends the same, so the API checks one thing.
 */
export const PROXY_SIGNATURE_HEADER = 'X-NF-Sign';

/** Netlify's header with the shopper's address on a request it proxies. */
export const NETLIFY_CLIENT_IP_HEADER = 'X-NF-Client-Connection-IP';

/**
 * The environment variable that holds the secret the proxy signs with and the API checks
 * with: the same value on the host (a Pages secret, a Netlify site variable) and the API.
 */
export const PROXY_SECRET_VARIABLE = 'API_PROXY_SECRET';

/** Issuer of the Pages Function's signatures (Netlify signs as `netlify`). */
export const FUNCTION_ISSUER = 'storefront-proxy';

/** Issuers whose signature the API accepts. */
export const PROXY_ISSUERS: readonly string[] = ['netlify', FUNCTION_ISSUER];

/** What a proxy's signature says about a forwarded request. */
export interface ApiProxyClaims {
  /** {@link FUNCTION_ISSUER} or `netlify`. */
  iss: string;
  /** Expiry, Unix seconds; the function signs for 60 s, Netlify for 5 minutes. */
  exp: number;
  /**
   * The brand's public origin, e.g. `https://www.toppfart.no`: where links that a shopper
   * follows from the API's answers (payment return pages, e-mails) must lead.
   */
  site_url: string;
  /** The shopper's address (the function; Netlify sends {@link NETLIFY_CLIENT_IP_HEADER}). */
  client_ip?: string;
}
