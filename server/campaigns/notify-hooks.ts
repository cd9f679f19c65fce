import type { CampaignChange } from '../routes/campaigns-admin.ts';

// A hook that does not answer in this time is given up, so that no request hangs for ever.
const HOOK_TIMEOUT_MS = 10_000;

/** The part of `fetch` the notifier uses; tests pass a fake. */
export type HookFetch = (url: string, init: RequestInit) => Promise<Pick<Response, 'status'>>;

/** The environment variable holding a brand's build hook token: `BUILD_HOOK_TOKEN_TOPPFART`. */
function hookTokenVariable(brand: string): string {
  return `BUILD_HOOK_TOKEN_${brand.toUpperCase()}`;
}

/**
 * The `onCampaignChange` of `npm run api`: when `BUILD_HOOK_URL` is set, it POSTs to
 * `${BUILD_HOOK_URL}/${brand}` with `Authorization: Bearer ${BUILD_HOOK_TOKEN_<BRAND>}` for
 * each affected brand, so that the brand rebuilds; a brand without a token is skipped. It
 * logs the brand and the status only, never a token. The promise it returns settles when
 * every hook has answered or failed; it never rejects. Undefined when `BUILD_HOOK_URL` is
 * unset: nobody is told.
 */
export function buildHookNotifier(
  env: NodeJS.ProcessEnv = process.env,
  send: HookFetch = fetch,
): ((change: CampaignChange) => Promise<void>) | undefined {
  const base = env['BUILD_HOOK_URL']?.trim().replace(/\/+$/u, '');
  if (base === undefined || base === '') return undefined;
  const notifyBrand = async (campaignId: number, brand: string): Promise<void> => {
    const prefix = `Build hook ${brand} (campaign ${String(campaignId)})`;
    const token = env[hookTokenVariable(brand)];
    if (token === undefined || token === '') {
      console.warn(`${prefix}: skipped, ${hookTokenVariable(brand)} is not set.`);
      return;
    }
    try {
      const res = await send(`${base}/${encodeURIComponent(brand)}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
      console.log(`${prefix}: ${String(res.status)}`);
    } catch (error) {
      // The error's own text only (a refused connection, a bad URL): no headers in it.
      console.error(`${prefix}: failed, ${error instanceof Error ? error.message : 'error'}`);
    }
  };
  return async ({ campaignId, brands }) => {
    await Promise.all(brands.map((brand) => notifyBrand(campaignId, brand)));
  };
}
