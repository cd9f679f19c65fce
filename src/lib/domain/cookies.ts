/**
 * Reading one cookie from a `document.cookie` string: the anti-forgery token and the cookie
 * consent are both read this way, where no library is worth its bytes.
 */

/**
 * The value of cookie `name` in `cookies` (`a=1; b=2`), URL-decoded (as is, when it is not
 * valid percent-encoding); null when the cookie is not there.
 */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name || rest.length === 0) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
