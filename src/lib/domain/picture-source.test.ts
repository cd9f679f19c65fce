import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PICTURE_SOURCE,
  pictureSource,
  safeImageSrc,
  type PicturePolicy,
} from './picture-source.ts';

const chain: PicturePolicy = { hosts: ['bilder.kjede.no'], base: 'https://bilder.kjede.no/p/' };
const local: PicturePolicy = { hosts: [], base: '/images/' };
const none: PicturePolicy = { hosts: [], base: null };

describe('pictureSource', () => {
  it.each([
    ['/images/a.jpg', none, '/images/a.jpg'],
    [' /images/a.jpg\n', none, '/images/a.jpg'],
    ['/images/campaigns/jul.svg?v=2', none, '/images/campaigns/jul.svg?v=2'],
    ['/images/a b.jpg', none, '/images/a%20b.jpg'],
    ['/images/../bilde-mangler.svg', none, '/bilde-mangler.svg'],
    ['/images/a.jpg#x', none, '/images/a.jpg'],
    ['https://bilder.kjede.no/a.jpg', chain, 'https://bilder.kjede.no/a.jpg'],
    ['HTTPS://Bilder.Kjede.NO/a.jpg', chain, 'https://bilder.kjede.no/a.jpg'],
    ['https://bilder.kjede.no:443/a.jpg', chain, 'https://bilder.kjede.no/a.jpg'],
    [
      'https://bilder.kjede.no/a.jpg',
      { hosts: ['BILDER.kjede.no'], base: null },
      'https://bilder.kjede.no/a.jpg',
    ],
    [
      'https://bilder.kjede.no:8443/a.jpg',
      { hosts: ['bilder.kjede.no:8443'], base: null },
      'https://bilder.kjede.no:8443/a.jpg',
    ],
    ['articles/1.jpg', chain, 'https://bilder.kjede.no/p/articles/1.jpg'],
    ['articles/1.jpg', local, '/images/articles/1.jpg'],
    ['articles/1 (2).jpg', local, '/images/articles/1%20(2).jpg'],
    ['../logo.png', local, '/logo.png'],
  ])('passes %j under %j as %j', (raw, policy, expected) => {
    expect(pictureSource(raw, policy)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', chain],
    [' JavaScript:alert(1)', chain],
    ['java\tscript:alert(1)', chain],
    ['data:image/svg+xml,<svg onload=alert(1)>', chain],
    ['vbscript:msgbox', chain],
    ['//evil.example/x.png', chain],
    ['/\\evil.example/x.png', chain],
    ['\\\\evil.example/x.png', chain],
    ['/a/..//evil.example/x.png', chain],
    ['http://bilder.kjede.no/a.jpg', chain],
    ['https://evil.example/a.jpg', chain],
    ['https://bilder.kjede.no.evil.example/a.jpg', chain],
    ['https://evil.example/bilder.kjede.no/a.jpg', chain],
    ['https://user:pw@bilder.kjede.no/a.jpg', chain],
    ['https://bilder.kjede.no@evil.example/a.jpg', chain],
    ['https://bilder.kjede.no:8443/a.jpg', chain],
    ['https://', chain],
    ['https://bilder.kjede.no/a\u0000.jpg', chain],
    ['/images/a\u0007.jpg', chain],
    ['/images/a\u0085.jpg', chain],
    ['articles/1.jpg', none],
    ['articles/1.jpg', { hosts: [], base: 'https://bilder.kjede.no/' }],
    ['\\evil.example/x.png', local],
    ['//evil.example/x.png', local],
    ['mailto:a@b.no', chain],
    [`/${'a'.repeat(MAX_PICTURE_SOURCE)}`, chain],
    [`/${'"'.repeat(MAX_PICTURE_SOURCE / 2)}`, chain],
    ['', chain],
    ['   ', chain],
    [null, chain],
    [undefined, chain],
  ])('refuses %j under %j', (raw, policy) => {
    expect(pictureSource(raw, policy)).toBeNull();
  });

  it('never resolves a name beyond the base to another site', () => {
    expect(pictureSource('//evil.example/x.png', chain)).toBeNull();
    expect(pictureSource('../../../x.png', chain)).toBe('https://bilder.kjede.no/x.png');
    expect(pictureSource('a.jpg', { hosts: [], base: '//evil.example/' })).toBeNull();
    expect(pictureSource('a.jpg', { hosts: ['x.no'], base: 'not a url' })).toBeNull();
  });
});

/** Any picture policy, well-formed or not; its base often on one of its hosts. */
const policies: fc.Arbitrary<PicturePolicy> = fc
  .array(fc.oneof(fc.domain(), fc.string(), fc.constant('bilder.kjede.no:8443')), {
    maxLength: 3,
  })
  .chain((hosts) =>
    fc.record({
      hosts: fc.constant(hosts),
      base: fc.option(
        fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc.constantFrom('/images/', '//evil.example/', '/\\x/', 'https://bilder.kjede.no/p/'),
          ...hosts.map((host) => fc.webPath().map((path) => `https://${host}/${path}/`)),
        ),
      ),
    }),
  );

