/**
 * Raster pictures for the reference backend that weigh what photographs weigh, so that every
 * speed figure of the shop (page weight, LCP, image decoding) is measured on realistic bytes
 * rather than on a few hundred bytes of SVG.
 *
 * - Article photographs: 1500 × 1500 JPEG, 100–250 KB, of a kind of garment (`image_kind`)
 *   in one colour, from three views: `front`, `back` (mirrored, with the back's seams) and
 *   `detail` (a close crop of the fabric). A studio look: a soft backdrop gradient, a shadow,
 *   the garment's shape lit from one side, fabric texture and sensor grain.
 * - Banners (campaigns, polls, blog posts, categories, social posts): a mountain landscape in
 *   the banner's colour, 1600 × 800 or 1600 × 1600 JPEG, 80–200 KB, no text (the pages set
 *   the title beside the picture).
 *
 * Drawing is deterministic: the same {@link PictureSpec} gives the same bytes with the same
 * image library. It costs a few hundred milliseconds, so pictures are drawn on their first
 * request and kept on disk (server/seed/picture-cache.ts), never at seed time.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  ARTICLE_PHOTO_SIZE,
  BANNER_SIZES,
  type BannerKind,
  type BannerShape,
  type PictureView,
} from './picture-paths.ts';

/**
 * Version of the drawing. Part of every picture's digest: raise it whenever a change to this
 * file changes what is drawn, so that no cache keeps serving the old pictures.
 */
export const PICTURE_VERSION = 1;

/** What an article photograph shows. */
export interface ArticlePhotoSpec {
  type: 'article';
  /** The kind of garment (`articles.image_kind`); unknown kinds are drawn as a jacket. */
  kind: string;
  /** The colour, `#rrggbb`. */
  hex: string;
  view: PictureView;
}

/** What a banner shows. */
export interface BannerSpec {
  type: 'banner';
  kind: BannerKind;
  shape: BannerShape;
  /** The banner's title: seeds the landscape, so each post gets its own. */
  title: string;
  /** The banner's colour, `#rrggbb` (see {@link colourForId}). */
  hex: string;
}

/** Everything that determines a picture. */
export type PictureSpec = ArticlePhotoSpec | BannerSpec;

/** A drawn picture with its digest (the `ETag`) and size in pixels. */
export interface Picture {
  bytes: Buffer;
  digest: string;
  width: number;
  height: number;
}

const JPEG_QUALITY = 80;

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => {
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

/** `#rrggbb` in lower case; anything else becomes the neutral slate of unknown colours. */
export const normalizeHex = (hex: string): string => toHex(parseHex(hex));

/** Mixes `a` towards `b` by `t` (0..1). */
const mix = (a: string, b: string, t: number): string => {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => v + ((y[i] as number) - v) * t));
};

/** Mixes a colour towards black (negative amount) or white (positive amount). */
const shade = (hex: string, amount: number): string =>
  amount < 0 ? mix(hex, '#000000', -amount) : mix(hex, '#ffffff', amount);

