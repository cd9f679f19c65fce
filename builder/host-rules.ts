/**
 * Parsers and matchers for the `_redirects` and `_headers` files that Cloudflare Pages and
 * Netlify read, so the local server (`npm start`, the browser tests) behaves as the host
 * will. The tests hold them to Netlify's own parsers (`@netlify/redirect-parser`,
 * `@netlify/headers-parser`) and to Cloudflare's runtime (`wrangler pages dev`).
 */

/** One line of `_redirects`: `from to [status[!]] [key=value ...]`. */
export interface RedirectRule {
  from: string;
  to: string;
  /** 301/302/303/307/308 redirect, 200 rewrite (or proxy), 404 custom not-found. */
  status: number;
  /** `!` after the status: Netlify applies the rule even where a file exists. */
  force: boolean;
  /** Netlify's conditions, e.g. `Sign=API_PROXY_SECRET` on a signed proxy rule. */
  conditions: Record<string, string>;
}

const redirectStatuses = [200, 301, 302, 303, 307, 308, 404];

/** One block of `_headers`: a path pattern and the headers it adds. */
export interface HeaderRule {
  pattern: string;
  headers: Array<[string, string]>;
}

/** Parses `_redirects`; throws with the line number on a malformed line. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [from, to, status = '301', ...rest] = line.split(/\s+/);
    const code = Number(status.replace(/!$/, ''));
    const conditions: Record<string, string> = {};
    let malformed = !from?.startsWith('/') || !to || !redirectStatuses.includes(code);
    for (const part of rest) {
      const [, key, value] = /^([A-Za-z]+)=(\S+)$/.exec(part) ?? [];
      if (key === undefined || value === undefined) malformed = true;
      else conditions[key] = value;
    }
    if (malformed || from === undefined || to === undefined) {
      throw new Error(`_redirects line ${index + 1} is malformed: ${line}`);
    }
    rules.push({ from, to, status: code, force: status.endsWith('!'), conditions });
  });
  return rules;
}

/**
 * Whether Cloudflare Pages applies `rule`: a redirect, or a rewrite to a path of the site.
 * It skips, with a warning, what only Netlify reads: rewrites to other origins (proxies),
 * custom not-found rules (404) and conditions.
 */
export function cloudflareApplies(rule: RedirectRule): boolean {
  const redirect = rule.status >= 300 && rule.status < 400;
  const rewrite = rule.status === 200 && rule.to.startsWith('/');
  return (redirect || rewrite) && Object.keys(rule.conditions).length === 0;
}

/** Parses `_headers`: an unindented path line, then indented `Name: value` lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '' || raw.trim().startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      current = { pattern: raw.trim(), headers: [] };
      rules.push(current);
      return;
    }
    const colon = raw.indexOf(':');
    if (!current || colon < 0) throw new Error(`_headers line ${index + 1} is malformed: ${raw}`);
    current.headers.push([raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()]);
  });
  return rules;
}

/**
 * Matches `path` against a rule pattern with `:placeholder` segments and a trailing `*`
 * (the splat), as Cloudflare Pages matches them: case and trailing slash count (`/a` does not
 * match `/a/`, nor `/a/*` match `/a`). Answers the captured values, or null when it does not
 * match.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i] ?? '';
    const value = pathParts[i];
    if (value === undefined) return null;
    if (part === '*') {
      params['splat'] = pathParts.slice(i).join('/');
      return params;
    }
    if (part.startsWith(':')) {
      if (value === '') return null;
      params[part.slice(1)] = value;
    } else if (part !== value) {
      return null;
    }
  }
  return patternParts.length === pathParts.length ? params : null;
}

/** Fills `:name` and `:splat` in a rule target with captured values. */
export function fillTarget(to: string, params: Record<string, string>): string {
  return to.replace(/:([a-z]+)/gi, (whole, name: string) => params[name] ?? whole);
}

/** The headers `_headers` adds to `path`, in file order (later rules add, never remove). */
export function headersFor(rules: HeaderRule[], path: string): Array<[string, string]> {
  return rules.filter((r) => matchPattern(r.pattern, path) !== null).flatMap((r) => r.headers);
}

/** Cloudflare Pages' limits on `_redirects`: rules with a splat or placeholder are dynamic. */
export const cloudflareRuleLimits = { static: 2000, dynamic: 100 };

/** How many static and dynamic rules `rules` hold, as Cloudflare Pages counts them. */
export function countRules(rules: readonly RedirectRule[]): { static: number; dynamic: number } {
  const dynamic = rules.filter((r) => /[*:]/.test(r.from)).length;
  return { static: rules.length - dynamic, dynamic };
}
