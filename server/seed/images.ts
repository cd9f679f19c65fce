/**
 * Flat SVG illustrations for the reference backend, so that the shop has an image for every
 * article, campaign, blog post and social post without shipping binary files. The routes
 * serve them at the paths the seed stores:
 *
 * - `/images/articles/{id}.svg`: `articleSvg(image_kind, image_color)`
 * - `/images/campaigns/{id}.svg` and `/images/campaigns/{id}-mobile.svg`,
 *   `/images/blog/{id}.svg`, `/images/social/{id}.svg`, `/images/categories/{id}.svg`,
 *   `/images/polls/{id}.svg` and `-mobile.svg`: `bannerSvg(title, colourForId(id), ...)`
 */

/** Options of `articleSvg`. */
export interface ArticleSvgOptions {
  /** Accessible name; defaults to the kind. */
  title?: string;
  /** Rendered width and height in px (the viewBox stays 600 × 600). */
  size?: number;
}

/** Options of `bannerSvg`. */
export interface BannerSvgOptions {
  subtitle?: string;
  width?: number;
  height?: number;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const parseHex = (hex: string): [number, number, number] => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m ? parseInt(m[1] as string, 16) : 0x5b6b7a;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const toHex = (rgb: readonly number[]): string =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mixes a colour towards black (negative amount) or white (positive amount). */
const shade = (hex: string, amount: number): string =>
  toHex(parseHex(hex).map((v) => (amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)));

/** Relative luminance 0..1, to pick readable text and a contrasting backdrop. */
const luminance = (hex: string): number => {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

// Silhouettes in a 600 × 600 box. `F` is the article colour, `D` a darker shade for seams
// and soles, `L` a lighter shade for highlights; they are substituted when drawing.
const shapes: Record<string, string> = {
  jacket:
    '<path d="M215 120 260 100Q300 135 340 100L385 120 470 195 505 405 455 418 428 268V490H172V268L145 418 95 405 130 195Z" fill="F"/><path d="M300 132V490M172 400H428" stroke="D" stroke-width="8" fill="none"/><path d="M260 100Q300 160 340 100" fill="D"/><rect x="195" y="330" width="70" height="12" rx="6" fill="D"/><rect x="335" y="330" width="70" height="12" rx="6" fill="D"/>',
  sweater:
    '<path d="M215 120 260 105Q300 130 340 105L385 120 470 195 500 420 455 428 428 268V480H172V268L145 428 100 420 130 195Z" fill="F"/><path d="M260 105Q300 150 340 105" fill="none" stroke="D" stroke-width="12"/><path d="M172 462H428M102 410 150 404M498 410 450 404" stroke="D" stroke-width="14"/>',
  underwear:
    '<path d="M225 125 265 110Q300 140 335 110L375 125 445 200 470 430 430 436 410 270V480H190V270L170 436 130 430 155 200Z" fill="F"/><path d="M265 110Q300 150 335 110" fill="none" stroke="D" stroke-width="8"/><path d="M190 470H410" stroke="D" stroke-width="10"/>',
  tshirt:
    '<path d="M215 130 262 112Q300 140 338 112L385 130 480 205 440 265 412 245V480H188V245L160 265 120 205Z" fill="F"/><path d="M262 112Q300 155 338 112" fill="none" stroke="D" stroke-width="10"/>',
  pants:
    '<path d="M195 100H405L440 495H335L300 215 265 495H160Z" fill="F"/><rect x="195" y="100" width="210" height="32" fill="D"/><path d="M300 132V215M240 170 225 250M360 170 375 250" stroke="D" stroke-width="7" fill="none"/>',
  overall:
    '<path d="M215 90H250V160H350V90H385V240H410L440 500H335L300 300 265 500H160L190 240H215Z" fill="F"/><rect x="250" y="180" width="100" height="60" rx="10" fill="D"/><path d="M190 240H410" stroke="D" stroke-width="10"/><circle cx="232" cy="165" r="9" fill="L"/><circle cx="368" cy="165" r="9" fill="L"/>',
  shoe: '<path d="M100 390Q110 300 190 285L300 250Q345 300 420 318Q505 338 505 390V410H100Z" fill="F"/><rect x="95" y="405" width="415" height="35" rx="14" fill="D"/><path d="M255 280 295 300M240 300 280 320M225 320 265 340" stroke="L" stroke-width="9" stroke-linecap="round"/>',
  boot: '<path d="M185 130H330L338 320Q445 330 485 380V415H165Z" fill="F"/><rect x="160" y="410" width="330" height="40" rx="12" fill="D"/><rect x="180" y="130" width="150" height="36" fill="D"/><path d="M230 200H300M230 240H300M230 280H305" stroke="L" stroke-width="9" stroke-linecap="round"/>',
  cap: '<path d="M165 400Q165 175 300 175Q435 175 435 400Z" fill="F"/><rect x="155" y="370" width="290" height="70" rx="20" fill="D"/><circle cx="300" cy="150" r="42" fill="L"/><path d="M230 210V370M300 180V370M370 210V370" stroke="D" stroke-width="6" opacity=".5"/>',
  headband:
    '<ellipse cx="300" cy="300" rx="190" ry="120" fill="F"/><ellipse cx="300" cy="300" rx="150" ry="70" fill="BG"/><path d="M120 300Q300 360 480 300" stroke="D" stroke-width="8" fill="none"/>',
  mitten:
    '<path d="M235 470V260Q235 150 315 150Q395 150 395 260V470Z" fill="F"/><path d="M240 330Q175 300 185 245Q200 210 245 250Z" fill="F"/><rect x="225" y="440" width="180" height="70" rx="14" fill="D"/>',
  glove:
    '<path d="M220 460V300H380V460Z" fill="F"/><rect x="220" y="160" width="36" height="160" rx="18" fill="F"/><rect x="262" y="130" width="36" height="190" rx="18" fill="F"/><rect x="304" y="140" width="36" height="180" rx="18" fill="F"/><rect x="346" y="175" width="34" height="145" rx="17" fill="F"/><path d="M222 360Q170 320 175 270Q190 240 228 300Z" fill="F"/><rect x="210" y="440" width="180" height="60" rx="12" fill="D"/>',
  backpack:
    '<rect x="180" y="140" width="240" height="340" rx="60" fill="F"/><path d="M180 220Q180 140 300 140Q420 140 420 220Z" fill="D"/><rect x="220" y="320" width="160" height="120" rx="24" fill="D"/><path d="M260 140Q260 95 300 95Q340 95 340 140" stroke="D" stroke-width="14" fill="none"/><path d="M240 380H360" stroke="L" stroke-width="8"/>',
  bottle:
    '<rect x="235" y="170" width="130" height="320" rx="40" fill="F"/><rect x="255" y="110" width="90" height="70" rx="16" fill="D"/><rect x="235" y="270" width="130" height="90" fill="L" opacity=".6"/>',
  drink:
    '<path d="M265 110H335V160Q370 190 370 240V480Q370 500 350 500H250Q230 500 230 480V240Q230 190 265 160Z" fill="F" opacity=".85"/><rect x="262" y="85" width="76" height="36" rx="8" fill="D"/><rect x="230" y="290" width="140" height="110" fill="L"/>',
  bar: '<g transform="rotate(-20 300 300)"><rect x="120" y="245" width="360" height="110" rx="14" fill="F"/><path d="M120 245 100 265V335L120 355M480 245 500 265V335L480 355" fill="D"/><rect x="200" y="275" width="200" height="50" rx="8" fill="L"/></g>',
  helmet:
    '<path d="M140 380Q140 170 310 165Q470 170 470 360L420 380Z" fill="F"/><path d="M140 380H420L400 420H170Z" fill="D"/><path d="M250 195 260 240M310 185V235M370 195 360 240" stroke="D" stroke-width="14" stroke-linecap="round"/><path d="M200 420 260 480 320 420" stroke="D" stroke-width="8" fill="none"/>',
  goggles:
    '<path d="M70 300H530" stroke="D" stroke-width="34"/><rect x="130" y="220" width="340" height="160" rx="70" fill="F"/><rect x="150" y="238" width="300" height="124" rx="56" fill="L"/><path d="M180 260Q300 235 420 260" stroke="#ffffff" stroke-width="10" fill="none" opacity=".7"/>',
  pole: '<path d="M220 90 280 520M380 90 320 520" stroke="D" stroke-width="12" stroke-linecap="round"/><rect x="200" y="80" width="40" height="100" rx="16" fill="F" transform="rotate(-8 220 130)"/><rect x="360" y="80" width="40" height="100" rx="16" fill="F" transform="rotate(8 380 130)"/><ellipse cx="272" cy="465" rx="40" ry="12" fill="F"/><ellipse cx="328" cy="465" rx="40" ry="12" fill="F"/>',
  sock: '<path d="M250 100H360V360Q360 420 320 450L250 500Q190 530 160 480Q140 440 190 410L250 370Z" fill="F"/><rect x="250" y="100" width="110" height="45" fill="D"/><path d="M160 480Q185 450 215 470" stroke="D" stroke-width="10" fill="none"/>',
};

const fallbackShape = shapes['jacket'] as string;

/**
 * A flat illustration of an article kind (jacket, pants, shoe, boot, cap, mitten, glove,
 * backpack, bottle, helmet, goggles, pole, sweater, underwear, sock, overall ...) in its
 * colour on a light background. Unknown kinds fall back to a jacket.
 */
export function articleSvg(kind: string, hex: string, options: ArticleSvgOptions = {}): string {
  const size = options.size ?? 600;
  const fill = toHex(parseHex(hex));
  // A white article on a white page disappears: give light colours a darker backdrop.
  const background = luminance(fill) > 0.85 ? '#dfe3e8' : '#f3f4f6';
  const body = (shapes[kind] ?? fallbackShape)
    .replaceAll('"F"', `"${fill}"`)
    .replaceAll('"D"', `"${shade(fill, luminance(fill) < 0.15 ? 0.35 : -0.3)}"`)
    .replaceAll('"L"', `"${shade(fill, 0.45)}"`)
    .replaceAll('"BG"', `"${background}"`);
  const title = escapeXml(options.title ?? kind);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="${size}" height="${size}" role="img"><title>${title}</title><rect width="600" height="600" fill="${background}"/><ellipse cx="300" cy="530" rx="200" ry="18" fill="#000" opacity=".06"/>${body}</svg>`;
}

/**
 * A banner with a title over stylised mountains, for campaigns, blog posts, polls,
 * categories and social posts. Default 1200 × 600; pass 600 × 600 for square feeds.
 */
export function bannerSvg(title: string, hex: string, options: BannerSvgOptions = {}): string {
  const width = options.width ?? 1200;
  const height = options.height ?? 600;
  const fill = toHex(parseHex(hex));
  const ink = luminance(fill) > 0.6 ? '#111827' : '#ffffff';
  const fontSize = Math.round(Math.min(width / Math.max(8, title.length * 0.62), height / 6));
  const subtitle = options.subtitle
    ? `<text x="${width * 0.06}" y="${height * 0.42 + fontSize}" font-size="${Math.round(fontSize * 0.45)}" fill="${ink}" font-family="system-ui,sans-serif">${escapeXml(options.subtitle)}</text>`
    : '';
  const h = height;
  const w = width;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>${escapeXml(title)}</title><rect width="${w}" height="${h}" fill="${fill}"/><path d="M0 ${h}L${w * 0.25} ${h * 0.55} ${w * 0.4} ${h * 0.72} ${w * 0.62} ${h * 0.45} ${w} ${h * 0.8}V${h}Z" fill="${shade(fill, -0.25)}"/><path d="M${w * 0.58} ${h * 0.52} ${w * 0.62} ${h * 0.45} ${w * 0.66} ${h * 0.52}Z" fill="#ffffff" opacity=".8"/><text x="${w * 0.06}" y="${h * 0.38}" font-size="${fontSize}" font-weight="700" fill="${ink}" font-family="system-ui,sans-serif">${escapeXml(title)}</text>${subtitle}</svg>`;
}

const palette = [
  '#1d4ed8',
  '#0f766e',
  '#b91c1c',
  '#7c3aed',
  '#c2410c',
  '#15803d',
  '#0e7490',
  '#be185d',
];

/** A stable banner colour for an id, so the same post always gets the same image. */
export function colourForId(id: number): string {
  return palette[Math.abs(Math.trunc(id)) % palette.length] as string;
}
