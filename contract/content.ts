import type { ApiPageMeta } from './common.ts';

/** A blog category (`GET blog/categories`). */
export interface ApiBlogCategory {
  id: number;
  slug: string;
  name: string;
  postsCount: number;
}

/**
 * A blog post. `body` is CMS HTML and is NOT safe: the shop must sanitise it.
 * `mainArticle` and `relatedArticles` are article ids.
 */
export interface ApiBlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  featuredImage: string | null;
  mainArticle: number | null;
  relatedArticles: number[];
  categories: Array<{ id: number; slug: string; name: string }>;
  published_at: string;
}

/** `GET blog/category/{slug}`: the category and one page of its posts. */
export interface ApiBlogCategoryPosts {
  category: ApiBlogCategory;
  data: ApiBlogPost[];
  meta: ApiPageMeta;
}

/** An option of a poll question. Whether it is correct is only told in an answer. */
export interface ApiPollOption {
  id: number;
  text: string;
}

/** A poll question. */
export interface ApiPollQuestion {
  id: number;
  question: string;
  options: ApiPollOption[];
}

/** A poll (`GET polls/active`, `GET polls/{id}`). */
export interface ApiPoll {
  id: number;
  name: string;
  description: string;
  bannerDesktop: string | null;
  bannerMobile: string | null;
  questions: ApiPollQuestion[];
}

/**
 * A given answer (`GET polls/{id}/answers`, `GET polls/questions/{id}/answers`, and the 201 of
 * `POST polls/questions/{id}/answers`). `correct` is told only here, never with the options.
 */
export interface ApiPollAnswer {
  questionId: number;
  optionId: number;
  /** Whether the option is a correct one; null when the question has none (an opinion poll). */
  correct: boolean | null;
}

/** Body of `POST polls/questions/{id}/answers`: the chosen option of that question. */
export interface ApiPollAnswerRequest {
  optionId: number;
}

/**
 * The 409 of `POST polls/questions/{id}/answers`: this session answered the question before;
 * `answer` is the answer it stored then, which stands.
 */
export interface ApiPollAnswerConflict {
  message: string;
  answer: ApiPollAnswer;
}

/**
 * This session's score in a poll: how many of its questions it answered, and the share of
 * those answers that were correct (0..1), counted over the questions that have a correct
 * option; null when none of the answers has one (nothing answered, or an opinion poll).
 */
export interface ApiPollScore {
  pollId: number;
  answers: number;
  correctShare: number | null;
}

/** Score of one question: answers per option. */
export interface ApiQuestionScore {
  questionId: number;
  options: Array<{ optionId: number; count: number }>;
}

/** The page-set and header flags of a brand, as docs/spec.md §1 lists them. */
export interface ApiBrandFlags {
  maintenance: boolean;
  info: boolean;
  about: boolean;
  support: boolean;
  supportLink: boolean;
  singleLineHeader: boolean;
  /** `full`: field and icon; `no-icon`: field without the search icon; `hidden`: no search. */
  search: 'full' | 'no-icon' | 'hidden';
  childrenPages: boolean;
}

/** A Norwegian postal address. */
export interface ApiPostalAddress {
  street: string;
  postalCode: string;
  city: string;
}

/** Tenant settings of one brand (`GET tenant/get?tenant={id}`). Chain id is always 1. */
export interface ApiTenant {
  id: string;
  chainId: number;
  name: string;
  domain: string;
  supportEmail: string;
  /** The seller's legal name (angrerettloven § 8: shown before the order is placed). */
  company: string;
  /** The seller's organisation number in the Brønnøysund register, 9 digits. */
  orgNo: string;
  /** The seller's registered business address. */
  companyAddress: ApiPostalAddress;
  /** Main group ids shown in the menu, in order. */
  menuCategories: number[];
  /** Gender ids shown in the menu, in order. */
  menuGenders: number[];
  flags: ApiBrandFlags;
  /** Restricts the brand's assortment (brand C: children's outerwear). Null: everything. */
  assortment: { genderIds: number[]; mainGroupIds: number[] } | null;
}

/** A home layout slot (`GET settings`). */
export interface ApiHomeSlot {
  type:
    | 'generalPromo'
    | 'newspaper'
    | 'campaign'
    | 'productPromo'
    | 'storeSearch'
    | 'popularCategories'
    | 'grid';
  title: string;
  /** Campaign id, article ids or category ids, depending on `type`. */
  ids: number[];
  link: string | null;
  image: string | null;
}

/** Home layout settings per tenant (`GET settings?tenant={id}`), plus named previews. */
export interface ApiSettings {
  tenant: string;
  home: ApiHomeSlot[];
  previews: Record<string, ApiHomeSlot[]>;
}

/** A post of the social feed simulator (`GET {feed}/getPosts`). */
export interface ApiSocialPost {
  id: string;
  image: string;
  caption: string;
  permalink: string;
  timestamp: string;
}

/** Answer of the social feed's `getPosts`. */
export interface ApiSocialFeed {
  posts: ApiSocialPost[];
}