/** Strings biased towards addresses: free text, URLs, paths, names, hosts of the policy. */
const raws = (policy: PicturePolicy): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webPath().map((p) => `/${p}`),
    fc.webPath(),
    fc
      .tuple(
        fc.constantFrom(
          '',
          '/',
          '//',
          '/\\',
          '\\',
          'https://',
          'HTTPS://',
          'http://',
          'https:',
          'javascript:',
          ' ',
        ),
        fc.constantFrom(...policy.hosts, 'evil.example', ''),
        fc.constantFrom('', '/a.jpg', '@evil.example/a.jpg', ':8443/a.jpg', '/../..//x', '\t/x'),
      )
      .map((parts) => parts.join('')),
    ...policy.hosts.map((host) =>
      fc
        .tuple(fc.webPath(), fc.webQueryParameters(), fc.boolean())
        .map(
          ([path, query, upper]) => `https://${upper ? host.toUpperCase() : host}${path}?${query}`,
        ),
    ),
  );

/** Whether `out` is a same-site path a browser requests as it is. */
function isSameSitePath(out: string): boolean {
  const url = URL.parse(out, 'https://site.invalid');
  return (
    /^\/(?![/\\])/u.test(out) &&
    url?.origin === 'https://site.invalid' &&
    url.pathname + url.search === out
  );
}

/** Whether `out` is an https URL, without credentials, on a host `policy` names. */
function isOnNamedHost(out: string, policy: PicturePolicy): boolean {
  const url = URL.parse(out);
  return (
    url?.protocol === 'https:' &&
    url.href === out &&
    url.username === '' &&
    url.password === '' &&
    policy.hosts.some((host) => host.toLowerCase() === url.host)
  );
}

describe('pictureSource, whatever the input and the policy', () => {
  it('gives null, a same-site path or an https URL on a named host, and nothing else', () => {
    fc.assert(
      fc.property(
        policies.chain((policy) => fc.tuple(fc.constant(policy), raws(policy))),
        ([policy, raw]) => {
          const out = pictureSource(raw, policy);
          if (out === null) return;
          expect(out.length).toBeLessThanOrEqual(MAX_PICTURE_SOURCE);
          // No whitespace or control character, which would end a srcset candidate early.
          // eslint-disable-next-line no-control-regex
          expect(out).not.toMatch(/[\s\u0000-\u001f\u007f-\u009f]/u);
          expect(isSameSitePath(out) || isOnNamedHost(out, policy), out).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('passes what it gave unchanged', () => {
    fc.assert(
      fc.property(
        policies.chain((policy) => fc.tuple(fc.constant(policy), raws(policy))),
        ([policy, raw]) => {
          const out = pictureSource(raw, policy);
          if (out !== null) expect(pictureSource(out, policy)).toBe(out);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never lets a picture through a policy that names no host and no base but a same-site one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.webUrl(), (text, url) => {
        for (const raw of [text, url]) {
          const out = pictureSource(raw, none);
          if (out !== null) expect(isSameSitePath(out), out).toBe(true);
        }
      }),
    );
  });
});

describe('safeImageSrc', () => {
  it.each([
    ['/images/campaigns/jul.svg', '/images/campaigns/jul.svg'],
    ['//evil.example/x.png', null],
    ['https://cdn.example/x.png', null],
    ['javascript:alert(1)', null],
    ['data:image/svg+xml,<svg onload=alert(1)>', null],
    [' /images/a.png ', '/images/a.png'],
    ['/images/a b.png', '/images/a%20b.png'],
    ['/images/../x.png', '/x.png'],
    ['/a/..//evil.example/x.png', null],
    ['images/a.png', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (raw, expected) => {
    expect(safeImageSrc(raw)).toBe(expected);
  });
});
