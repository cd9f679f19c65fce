import { SignJWT } from 'jose';
import { FUNCTION_ISSUER, PROXY_SIGNATURE_HEADER } from '../../contract/proxy.ts';

/** The proxy secret the tests configure the API with. */
export const TEST_PROXY_SECRET = 'test-proxy-secret-of-at-least-32-bytes';

/** A brand's public origin as its proxy signs it. */
export const BRAND_ORIGIN = 'https://www.toppfart.no';

/** What {@link proxySignature} signs; every field has a valid default. */
export interface TestProxySignature {
  /** Default {@link BRAND_ORIGIN}. */
  site_url?: string;
  client_ip?: string;
  /** Default the Pages Function's issuer. */
  iss?: string;
  /** Seconds from `now` to expiry; default 60. */
  expiresIn?: number;
  /** Default {@link TEST_PROXY_SECRET}. */
  secret?: string;
  /** Default HS256. */
  alg?: string;
  /** The clock of the API under test; default real time. */
  now?: Date;
}

/** A proxy's `X-NF-Sign` value (a JWS), valid unless told otherwise. */
export async function proxySignature(options: TestProxySignature = {}): Promise<string> {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const claims: Record<string, string> = { site_url: options.site_url ?? BRAND_ORIGIN };
  if (options.client_ip !== undefined) claims['client_ip'] = options.client_ip;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(options.iss ?? FUNCTION_ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 60))
    .sign(new TextEncoder().encode(options.secret ?? TEST_PROXY_SECRET));
}

/** An unsecured JWS (`alg: none`) with the claims of a valid signature. */
export function unsignedProxyToken(now: Date = new Date()): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(now.getTime() / 1000) + 60;
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: FUNCTION_ISSUER, exp, site_url: BRAND_ORIGIN })}.`;
}

/** Headers of a request the brand's proxy signed. */
export async function signedHeaders(
  options: TestProxySignature = {},
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return { [PROXY_SIGNATURE_HEADER]: await proxySignature(options), ...extra };
}
