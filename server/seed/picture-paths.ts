/**
 * Paths and sizes of the reference backend's photographs (drawn by server/seed/photos.ts and
 * served by server/routes/images.ts). Kept apart from the drawing so that the seed and the
 * serializers can name a picture without loading the image library.
 */
import type { ApiPicture } from '../../contract/index.ts';

/** The views of an article in one colour, in the order the detail lists them. */
export const PICTURE_VIEWS = ['front', 'back', 'detail'] as const satisfies ReadonlyArray<
  ApiPicture['view']
>;

/** One of {@link PICTURE_VIEWS}. */
export type PictureView = (typeof PICTURE_VIEWS)[number];

/** Width and height of an article photograph: square, as the shop's cards are. */
export const ARTICLE_PHOTO_SIZE = 1500;

/** The banners the seed stores paths of, one folder under `/images/` each. */
export const BANNER_KINDS = ['campaigns', 'polls', 'blog', 'categories', 'social'] as const;

/** One of {@link BANNER_KINDS}. */
export type BannerKind = (typeof BANNER_KINDS)[number];

/** The two banner formats: 2:1 for wide screens and a square one (mobile, social feed). */
export const BANNER_SIZES = {
  wide: { width: 1600, height: 800 },
  square: { width: 1600, height: 1600 },
} as const;

/** One of the keys of {@link BANNER_SIZES}. */
export type BannerShape = keyof typeof BANNER_SIZES;

/** Whether `value` names a view of {@link PICTURE_VIEWS}. */
export function isPictureView(value: string): value is PictureView {
  return (PICTURE_VIEWS as readonly string[]).includes(value);
}

/** Public path of the photograph of an article in one of its colours. */
export function articlePicturePath(articleId: number, colorId: number, view: PictureView): string {
  return `/images/articles/${String(articleId)}/${String(colorId)}-${view}.jpg`;
}

/** The three photographs of an article in one colour, front first, as the detail lists them. */
export function articlePictures(articleId: number, colorId: number): ApiPicture[] {
  return PICTURE_VIEWS.map((view) => ({
    src: articlePicturePath(articleId, colorId, view),
    width: ARTICLE_PHOTO_SIZE,
    height: ARTICLE_PHOTO_SIZE,
    view,
  }));
}

/**
 * Public path of a banner: `/images/{kind}/{name}.jpg`, `{name}-mobile.jpg` for the square
 * one of a campaign or poll. `name` is the row's id (the social feed's position).
 */
export function bannerPath(kind: BannerKind, name: number, mobile = false): string {
  return `/images/${kind}/${String(name)}${mobile ? '-mobile' : ''}.jpg`;
}
