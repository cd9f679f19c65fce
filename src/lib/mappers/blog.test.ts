import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBlogCategory, ApiBlogPost } from '../../../contract/index.ts';
import { sanitizeBody, toBlogCategory, toBlogPost } from './blog.ts';
import { decodeEntities } from '../../test-support/html-entities.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Vectors of the OWASP XSS Filter Evasion Cheat Sheet
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html),
 * in its order, with a few mutation and scheme tricks of later years at the end.
 */
const OWASP_VECTORS: readonly string[] = [
  `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=javascript:alert(&quot;XSS&quot;)>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=java\u0000script:alert("XSS")>`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `\\";alert('XSS');//`,
  `</script><script>alert('XSS');</script>`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<IMG SRC="livescript:[code]">`,
  `<svg/onload=alert('XSS')>`,
  'Set.constructor`alert\\x28document.domain\\x29`',
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<STYLE>@im\\port'\\ja\\vasc\\ript:alert("XSS")';</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`,
  `<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
  `<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:alert('XSS');">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  `<DIV STYLE="background-image: url(&#1;javascript:alert('XSS'))">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>`,
  `<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert("XSS")</SCRIPT>"></BODY></HTML>`,
  `<SCRIPT SRC="http://xss.rocks/xss.jpg"></SCRIPT>`,
  `<!--#exec cmd="/bin/echo '<SCR'"--><!--#exec cmd="/bin/echo 'IPT SRC=http://xss.rocks/xss.js></SCRIPT>'"-->`,
  `<? echo('<SCR)';echo('IPT>alert("XSS")</SCRIPT>'); ?>`,
  `<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert('XSS')</SCRIPT>">`,
  `<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"> </HEAD>+ADw-SCRIPT+AD4-alert('XSS');+ADw-/SCRIPT+AD4-`,
  `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT =">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=">" '' SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  '<SCRIPT a=`>` SRC="httx://xss.rocks/xss.js"></SCRIPT>',
  `<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
  `<A HREF="http://www.google.com/ogle.com/">XSS</A>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">XSS</a>`,
  `<a href="javascript&colon;alert(1)">XSS</a>`,
  `<a href="&#1;javascript:alert(1)">XSS</a>`,
  `<a href="  vbscript:msgbox(1)">XSS</a>`,
  `<form action="javascript:alert(1)"><button>XSS</button></form>`,
  `<button formaction="javascript:alert(1)">XSS</button>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`,
  `<audio src=x onerror=alert(1)>`,
  `<object data="javascript:alert(1)"></object>`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<p style="background:url(javascript:alert(1))">XSS</p>`,
  `<h1 onclick="alert(1)" style="color:red">XSS</h1>`,
];

const ALLOWED_TAGS = new Set(
  [
    'h2 h3 h4 h5 h6 p br hr blockquote figure figcaption ul ol li dl dt dd',
    'table caption thead tbody tfoot tr th td em strong b i s small sub sup mark abbr q cite',
    'code pre a img',
  ]
    .join(' ')
    .split(' '),
);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'rel',
  'title',
  'src',
  'alt',
  'width',
  'height',
  'loading',
  'decoding',
  'scope',
  'colspan',
  'rowspan',
]);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The tags of sanitised output. sanitize-html escapes every `<` of text and quotes every
 * attribute value, so its output is read exactly by this tokenizer; any other `<` fails.
 */
function tagsOf(html: string): Array<{ name: string; attributes: Array<[string, string]> }> {
  const tag = /<\/?([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/giu;
  const rest = html.replace(tag, '');
  expect(rest, `a stray "<" in ${html}`).not.toContain('<');
  return [...html.matchAll(tag)].map((m) => ({
    name: (m[1] ?? '').toLowerCase(),
    attributes: [...(m[2] ?? '').matchAll(/([a-z-]+)="([^"]*)"/giu)].map(
      (a) => [(a[1] ?? '').toLowerCase(), a[2] ?? ''] as [string, string],
    ),
  }));
}

/** The scheme a browser would see in a URL: controls and spaces removed first. */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = decodeEntities(url).replace(/[\u0000-\u0020\u007f]/gu, '');
  return /^([a-z][a-z0-9+.-]*):/iu.exec(clean)?.[1]?.toLowerCase() ?? null;
}

/** Everything that makes output unsafe, as readable problems (none: safe). */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const { name, attributes } of tagsOf(html)) {
    if (!ALLOWED_TAGS.has(name)) problems.push(`tag <${name}>`);
    for (const [attribute, value] of attributes) {
      if (attribute.startsWith('on')) problems.push(`event handler ${attribute}`);
      if (!ALLOWED_ATTRIBUTES.has(attribute)) problems.push(`attribute ${attribute}`);
      if (attribute === 'href' || attribute === 'src') {
        const scheme = schemeOf(value);
        if (scheme !== null && !SAFE_SCHEMES.has(scheme)) problems.push(`${scheme}: URL`);
        if (decodeEntities(value).startsWith('//')) problems.push('protocol-relative URL');
      }
    }
  }
  return problems;
}

describe('sanitizeBody against the OWASP XSS filter evasion cheat sheet', () => {
  it('runs at least 50 vectors', () => {
    expect(OWASP_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(OWASP_VECTORS.map((vector) => [vector]))('%s', (vector) => {
    const once = sanitizeBody(vector);
    expect(problemsOf(once)).toEqual([]);
    expect(once).not.toMatch(/<\s*\/?\s*(script|style|iframe|object|embed|svg|math|form)/iu);
    expect(sanitizeBody(once)).toBe(once);
  });

  it('the checks themselves catch what they look for', () => {
    expect(problemsOf('<script>alert(1)</script>')).toEqual(['tag <script>', 'tag <script>']);
    expect(problemsOf('<img src="x" onerror="alert(1)">')).toContain('event handler onerror');
    expect(problemsOf('<p style="color:red">x</p>')).toContain('attribute style');
    expect(problemsOf('<a href="java&#x09;script:alert(1)">x</a>')).toEqual(['javascript: URL']);
    expect(problemsOf('<a href=" data:text/html,x">x</a>')).toEqual(['data: URL']);
  });
});

describe('sanitizeBody keeps the allowlist', () => {
  it.each([
    ['<p>Hei <strong>du</strong></p>', '<p>Hei <strong>du</strong></p>'],
    ['<h1>Tittel</h1><h3>Under</h3>', '<h2>Tittel</h2><h3>Under</h3>'],
    ['<blockquote>Sitat</blockquote>', '<blockquote>Sitat</blockquote>'],
    ['<ul><li>a</li></ul><ol><li>b</li></ol>', '<ul><li>a</li></ul><ol><li>b</li></ol>'],
    [
      '<table><tr><th scope="COL" colspan="2" style="x">a</th><td rowspan="x">b</td></tr></table>',
      '<table><tr><th colspan="2" scope="col">a</th><td>b</td></tr></table>',
    ],
    ['<p class="x" id="y">tekst</p>', '<p>tekst</p>'],
    ['<h2> </h2><h3><script>x()</script></h3><p>x</p>', '<p>x</p>'],
    [
      '<a href="/a"> </a><a href="/b"><img src="/c.svg" alt="C"></a>',
      ' <a href="/b"><img src="/c.svg" alt="C" loading="lazy" decoding="async" /></a>',
    ],
    ['<p>x</p><script>alert(1)</script>', '<p>x</p>'],
    ['<iframe src="https://example.com">tekst</iframe>', 'tekst'],
  ])('%j -> %j', (html, expected) => {
    expect(sanitizeBody(html)).toBe(expected);
  });
});

describe('sanitizeBody links', () => {
  it.each([
    ['<a href="javascript:alert(1)">lenke</a>', 'lenke'],
    [
      '<a href="https://example.no" rel="opener" target="_blank">lenke</a>',
      '<a href="https://example.no" rel="noopener noreferrer">lenke</a>',
    ],
    ['<a href="/kundeservice">lenke</a>', '<a href="/kundeservice">lenke</a>'],
    [
      '<a href="//example.no/side">lenke</a>',
      '<a href="https://example.no/side" rel="noopener noreferrer">lenke</a>',
    ],
    ['<a href="/\\evil.example">lenke</a>', 'lenke'],
    ['<a href=" java&#9;script:alert(1)">lenke</a>', 'lenke'],
    ['<a href="data:text/html,x">lenke</a>', 'lenke'],
    ['<a href="tel:+4712345678">ring</a>', 'ring'],
    ['<a href="ftp://example.no/x">fil</a>', 'fil'],
    [
      '<a href="mailto:a@b.no">e-post</a>',
      '<a href="mailto:a@b.no" rel="noopener noreferrer">e-post</a>',
    ],
  ])('%j -> %j', (html, expected) => {
    expect(sanitizeBody(html)).toBe(expected);
  });

  it('drops the link of a same-site path the build does not have, keeping its text', () => {
    const isBuilt = (href: string) => href === '/blogg/finnes';
    expect(
      sanitizeBody('<a href="/blogg/finnes">ja</a> <a href="/blog/borte">nei</a>', isBuilt),
    ).toBe('<a href="/blogg/finnes">ja</a> nei');
  });
});

describe('sanitizeBody images', () => {
  it.each([
    [
      '<img src="/images/blog/1.svg" alt="A" width="1200" height="40px">',
      '<img src="/images/blog/1.svg" alt="A" width="1200" loading="lazy" decoding="async" />',
    ],
    [
      '<img src="https://cdn.example.no/a.png">',
      '<img src="https://cdn.example.no/a.png" alt="" loading="lazy" decoding="async" />',
    ],
    ['<img src="http://cdn.example.no/a.png">', ''],
    ['<img src="//cdn.example.no/a.png">', ''],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<img src="bilde.png">', ''],
    ['<img src=x onerror="alert(1)">', ''],
  ])('%j -> %j', (html, expected) => {
    expect(sanitizeBody(html)).toBe(expected);
  });
});

describe('toBlogPost', () => {
  const wire: ApiBlogPost = {
    id: 1,
    title: 'Hvordan kle barna',
    slug: 'hvordan-kle-barna',
    excerpt: 'Ull innerst',
    body: '<p>Ull</p><script>x()</script>',
    featuredImage: '/images/blog/1.svg',
    mainArticle: 100,
    relatedArticles: [101, 102],
    categories: [{ id: 1, slug: 'barn', name: 'Barn' }],
    published_at: '2026-10-01T08:00:00Z',
  };

  it('sanitises the body and renames published_at', () => {
    expect(toBlogPost(wire)).toEqual({
      id: 1,
      title: 'Hvordan kle barna',
      slug: 'hvordan-kle-barna',
      excerpt: 'Ull innerst',
      body: '<p>Ull</p>',
      featuredImage: '/images/blog/1.svg',
      mainArticle: 100,
      relatedArticles: [101, 102],
      categories: [{ id: 1, slug: 'barn', name: 'Barn' }],
      publishedAt: '2026-10-01T08:00:00Z',
    });
  });

  it('keeps a post without slug, excerpt or body, leaving out ids and categories that are not', () => {
    const loose = {
      id: 2,
      title: 'Uten slug',
      mainArticle: '100',
      relatedArticles: [5, '6', -1, 2.5, null, 7],
      categories: [{ id: 3, name: 'Turtips' }, { name: 'Uten id' }, 'Alpint'],
    } as unknown as ApiBlogPost;
    expect(toBlogPost(loose)).toMatchObject({
      slug: '',
      excerpt: '',
      body: '',
      featuredImage: null,
      mainArticle: null,
      relatedArticles: [5, 7],
      categories: [{ id: 3, slug: '', name: 'Turtips' }],
      publishedAt: '',
    });
  });

  it('skips posts without an id or a title as Missing data', () => {
    expect(toBlogPost({ ...wire, title: undefined } as unknown as ApiBlogPost)).toBeNull();
    expect(toBlogPost({ ...wire, title: '   ' })).toBeNull();
    expect(toBlogPost({ ...wire, id: '1' } as unknown as ApiBlogPost)).toBeNull();
    expect(console.warn).toHaveBeenCalledTimes(3);
    expect(vi.mocked(console.warn).mock.calls[0]?.[1]).toBe('blog post 1');
  });
});

describe('toBlogCategory', () => {
  it('maps a category and skips one without an id or a name', () => {
    expect(toBlogCategory({ id: 1, slug: 'barn', name: 'Barn', postsCount: 3 })).toEqual({
      id: 1,
      slug: 'barn',
      name: 'Barn',
      postsCount: 3,
    });
    expect(toBlogCategory({ id: 2, name: 'Alpint' } as ApiBlogCategory)).toEqual({
      id: 2,
      slug: '',
      name: 'Alpint',
      postsCount: 0,
    });
    expect(toBlogCategory({ id: 1 } as ApiBlogCategory)).toBeNull();
    expect(toBlogCategory({ id: 1, name: '' } as ApiBlogCategory)).toBeNull();
  });
});