/** Relative luminance 0..1. */
const luminance = (hex: string): number => {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

const banners = [
  '#1d4ed8',
  '#0f766e',
  '#b91c1c',
  '#7c3aed',
  '#c2410c',
  '#15803d',
  '#0e7490',
  '#be185d',
];

/** A stable banner colour for an id, so the same post always gets the same picture. */
export function colourForId(id: number): string {
  return banners[Math.abs(Math.trunc(id)) % banners.length] as string;
}

// --- Digests and randomness --------------------------------------------------------------

const canonical = (spec: PictureSpec): unknown[] =>
  spec.type === 'article'
    ? ['article', spec.kind, normalizeHex(spec.hex), spec.view, ARTICLE_PHOTO_SIZE]
    : [
        'banner',
        spec.kind,
        spec.shape,
        spec.title,
        normalizeHex(spec.hex),
        BANNER_SIZES[spec.shape].width,
        BANNER_SIZES[spec.shape].height,
      ];

/**
 * The digest of a picture: of the drawing's version, the image library's and everything the
 * spec says (kind, colour, view, size). Pictures are cached under it, so two databases whose
 * articles differ under the same id never share a file, and it is the answer's `ETag`.
 */
export function pictureDigest(spec: PictureSpec): string {
  return createHash('sha256')
    .update(JSON.stringify([PICTURE_VERSION, sharp.versions.vips, ...canonical(spec)]))
    .digest('hex')
    .slice(0, 32);
}

/** Width and height of the picture a spec draws. */
export function pictureSize(spec: PictureSpec): { width: number; height: number } {
  return spec.type === 'article'
    ? { width: ARTICLE_PHOTO_SIZE, height: ARTICLE_PHOTO_SIZE }
    : BANNER_SIZES[spec.shape];
}

/** A 32-bit seed from the spec alone, so the pixels do not change with library versions. */
const seedOf = (spec: PictureSpec): number =>
  createHash('sha256')
    .update(JSON.stringify(canonical(spec)))
    .digest()
    .readUInt32LE(0);

/** mulberry32: fast enough for one draw per pixel, and seedable. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A table of roughly normal noise (mean 0, standard deviation 1), read at a random offset per
 * row: as irregular to the eye and to JPEG as fresh noise per pixel, at a fraction of the cost.
 */
function noiseTable(next: () => number, length: number): Float32Array {
  const table = new Float32Array(length);
  // The sum of three uniforms has a standard deviation of 0.5.
  for (let i = 0; i < length; i++) table[i] = (next() + next() + next() - 1.5) * 2;
  return table;
}

// --- Rendering helpers -------------------------------------------------------------------

/**
 * Renders a smooth SVG (gradients, blurred shadows) at its own small size and scales the
 * pixels up: 16 × cheaper than drawing it full size. Two pipelines, since within one sharp
 * would render the SVG at the output's size.
 */
async function renderSmoothRgb(svg: string, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

async function renderRgba(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

async function encodeJpeg(rgb: Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

// --- Article photographs -----------------------------------------------------------------

type Material = 'woven' | 'knit' | 'smooth';

interface KindStyle {
  /**
   * Silhouette in a 600 × 600 box. `F` is the article colour, `D` a darker shade for seams
   * and soles, `L` a lighter one for highlights.
   */
  shape: string;
  /** Seams, pockets and labels of the back, drawn within the silhouette. */
  back: string;
  material: Material;
  /** Centre of the detail view's close crop, in the 600 box. */
  focus: [number, number];
  /** Where the article rests (its lowest y) and the half width of its contact shadow. */
  floor: [number, number];
}

const upperBack =
  '<path d="M120 215Q300 250 480 215" stroke="D" stroke-width="6" fill="none"/><path d="M300 232V480" stroke="D" stroke-width="4" fill="none" opacity=".6"/><rect x="286" y="122" width="28" height="16" rx="2" fill="L"/>';
const legsBack =
  '<rect x="205" y="165" width="70" height="60" rx="10" fill="none" stroke="D" stroke-width="6"/><rect x="325" y="165" width="70" height="60" rx="10" fill="none" stroke="D" stroke-width="6"/><path d="M195 145H405" stroke="D" stroke-width="5"/>';

const kinds: Record<string, KindStyle> = {
  jacket: {
    shape:
      '<path d="M215 120 260 100Q300 135 340 100L385 120 470 195 505 405 455 418 428 268V490H172V268L145 418 95 405 130 195Z" fill="F"/><path d="M300 132V490M172 400H428" stroke="D" stroke-width="8" fill="none"/><path d="M260 100Q300 160 340 100" fill="D"/><rect x="195" y="330" width="70" height="12" rx="6" fill="D"/><rect x="335" y="330" width="70" height="12" rx="6" fill="D"/>',
    back: `${upperBack}<path d="M172 400H428" stroke="D" stroke-width="8"/>`,
    material: 'woven',
    focus: [300, 335],
    floor: [492, 190],
  },
  sweater: {
    shape:
      '<path d="M215 120 260 105Q300 130 340 105L385 120 470 195 500 420 455 428 428 268V480H172V268L145 428 100 420 130 195Z" fill="F"/><path d="M260 105Q300 150 340 105" fill="none" stroke="D" stroke-width="12"/><path d="M172 462H428M102 410 150 404M498 410 450 404" stroke="D" stroke-width="14"/>',
    back: `${upperBack}<path d="M172 462H428M102 410 150 404M498 410 450 404" stroke="D" stroke-width="14"/>`,
    material: 'knit',
    focus: [300, 150],
    floor: [482, 185],
  },
  underwear: {
    shape:
      '<path d="M225 125 265 110Q300 140 335 110L375 125 445 200 470 430 430 436 410 270V480H190V270L170 436 130 430 155 200Z" fill="F"/><path d="M265 110Q300 150 335 110" fill="none" stroke="D" stroke-width="8"/><path d="M190 470H410" stroke="D" stroke-width="10"/>',
    back: `${upperBack}<path d="M190 470H410" stroke="D" stroke-width="10"/>`,
    material: 'knit',
    focus: [300, 160],
    floor: [482, 160],
  },
  tshirt: {
    shape:
      '<path d="M215 130 262 112Q300 140 338 112L385 130 480 205 440 265 412 245V480H188V245L160 265 120 205Z" fill="F"/><path d="M262 112Q300 155 338 112" fill="none" stroke="D" stroke-width="10"/>',
    back: upperBack,
    material: 'knit',
    focus: [300, 170],
    floor: [482, 170],
  },
  pants: {
    shape:
      '<path d="M195 100H405L440 495H335L300 215 265 495H160Z" fill="F"/><rect x="195" y="100" width="210" height="32" fill="D"/><path d="M300 132V215M240 170 225 250M360 170 375 250" stroke="D" stroke-width="7" fill="none"/>',
    back: `<rect x="195" y="100" width="210" height="32" fill="D"/>${legsBack}`,
    material: 'woven',
    focus: [300, 165],
    floor: [497, 140],
  },
  overall: {
    shape:
      '<path d="M215 90H250V160H350V90H385V240H410L440 500H335L300 300 265 500H160L190 240H215Z" fill="F"/><rect x="250" y="180" width="100" height="60" rx="10" fill="D"/><path d="M190 240H410" stroke="D" stroke-width="10"/><circle cx="232" cy="165" r="9" fill="L"/><circle cx="368" cy="165" r="9" fill="L"/>',
    back: '<path d="M232 90 300 190 368 90" stroke="D" stroke-width="10" fill="none"/><path d="M190 240H410" stroke="D" stroke-width="10"/><rect x="215" y="270" width="60" height="55" rx="10" fill="none" stroke="D" stroke-width="6"/><rect x="325" y="270" width="60" height="55" rx="10" fill="none" stroke="D" stroke-width="6"/>',
    material: 'woven',
    focus: [300, 215],
    floor: [502, 140],
  },
  shoe: {
    shape:
      '<path d="M100 390Q110 300 190 285L300 250Q345 300 420 318Q505 338 505 390V410H100Z" fill="F"/><rect x="95" y="405" width="415" height="35" rx="14" fill="D"/><path d="M255 280 295 300M240 300 280 320M225 320 265 340" stroke="L" stroke-width="9" stroke-linecap="round"/>',
    back: '<rect x="95" y="405" width="415" height="35" rx="14" fill="D"/><path d="M100 300H170V410H100Z" fill="D" opacity=".7"/><path d="M190 360Q330 330 500 370" stroke="L" stroke-width="10" fill="none"/>',
    material: 'smooth',
    focus: [265, 320],
    floor: [442, 205],
  },
  boot: {
    shape:
      '<path d="M185 130H330L338 320Q445 330 485 380V415H165Z" fill="F"/><rect x="160" y="410" width="330" height="40" rx="12" fill="D"/><rect x="180" y="130" width="150" height="36" fill="D"/><path d="M230 200H300M230 240H300M230 280H305" stroke="L" stroke-width="9" stroke-linecap="round"/>',
    back: '<rect x="160" y="410" width="330" height="40" rx="12" fill="D"/><rect x="180" y="130" width="150" height="36" fill="D"/><rect x="165" y="90" width="24" height="60" rx="8" fill="D"/><path d="M165 300H215V412H165Z" fill="D" opacity=".7"/>',
    material: 'smooth',
    focus: [265, 240],
    floor: [452, 165],
  },
  cap: {
    shape:
      '<path d="M165 400Q165 175 300 175Q435 175 435 400Z" fill="F"/><rect x="155" y="370" width="290" height="70" rx="20" fill="D"/><circle cx="300" cy="150" r="42" fill="L"/><path d="M230 210V370M300 180V370M370 210V370" stroke="D" stroke-width="6" opacity=".5"/>',
    back: '<rect x="155" y="370" width="290" height="70" rx="20" fill="D"/><circle cx="300" cy="150" r="42" fill="L"/><rect x="250" y="340" width="100" height="26" rx="10" fill="D"/>',
    material: 'knit',
    focus: [300, 250],
    floor: [442, 145],
  },
  headband: {
    shape:
      '<path d="M110 300a190 120 0 1 0 380 0a190 120 0 1 0-380 0ZM150 300a150 70 0 1 0 300 0a150 70 0 1 0-300 0Z" fill-rule="evenodd" fill="F"/><ellipse cx="300" cy="300" rx="170" ry="95" fill="none" stroke="D" stroke-width="5" stroke-dasharray="14 10"/>',
    back: '<path d="M300 180V230M300 370V420" stroke="D" stroke-width="8"/><rect x="285" y="385" width="30" height="18" rx="3" fill="L"/>',
    material: 'knit',
    focus: [300, 205],
    floor: [422, 180],
  },
  mitten: {
    shape:
      '<path d="M235 470V260Q235 150 315 150Q395 150 395 260V470Z" fill="F"/><path d="M240 330Q175 300 185 245Q200 210 245 250Z" fill="F"/><rect x="225" y="440" width="180" height="70" rx="14" fill="D"/>',
    back: '<rect x="225" y="440" width="180" height="70" rx="14" fill="D"/><path d="M250 260Q315 230 380 260V380Q315 410 250 380Z" fill="L" opacity=".55"/>',
    material: 'knit',
    focus: [315, 320],
    floor: [512, 95],
  },
  glove: {
    shape:
      '<path d="M220 460V300H380V460Z" fill="F"/><rect x="220" y="160" width="36" height="160" rx="18" fill="F"/><rect x="262" y="130" width="36" height="190" rx="18" fill="F"/><rect x="304" y="140" width="36" height="180" rx="18" fill="F"/><rect x="346" y="175" width="34" height="145" rx="17" fill="F"/><path d="M222 360Q170 320 175 270Q190 240 228 300Z" fill="F"/><rect x="210" y="440" width="180" height="60" rx="12" fill="D"/>',
    back: '<rect x="210" y="440" width="180" height="60" rx="12" fill="D"/><rect x="235" y="310" width="130" height="100" rx="20" fill="L" opacity=".55"/><path d="M238 200V300M280 170V300M322 180V300M363 210V300" stroke="L" stroke-width="14" stroke-linecap="round" opacity=".55"/>',
    material: 'woven',
    focus: [300, 320],
    floor: [502, 95],
  },
  backpack: {
    shape:
      '<rect x="180" y="140" width="240" height="340" rx="60" fill="F"/><path d="M180 220Q180 140 300 140Q420 140 420 220Z" fill="D"/><rect x="220" y="320" width="160" height="120" rx="24" fill="D"/><path d="M260 140Q260 95 300 95Q340 95 340 140" stroke="D" stroke-width="14" fill="none"/><path d="M240 380H360" stroke="L" stroke-width="8"/>',
    back: '<path d="M260 140Q260 95 300 95Q340 95 340 140" stroke="D" stroke-width="14" fill="none"/><rect x="215" y="170" width="40" height="260" rx="18" fill="D"/><rect x="345" y="170" width="40" height="260" rx="18" fill="D"/><rect x="240" y="200" width="120" height="170" rx="20" fill="L" opacity=".45"/>',
    material: 'woven',
    focus: [300, 360],
    floor: [482, 120],
  },
  bottle: {
    shape:
      '<rect x="235" y="170" width="130" height="320" rx="40" fill="F"/><rect x="255" y="110" width="90" height="70" rx="16" fill="D"/><rect x="235" y="270" width="130" height="90" fill="L" opacity=".6"/>',
    back: '<rect x="255" y="110" width="90" height="70" rx="16" fill="D"/><rect x="250" y="280" width="100" height="60" fill="L"/><path d="M262 290V330M272 290V330M286 290V330M294 290V330M308 290V330M322 290V330M334 290V330" stroke="D" stroke-width="4"/>',
    material: 'smooth',
    focus: [300, 250],
    floor: [492, 70],
  },
  drink: {
    shape:
      '<path d="M265 110H335V160Q370 190 370 240V480Q370 500 350 500H250Q230 500 230 480V240Q230 190 265 160Z" fill="F" opacity=".85"/><rect x="262" y="85" width="76" height="36" rx="8" fill="D"/><rect x="230" y="290" width="140" height="110" fill="L"/>',
    back: '<rect x="262" y="85" width="76" height="36" rx="8" fill="D"/><rect x="240" y="280" width="120" height="140" fill="L"/><path d="M252 300H348M252 320H330M252 340H348M252 360H320M252 380H340" stroke="D" stroke-width="5"/>',
    material: 'smooth',
    focus: [300, 300],
    floor: [502, 75],
  },
  bar: {
    shape:
      '<g transform="rotate(-20 300 300)"><rect x="120" y="245" width="360" height="110" rx="14" fill="F"/><path d="M120 245 100 265V335L120 355M480 245 500 265V335L480 355" fill="D"/><rect x="200" y="275" width="200" height="50" rx="8" fill="L"/></g>',
    back: '<g transform="rotate(-20 300 300)"><path d="M120 300H480" stroke="D" stroke-width="10"/><rect x="330" y="315" width="110" height="28" fill="L"/></g>',
    material: 'smooth',
    focus: [300, 300],
    floor: [418, 170],
  },
  helmet: {
    shape:
      '<path d="M140 380Q140 170 310 165Q470 170 470 360L420 380Z" fill="F"/><path d="M140 380H420L400 420H170Z" fill="D"/><path d="M250 195 260 240M310 185V235M370 195 360 240" stroke="D" stroke-width="14" stroke-linecap="round"/><path d="M200 420 260 480 320 420" stroke="D" stroke-width="8" fill="none"/>',
    back: '<path d="M140 380H420L400 420H170Z" fill="D"/><rect x="250" y="320" width="110" height="40" rx="12" fill="D"/><path d="M200 230Q305 200 410 230" stroke="D" stroke-width="12" fill="none"/>',
    material: 'smooth',
    focus: [305, 255],
    floor: [482, 150],
  },
  goggles: {
    shape:
      '<path d="M70 300H530" stroke="D" stroke-width="34"/><rect x="130" y="220" width="340" height="160" rx="70" fill="F"/><rect x="150" y="238" width="300" height="124" rx="56" fill="L"/><path d="M180 260Q300 235 420 260" stroke="#ffffff" stroke-width="10" fill="none" opacity=".7"/>',
    back: '<path d="M70 300H530" stroke="D" stroke-width="34"/><rect x="150" y="238" width="300" height="124" rx="56" fill="D" opacity=".8"/><path d="M250 300H350" stroke="L" stroke-width="14" stroke-linecap="round"/>',
    material: 'smooth',
    focus: [300, 290],
    floor: [385, 210],
  },
  pole: {
    shape:
      '<path d="M220 90 280 520M380 90 320 520" stroke="D" stroke-width="12" stroke-linecap="round"/><rect x="200" y="80" width="40" height="100" rx="16" fill="F" transform="rotate(-8 220 130)"/><rect x="360" y="80" width="40" height="100" rx="16" fill="F" transform="rotate(8 380 130)"/><ellipse cx="272" cy="465" rx="40" ry="12" fill="F"/><ellipse cx="328" cy="465" rx="40" ry="12" fill="F"/>',
    back: '<path d="M220 90 280 520M380 90 320 520" stroke="D" stroke-width="12" stroke-linecap="round"/><path d="M205 150Q220 190 235 150M365 150Q380 190 395 150" stroke="D" stroke-width="6" fill="none"/>',
    material: 'smooth',
    focus: [228, 140],
    floor: [522, 90],
  },
  sock: {
    shape:
      '<path d="M250 100H360V360Q360 420 320 450L250 500Q190 530 160 480Q140 440 190 410L250 370Z" fill="F"/><rect x="250" y="100" width="110" height="45" fill="D"/><path d="M160 480Q185 450 215 470" stroke="D" stroke-width="10" fill="none"/>',
    back: '<rect x="250" y="100" width="110" height="45" fill="D"/><path d="M300 360Q360 380 350 430Q320 460 290 430Z" fill="D" opacity=".8"/>',
    material: 'knit',
    focus: [300, 200],
    floor: [528, 120],
  },
};

const fallbackKind = kinds['jacket'] as KindStyle;

// Fabric structure and grain per material, in grey levels. The grain (the only part JPEG
// cannot predict) sets the file size: these land every kind and view in 100–250 KB.
const materials: Record<Material, { period: number; weave: number; grain: number }> = {
  woven: { period: 5, weave: 9, grain: 4.2 },
  knit: { period: 6, weave: 11, grain: 4.2 },
  smooth: { period: 0, weave: 0, grain: 3.8 },
};
const BACKDROP_GRAIN = 3.2;
const DETAIL_ZOOM = 3;
const DETAIL_GRAIN = 0.8;
// Smooth layers (backdrop, shadows, depth) are drawn at a quarter of the size.
const SMOOTH_SIZE = ARTICLE_PHOTO_SIZE / 4;

/** The colours a silhouette is painted in, kept off pure black and white so grain shows. */
function palette(hex: string): { fill: string; dark: string; light: string; bg: string } {
  const [r, g, b] = parseHex(hex);
  const fill = toHex([r, g, b].map((v) => 16 + v * 0.82));
  return {
    fill,
    dark: shade(fill, luminance(fill) < 0.2 ? 0.3 : -0.3),
    light: shade(fill, 0.4),
    // A white article on a white backdrop disappears: light colours get a darker one.
    bg: luminance(fill) > 0.7 ? '#c9ced4' : '#e3e6e9',
  };
}

const paint = (markup: string, colours: ReturnType<typeof palette>): string =>
  markup
    .replaceAll('"F"', `"${colours.fill}"`)
    .replaceAll('"D"', `"${colours.dark}"`)
    .replaceAll('"L"', `"${colours.light}"`);

/** The silhouette alone: every part in the article colour. */
const silhouette = (markup: string): string =>
  markup.replaceAll('"D"', '"F"').replaceAll('"L"', '"F"').replaceAll('"#ffffff"', '"F"');

const svgOpen = (viewBox: string, size: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${String(size)}" height="${String(size)}">`;

const MIRROR = 'translate(600 0) scale(-1 1)';

/** The backdrop with the article's shadows, opaque. */
function backdropSvg(style: KindStyle, view: PictureView, viewBox: string, bg: string): string {
  const top = shade(bg, -0.06);
  const floor = shade(bg, 0.05);
  const body = silhouette(style.shape).replaceAll('"F"', '"#000"');
  const flip = view === 'back' ? ` transform="${MIRROR}"` : '';
  return `${svgOpen(viewBox, SMOOTH_SIZE)}<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".72" stop-color="${bg}"/><stop offset="1" stop-color="${floor}"/></linearGradient><radialGradient id="spot" cx=".42" cy=".38" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter><filter id="contact" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="6"/></filter></defs><rect x="-600" y="-600" width="1800" height="1800" fill="url(#wall)"/><rect x="-600" y="-600" width="1800" height="1800" fill="url(#spot)"/><ellipse cx="300" cy="${String(style.floor[0] + 12)}" rx="${String(style.floor[1])}" ry="16" fill="#000" opacity=".16" filter="url(#contact)"/><g opacity=".2" filter="url(#soft)"><g transform="translate(12 16)"><g${flip}>${body}</g></g></g></svg>`;
}

/** The article alone on a transparent ground: its alpha is where the fabric is. */
function garmentSvg(style: KindStyle, view: PictureView, viewBox: string, hex: string): string {
  const colours = palette(hex);
  if (view !== 'back')
    return `${svgOpen(viewBox, ARTICLE_PHOTO_SIZE)}${paint(style.shape, colours)}</svg>`;
  // The back: the silhouette mirrored, its front details gone, the back's own drawn within it.
  const mask = silhouette(style.shape).replaceAll('"F"', '"#fff"');
  return `${svgOpen(viewBox, ARTICLE_PHOTO_SIZE)}<defs><mask id="shape" maskUnits="userSpaceOnUse" x="0" y="0" width="600" height="600">${mask}</mask></defs><g transform="${MIRROR}">${paint(silhouette(style.shape), colours)}<g mask="url(#shape)">${paint(style.back, colours)}</g></g></svg>`;
}

/**
 * Draws an article photograph: 1500 × 1500 JPEG of `spec.kind` in `spec.hex` from
 * `spec.view`. Deterministic for the same spec and image library.
 */
export async function drawArticlePhoto(spec: ArticlePhotoSpec): Promise<Buffer> {
  const size = ARTICLE_PHOTO_SIZE;
  const style = kinds[spec.kind] ?? fallbackKind;
  const colours = palette(normalizeHex(spec.hex));
  const zoom = spec.view === 'detail' ? DETAIL_ZOOM : 1;
  const span = 600 / zoom;
  const [fx, fy] = spec.view === 'detail' ? style.focus : [300, 300];
  const viewBox = `${String(fx - span / 2)} ${String(fy - span / 2)} ${String(span)} ${String(span)}`;

  const [backdrop, garment] = await Promise.all([
    renderSmoothRgb(backdropSvg(style, spec.view, viewBox, colours.bg), size, size),
    renderRgba(garmentSvg(style, spec.view, viewBox, normalizeHex(spec.hex))),
  ]);
  // Folds and volume: the fabric darkens towards its edges, where the blurred alpha falls off.
  const depth = await sharp(garment, { raw: { width: size, height: size, channels: 4 } })
    .extractChannel(3)
    .resize(SMOOTH_SIZE, SMOOTH_SIZE)
    .blur((18 * zoom) / 4)
    .resize(size, size, { kernel: 'cubic' })
    .raw()
    .toBuffer();

  const next = random(seedOf(spec));
  const noise = noiseTable(next, 1 << 16);
  const material = materials[style.material];
  const period = material.period * zoom;
  const wave = (p: number, length: number): Float32Array => {
    const table = new Float32Array(length);
    for (let i = 0; i < length; i++) table[i] = p > 0 ? Math.sin((2 * Math.PI * i) / p) : 0;
    return table;
  };
  // Threads across and along, and a twill's diagonal (read at x + y, hence twice as long).
  const sx = wave(period, size);
  const sy = sx;
  const sd = wave(period * 1.4, size * 2);
  const shiny = style.material === 'smooth';
  // A close-up fills the frame with fabric, which costs more bytes per pixel than backdrop.
  const fabricGrain = material.grain * (spec.view === 'detail' && !shiny ? DETAIL_GRAIN : 1);
  // Light from the upper left at the front and the upper right at the back.
  const lightX = spec.view === 'back' ? -1 : 1;
  const out = new Uint8ClampedArray(size * size * 3);
  for (let y = 0; y < size; y++) {
    let n = Math.floor(next() * noise.length);
    const v = y / size;
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const o = i * 3;
      n = (n + 1) & 0xffff;
      const grain = noise[n] as number;
      const a = (garment[i * 4 + 3] as number) / 255;
      let r = backdrop[o] as number;
      let g = backdrop[o + 1] as number;
      let b = backdrop[o + 2] as number;
      if (a > 0) {
        const u = lightX > 0 ? x / size : 1 - x / size;
        let light = 1.1 - 0.2 * (u + v) * 0.5;
        light *= 0.74 + 0.26 * ((depth[i] as number) / 255);
        if (shiny) {
          const dx = u - 0.38;
          const dy = v - 0.32;
          light += 0.22 * Math.exp(-(dx * dx + dy * dy) * 18);
        }
        const weave =
          period > 0
            ? ((sx[x] as number) * (sy[y] as number) * 0.6 + (sd[x + y] as number) * 0.4) *
              material.weave
            : 0;
        const fabric = weave + grain * fabricGrain;
        r = r * (1 - a) + ((garment[i * 4] as number) * light + fabric) * a;
        g = g * (1 - a) + ((garment[i * 4 + 1] as number) * light + fabric) * a;
        b = b * (1 - a) + ((garment[i * 4 + 2] as number) * light + fabric) * a;
      }
      // Sensor grain everywhere, in luminance: a photograph's noise is mostly there.
      const backdropGrain = grain * BACKDROP_GRAIN * (1 - a);
      out[o] = r + backdropGrain;
      out[o + 1] = g + backdropGrain;
      out[o + 2] = b + backdropGrain;
    }
  }
  return encodeJpeg(out, size, size);
}

// --- Banners -----------------------------------------------------------------------------

// Grain in grey levels, less on the square banners, which have twice the pixels.
const SKY_GRAIN = 2.6;
const LAND_GRAIN = 4.6;
const LAND_TEXTURE = 8;
const SQUARE_GRAIN = 0.6;
const RIDGES = 4;

/** A ridge line: `points + 1` heights in 0..1 by midpoint displacement. */
function ridge(next: () => number, points: number, roughness: number): number[] {
  const heights = new Array<number>(points + 1).fill(0);
  heights[0] = next();
  heights[points] = next();
  for (let step = points, spread = 1; step > 1; step /= 2, spread *= roughness) {
    for (let i = step / 2; i < points; i += step) {
      const mid = ((heights[i - step / 2] as number) + (heights[i + step / 2] as number)) / 2;
      heights[i] = mid + (next() - 0.5) * spread;
    }
  }
  const min = Math.min(...heights);
  const max = Math.max(...heights);
  return heights.map((h) => (h - min) / (max - min || 1));
}

/** The landscape's layers: sky (smooth, drawn small) and ridges (sharp, drawn full size). */
function landscape(
  next: () => number,
  hex: string,
  width: number,
  height: number,
): { sky: string; land: string } {
  const skyTop = mix(hex, '#0b1726', 0.45);
  const skyMid = mix(hex, '#9cc3e6', 0.6);
  const horizon = mix(hex, '#fbe3c0', 0.82);
  const sunX = width * (0.2 + next() * 0.6);
  const sunY = height * (0.18 + next() * 0.2);
  const clouds = Array.from({ length: 4 }, () => {
    const cx = width * next();
    const cy = height * (0.08 + next() * 0.3);
    const rx = width * (0.12 + next() * 0.18);
    return `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${(rx * 0.16).toFixed(1)}"/>`;
  }).join('');
  const small = 4;
  const sky = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(width)} ${String(height)}" width="${String(width / small)}" height="${String(height / small)}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset=".45" stop-color="${skyMid}"/><stop offset=".75" stop-color="${horizon}"/></linearGradient><radialGradient id="sun" cx="${(sunX / width).toFixed(3)}" cy="${(sunY / height).toFixed(3)}" r=".45" gradientTransform="translate(${(sunX / width).toFixed(3)} ${(sunY / height).toFixed(3)}) scale(${(height / width).toFixed(3)} 1) translate(${(-sunX / width).toFixed(3)} ${(-sunY / height).toFixed(3)})"><stop offset="0" stop-color="#fffbe8" stop-opacity=".95"/><stop offset=".08" stop-color="#fff3cf" stop-opacity=".7"/><stop offset="1" stop-color="#fff3cf" stop-opacity="0"/></radialGradient><filter id="cloud" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${String(height / 40)}"/></filter></defs><rect width="100%" height="100%" fill="url(#sky)"/><rect width="100%" height="100%" fill="url(#sun)"/><g fill="#ffffff" opacity=".45" filter="url(#cloud)">${clouds}</g></svg>`;

  const layers: string[] = [];
  const points = 128;
  for (let i = 0; i < RIDGES; i++) {
    const depth = i / (RIDGES - 1);
    const base = height * (0.5 + 0.13 * i);
    const amplitude = height * (0.32 - 0.06 * i);
    const heights = ridge(next, points, 0.5 + 0.06 * i);
    const coords = heights.map(
      (h, k) => `${((k / points) * width).toFixed(1)} ${(base - h * amplitude).toFixed(1)}`,
    );
    const path = `M0 ${String(height)}L${coords.join(' ')}L${String(width)} ${String(height)}Z`;
    // Far ridges fade into the sky's haze; near ones are dark forest tinted with the colour.
    const near = mix(mix(hex, '#1b2a22', 0.78), '#0e1512', depth * 0.5);
    const fill = mix(near, skyMid, (1 - depth) * 0.65);
    layers.push(`<path d="${path}" fill="${fill}"/>`);
    if (i < 2) {
      // Snow on the far peaks, down to a ragged line as drifts and rock leave it.
      const snowline = base - amplitude * (0.62 + 0.1 * i);
      const edge = ridge(next, points, 0.7).map(
        (h, k) =>
          `${((k / points) * width).toFixed(1)} ${(snowline + h * amplitude * 0.18).toFixed(1)}`,
      );
      layers.push(
        `<clipPath id="snow${String(i)}"><path d="M0 0L${edge.join(' ')}L${String(width)} 0Z"/></clipPath><path d="${path}" fill="${mix('#f4f7fb', skyMid, 0.25 - 0.1 * i)}" clip-path="url(#snow${String(i)})"/>`,
      );
    }
  }
  const land = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(width)} ${String(height)}" width="${String(width)}" height="${String(height)}">${layers.join('')}</svg>`;
  return { sky, land };
}

/**
 * Draws a banner: a mountain landscape under a sky in `spec.hex`, shaped by `spec.title`,
 * 1600 × 800 (`wide`) or 1600 × 1600 (`square`) JPEG. Deterministic for the same spec and
 * image library.
 */
export async function drawBanner(spec: BannerSpec): Promise<Buffer> {
  const { width, height } = BANNER_SIZES[spec.shape];
  const next = random(seedOf(spec));
  const { sky, land } = landscape(next, normalizeHex(spec.hex), width, height);
  const [skyRgb, landRgba] = await Promise.all([
    renderSmoothRgb(sky, width, height),
    renderRgba(land),
  ]);
  const noise = noiseTable(next, 1 << 16);
  // Rock and forest: value noise on a coarse grid, read bilinearly.
  const cell = 6;
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = noiseTable(next, gw * gh);
  const scale = spec.shape === 'square' ? SQUARE_GRAIN : 1;
  const out = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y++) {
    let n = Math.floor(next() * noise.length);
    // Near ground (lower) shows its texture; far ridges fade into haze.
    const relief = LAND_TEXTURE * scale * (0.3 + (0.7 * y) / height);
    const gy = y / cell;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const o = i * 3;
      n = (n + 1) & 0xffff;
      const a = (landRgba[i * 4 + 3] as number) / 255;
      let texture = 0;
      if (a > 0) {
        const gx = x / cell;
        const x0 = Math.floor(gx);
        const fx = gx - x0;
        const g0 = y0 * gw + x0;
        const top = (grid[g0] as number) * (1 - fx) + (grid[g0 + 1] as number) * fx;
        const bottom = (grid[g0 + gw] as number) * (1 - fx) + (grid[g0 + gw + 1] as number) * fx;
        texture = (top * (1 - fy) + bottom * fy) * relief;
      }
      const grain = (noise[n] as number) * (SKY_GRAIN + (LAND_GRAIN - SKY_GRAIN) * a) * scale;
      for (let c = 0; c < 3; c++) {
        const skyValue = skyRgb[o + c] as number;
        const landValue = (landRgba[i * 4 + c] as number) + texture;
        out[o + c] = skyValue * (1 - a) + landValue * a + grain;
      }
    }
  }
  return encodeJpeg(out, width, height);
}

/** Draws the picture a spec describes (see {@link drawArticlePhoto} and {@link drawBanner}). */
export function drawPicture(spec: PictureSpec): Promise<Buffer> {
  return spec.type === 'article' ? drawArticlePhoto(spec) : drawBanner(spec);
}
