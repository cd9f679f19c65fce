/**
 * Parsers and matchers for the `_redirects` and `_headers` files that Netlify and Cloudflare
 * Pages read, so the local server (`npm start`, the browser tests) behaves as the host will.
 */

/** One line of `_redirects`: `from to [status]`. */
export interface RedirectRule {
  from: string;
  to: string;
  /** 301/302/307/308 redirect, 200 rewrite, 404 custom not-found. */
  status: number;
}

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
    if (
      !from?.startsWith('/') ||
      !to ||
      rest.length > 0 ||
      ![200, 301, 302, 307, 308, 404].includes(code)
    ) {
      throw new Error(`_redirects line ${index + 1} is malformed: ${line}`);
    }
    rules.push({ from, to, status: code });
  });
  return rules;
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
 * (the splat). Answers the captured values, or null when it does not match.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const patternParts = trim(pattern).split('/');
  const pathParts = trim(path).split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i] ?? '';
    if (part === '*') {
      params['splat'] = pathParts.slice(i).join('/');
      return params;
    }
    const value = pathParts[i];
    if (value === undefined) return null;
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
