/**
 * Reading cookies from a `document.cookie` string or a `Cookie` header: the anti-forgery
 * token, the cookie consent and the API client's own jar all read them this way, where no
 * library is worth its bytes.
 */

/** The `name=value` pairs of `cookies` (`a=1; b=2`), in order, values as written. */
export function cookiePairs(cookies: string): [name: string, value: string][] {
  return cookies.split(';').flatMap((part): [string, string][] => {
    const eq = part.indexOf('=');
    const name = part.slice(0, Math.max(eq, 0)).trim();
    return name === '' ? [] : [[name, part.slice(eq + 1).trim()]];
  });
}

/**
 * The value of cookie `name` in `cookies` (`a=1; b=2`), URL-decoded (as is, when it is not
 * valid percent-encoding); null when the cookie is not there.
 */
export function readCookie(cookies: string, name: string): string | null {
  const value = cookiePairs(cookies).find(([key]) => key === name)?.[1];
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
