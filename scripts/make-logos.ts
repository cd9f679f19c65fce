/**
 * Writes each brand's logo as SVG and its PNG fallback (the spec: a failed vector logo falls
 * back to the bitmap logo) into public/brands/<id>/. Run after changing a brand's colours:
 * `node scripts/make-logos.ts`. The PNG is rendered from the same SVG with sharp (Astro's
 * own image dependency), at twice the display size for sharp screens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { brands } from '../src/brands/index.ts';

const marks: Record<string, (fill: string, accent: string) => string> = {
  // Two peaks: sport and outdoor.
  toppfart: (f, a) =>
    `<path d="M2 36 16 8l8 14 6-9 12 23Z" fill="${f}"/><path d="m16 8 4 8-4 3-4-3Z" fill="${a}"/>`,
  // A spruce: the forest.
  villmark: (f, a) =>
    `<path d="M20 2 6 22h8L4 34h32L26 22h8Z" fill="${f}"/><rect x="18" y="34" width="4" height="5" fill="${a}"/>`,
  // A round troll face with a hat: children.
  smatroll: (f, a) =>
    `<circle cx="20" cy="24" r="14" fill="${f}"/><path d="M8 16 20 2l12 14Z" fill="${a}"/><circle cx="15" cy="24" r="2" fill="#fff"/><circle cx="25" cy="24" r="2" fill="#fff"/>`,
};

for (const brand of brands) {
  const mark = marks[brand.id];
  if (!mark) throw new Error(`No logo mark for brand ${brand.id}`);
  const { width, height } = brand.logo;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><g>${mark(brand.theme.primary, brand.theme.accent)}</g><text x="46" y="29" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" letter-spacing="0.5" fill="${brand.theme.ink}">${brand.name}</text></svg>\n`;
  const dir = new URL(`../public/brands/${brand.id}/`, import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('logo.svg', dir), svg);
  const png = await sharp(Buffer.from(svg), { density: 144 })
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(new URL('logo.png', dir), png);
  console.log(`${brand.id}: logo.svg ${svg.length} B, logo.png ${png.length} B`);
}
