import { z } from 'astro/zod';
import { isRecord, isString } from '../../contract/guards.ts';

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a #rrggbb colour');
const path = z.string().startsWith('/');

/** A host name in lowercase ASCII (punycode for other letters), with a port where needed. */
const hostName = z
  .string()
  .regex(
    /^(?=.{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/,
    'must be a lowercase host name, such as bilder.kjede.no',
  );

/**
 * Whether `base` can resolve path-only picture names: a same-site path prefix (`/images/`) or
 * an https URL on one of `hosts` without user, query or fragment; either ends with `/`, so
 * that `a.jpg` resolves beneath it rather than beside it.
 */
function usableBase(base: string, hosts: readonly string[]): boolean {
  if (!base.endsWith('/')) return false;
  if (base.startsWith('/')) return !base.startsWith('//') && !base.includes('\\');
  const url = URL.parse(base);
  return (
    url?.protocol === 'https:' &&
    url.href === base &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    hosts.includes(url.host)
  );
}

/**
 * The build-time settings of one brand. Every brand file is parsed with this schema when
 * the site is built, so a typo in a brand file fails the build instead of shipping.
 */
export const brandSchema = z
  .object({
    /** Brand id; also the tenant id the API knows it by and the `dist/<id>` folder. */
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    /** The brand's own domain; canonical URLs and the sitemap use it. */
    siteUrl: z.url().refine((u) => u.startsWith('https://'), 'must be https'),
    /** Shown only to machines (JSON-LD, OpenGraph), never as page text. */
    name: z.string().min(1),
    description: z.string().min(50).max(160),
    logo: z.object({
      svg: path.endsWith('.svg'),
      png: path.endsWith('.png'),
      width: z.int().positive(),
      height: z.int().positive(),
    }),
    /** Colour tokens; Tailwind reads them as CSS variables (src/styles/global.css). */
    theme: z.object({
      primary: hex,
      primaryInk: hex,
      accent: hex,
      surface: hex,
      ink: hex,
    }),
    pages: z.object({
      about: z.boolean(),
      support: z.boolean(),
      info: z.boolean(),
      maintenance: z.boolean(),
      childrenPages: z.boolean(),
      /** The blog (`/blogg`), its categories and RSS feed. */
      blog: z.boolean(),
      /** Polls (`/avstemning`). */
      polls: z.boolean(),
      /** The shop finder (`/butikker`) and a page per shop. */
      shops: z.boolean(),
      /** The social feed on the home page. */
      socialFeed: z.boolean(),
    }),
    header: z.object({
      /** The support link at the top left. */
      supportLink: z.boolean(),
      /** One line of header and footer instead of two. */
      singleLine: z.boolean(),
      /** `full`: field with icon; `no-icon`: field only; `hidden`: no search at all. */
      search: z.enum(['full', 'no-icon', 'hidden']),
    }),
    /**
     * The brand's ids at the vendors of the optional cookies (docs/spec.md §9); null where the brand
     * does not use one. Their scripts load only after the shopper allows that kind.
     */
    analytics: z.object({
      /** Google Analytics 4 measurement id (`G-…`). */
      googleAnalytics: z
        .string()
        .regex(/^G-[A-Z0-9]+$/)
        .nullable(),
      /** Google Tag Manager container id (`GTM-…`). */
      tagManager: z
        .string()
        .regex(/^GTM-[A-Z0-9]+$/)
        .nullable(),
      /** Meta Pixel id (digits). */
      metaPixel: z.string().regex(/^\d+$/).nullable(),
    }),
    /**
     * Field measurement (issue 46): where a measured page view's Core Web Vitals go and how
     * many page views are measured, of those whose shopper allowed statistics.
     */
    vitals: z.object({
      /**
       * The collector: a same-site path (`/api/v1/vitals`, the API through the host's proxy)
       * or an https URL, which the Content-Security-Policy then allows.
       */
      collector: z
        .string()
        .refine(
          (url) =>
            url.startsWith('/')
              ? !url.startsWith('//') && !url.includes('\\')
              : URL.parse(url)?.protocol === 'https:',
          'must be a same-site path such as /api/v1/vitals or an https URL',
        ),
      /** The share of page views measured, 0 to 1 (0.1: one in ten). */
      sampleRate: z.number().min(0).max(1),
    }),
    /**
     * Where the brand's pictures may come from (src/lib/domain/picture-source.ts). Same-site
     * paths always pass; a picture from anywhere else shows the placeholder or no picture, and
     * the build counts it as 'Missing data' (`picture`).
     */
    images: z
      .object({
        /**
         * Host names https pictures may come from, e.g. `bilder.kjede.no` (exact match; a port
         * only if the host serves pictures on one, `bilder.kjede.no:8443`).
         */
        hosts: z.array(hostName),
        /**
         * What path-only picture names (`articles/1.jpg`) resolve against: an https URL on one
         * of `hosts` (`https://bilder.kjede.no/`), or a same-site path prefix (`/images/`);
         * null refuses such names.
         */
        base: z.string().nullable(),
      })
      .refine(({ hosts, base }) => base === null || usableBase(base, hosts), {
        message:
          "base must end with '/' and be a same-site path such as /images/ or an https URL on one of hosts",
        path: ['base'],
      }),
    menu: z.object({
      /** Gender ids in menu order (1 Herre, 2 Dame, 11 Junior, 4 Barn, 10 Uni). */
      genders: z.array(z.int()).min(1),
      /** Main group ids in menu order. */
      categories: z.array(z.int()).min(1),
    }),
  })
  .strict();

/** A validated brand. */
export type Brand = z.infer<typeof brandSchema>;

/** One line per problem: the field's path, what was expected and what the file holds. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : '(the whole brand)';
  const found =
    'input' in issue && issue.input !== undefined ? `, found ${JSON.stringify(issue.input)}` : '';
  return `  - ${field}: ${issue.message}${found}`;
}

/**
 * Validates a brand file, or throws an error that names the file, the brand, every field in
 * error and what was expected there, instead of the schema library's raw issue list.
 */
export function parseBrand(file: string, value: unknown): Brand {
  const result = brandSchema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const id = isRecord(value) && isString(value['id']) ? value['id'] : 'without an id';
  const problems = result.error.issues.map(describeIssue).join('\n');
  throw new Error(`The brand file ${file} (brand "${id}") is not valid:\n${problems}`);
}
