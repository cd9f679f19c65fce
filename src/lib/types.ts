/**
 * App shapes: what src/lib/api returns after src/lib/mappers has checked and converted the
 * wire objects of contract/. Field names follow docs/spec.md §3. Money stays in øre, rounded
 * to whole numbers; 0/1 flags become booleans.
 */

import type {
  ApiBrandFlags,
  ApiHomeSlot,
  ApiPollAnswer,
  ApiPollQuestion,
  ApiPollScore,
  ApiQuestionScore,
  ApiShopStock,
  ApiSize,
} from '../../contract/index.ts';
import type { SafeLink } from './domain/safe-href.ts';

/** A colour of a variant. */
export interface Color {
  id: number;
  name: string;
  hex: string | null;
  colorCode: string;
}

/** A colour group, as the colour filter offers it. */
export interface ColorGroup {
  id: number;
  label: string;
  name: string;
  hex: string | null;
  colorId: number;
}

/** A gender. Known ids: 1 Herre, 2 Dame, 4 Barn, 10 Uni, 11 Junior. */
export interface Gender {
  id: number;
  name: string;
}

/** A brand, with its number of visible articles where the answer tells it (else 0). */
export interface Brand {
  id: number;
  name: string;
  count: number;
}

/** A product line. */
export interface ProductLine {
  ProductLineID: number;
  Name: string;
}

/** Parsed `labelData` of a campaign item, e.g. `{text: '-30%', color: '#c00'}`. */
export type LabelData = Readonly<Record<string, unknown>>;

/** A campaign price of one article. */
export interface CampaignItem {
  id: number;
  campaignId: number;
  articleId: number;
  /** Campaign price, øre, rounded. */
  price: number;
  labelType: string;
  /** Parsed from JSON; null when absent or not a JSON object. */
  labelData: LabelData | null;
  /** Label for display: a pending `Klikk & Hent` reads `Ukens annonse!`. */
  labelText: string;
  start: string;
  end: string;
}

/** A campaign. */
export interface Campaign {
  id: number;
  name: string;
  shortDescription: string;
  description: string;
  start: string;
  end: string;
  count: number;
  image: string | null;
  imageMobile: string | null;
  showLabel: boolean;
  showImage: boolean;
  /** Label for display: a pending `Klikk & Hent` reads `Ukens annonse!`. */
  labelText: string;
  url: string | null;
  /** Whether the campaign starts in the future. */
  pending: boolean;
}

/** A campaign with its items and articles. */
export interface CampaignWithArticles extends Campaign {
  items: CampaignItem[];
  articles: Article[];
}

/** A campaign with the ids of its articles the brand shows (the home page's slots). */
export interface CampaignWithArticleIds extends Campaign {
  /** In the campaign's order, each once. */
  articleIds: number[];
}

/** An article in list shape (docs/spec.md §3). */
export interface Article {
  id: number;
  ArticleNo: string;
  name: string;
  description: string;
  /** Final suggested price, øre, rounded. */
  price: number;
  /** Price before campaigns, øre, rounded. */
  originalPrice: number;
  /**
   * The førpris of `price`, øre, rounded (`ApiArticle.priorPrice`); null when the API gave
   * none and no release documents one: the price is then never shown as reduced.
   */
  priorPrice: number | null;
  /** Deposit, øre, rounded; 0 when there is none. */
  pant: number;
  brand: string;
  brandId: number;
  brands: Array<{ id: number; name: string }>;
  colors: Color[];
  colorGroups: ColorGroup[];
  gender: string;
  genderId: number;
  genders: Gender[];
  /** Main group name, shown as the shop words it (`Tekstil` -> `Klær`). */
  category: string;
  mainGroupId: number;
  categories: string[];
  subcategories: string[];
  articleGroup2ID: number;
  articleGroup3ID: number;
  group2: string;
  group3: string;
  productLineId: number | null;
  /** True when purchasable-on-web equals 1. */
  canPurchase: boolean;
  /** Null when the wire has none or an empty string. */
  customLabel: string | null;
  image: string;
  shops: number[];
  available: number[];
  featured: boolean;
  campaigns: CampaignItem[];
  averageRating: number | null;
  /** Label type of the cheapest campaign; null without campaigns. */
  campaignLabelType: string | null;
  webPurchaseLimit: number;
  /** Bestseller rank by quantity; 9999 when unranked. */
  bestsellerQty: number;
  /** Bestseller rank by turnover; 9999 when unranked. */
  bestsellerTurnover: number;
  onlyCC: boolean;
  season: string;
  /** Shipping per line, øre; 9900 by default. */
  frightPrice: number;
  visible: boolean;
}

/** A variant (size × colour) of an article. */
export interface Variant {
  id: number;
  ean: string;
  /** Number of shops holding stock. */
  availability: number;
  shops: ApiShopStock[];
  size: ApiSize;
  color: Color & { image: string };
}

/** Which side of an article a picture shows. */
export type PictureView = 'front' | 'back' | 'detail';

/** One picture of an article in one colour. */
export interface Picture {
  /** An address the brand's picture policy allows, or the placeholder (MISSING_IMAGE). */
  src: string;
  /** Its own size in pixels, where known (the API's `pictures` give it; a colour image not). */
  width: number | null;
  height: number | null;
  /** The side it shows, where known. */
  view: PictureView | null;
}

/** The pictures of one colour of an article; the first stands for the colour. */
export interface ColorPictures {
  colorId: number;
  pictures: Picture[];
}

/** A review. */
export interface Review {
  id: number;
  content: string;
  reply: string | null;
  customer: string | null;
  rating: number;
  approved: boolean;
  created_at: string;
  reviewable_id: number;
  reviewable_type: 'article';
  true_to_size: -1 | 0 | 1 | null;
  size_color: string | null;
  anonymous: boolean;
}

/** Live stock of an article's variants. */
export interface Availability {
  articleId: number;
  variants: Array<{ id: number; ean: string; availability: number; shops: ApiShopStock[] }>;
}

/**
 * The API's change feed (`GET articles/changes`): the articles whose detail may have changed
 * since an earlier answer's cursor, or null when any may have; and the cursor for next time.
 */
export interface ArticleChanges {
  cursor: string;
  articleIds: number[] | null;
}

/** An article with everything its product page shows. */
export interface ArticleDetail extends Article {
  articleId: number;
  articleNo: string;
  techDescription: string;
  nutrientContent: string | null;
  washLabel: string[];
  careLabel: string[];
  dateCreated: string;
  variants: Variant[];
  reviews: Review[];
  sizes: ApiSize[];
  size_colors: Record<string, number[]>;
  availability: Availability;
  /**
   * The pictures of each colour, the main colour first: the API's `pictures`, or, from an API
   * without them, each variant colour's image (one picture a colour).
   */
  pictures: ColorPictures[];
}

/** An article group 3. */
export interface Group {
  id: number;
  name: string;
  articleGroup2ID: number;
  articleGroup3ID: number;
}

/** A subcategory (article group 2). Prices in øre. */
export interface Subcategory {
  ArticleGroup2ID: number;
  MainGroupID: number;
  Name: string;
  minPrice: number;
  maxPrice: number;
  articlesCount: number;
  custom: boolean;
  groups: Group[];
}

/** A category (main group). Prices in øre. */
export interface Category {
  id: number;
  /** As shown: the server word `Tekstil` becomes `Klær`. */
  name: string;
  count: number;
  banner: string | null;
  bannerLink: string | null;
  current_page: number;
  last_page: number;
  minPrice: number;
  maxPrice: number;
  subcategories: Subcategory[];
  availableProductlines: ProductLine[];
}

/** A bestseller rank. Lower is better. */
export interface Bestseller {
  article_id: number;
  qty_rank: number;
  turnover_rank: number;
}

/** Latitude and longitude in decimal degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A physical shop. */
export interface Shop {
  id: number;
  no: string;
  name: string;
  fullName: string;
  orgNo: string;
  description: string;
  /** Raw opening hours; parse with domain/opening-hours.ts. */
  openingHours: string;
  mapLink: string;
  postNo: string;
  postPlace: string;
  address: string;
  email: string;
  phone: string;
  messengerId: string | null;
  chain: number;
  coords: Coordinates | null;
  /** Distance from the shopper in km, once a position is known; null until then. */
  distance: number | null;
  isWebShop: boolean;
}

/** A postal code with the coordinates of its centre. */
export interface PostalCode {
  code: string;
  place: string;
  CoordLat: number;
  CoordLong: number;
}

/** A shipping method. Price in øre. */
export interface ShippingMethod {
  id: string;
  name: string;
  description: string;
  price: number;
  isDefault: boolean;
  requiresShop: boolean;
  /** Working days (Monday to Friday) from order to arrival; null when not promised. */
  deliveryDays: { min: number; max: number } | null;
}

/** A promo code: `amount` in øre when `fixed`, else a fraction of the sum. */
export interface PromoCode {
  id: number;
  name: string;
  validFrom: string;
  validTo: string;
  fixed: boolean;
  amount: number;
  type: 'cart' | 'shipping';
}

/** A blog category. */
export interface BlogCategory {
  id: number;
  slug: string;
  name: string;
  postsCount: number;
}

/** A blog post. `body` is sanitised HTML, safe to render. */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  featuredImage: string | null;
  mainArticle: number | null;
  relatedArticles: number[];
  categories: Array<{ id: number; slug: string; name: string }>;
  publishedAt: string;
}

/** A poll question with its options (at least one); the wire shape is the app shape. */
export type PollQuestion = ApiPollQuestion;

/** A poll. Banners passed the brand's picture policy (pictureSource), or are null. */
export interface Poll {
  id: number;
  name: string;
  description: string;
  bannerDesktop: string | null;
  bannerMobile: string | null;
  questions: PollQuestion[];
}

/**
 * A given poll answer; the wire shape is already the app shape. `correct` is null where the
 * question has no correct option (an opinion poll).
 */
export type PollAnswer = ApiPollAnswer;

/** This session's score in a poll; the wire shape is already the app shape. */
export type PollScore = ApiPollScore;

/** Answers per option of one question; the wire shape is already the app shape. */
export type QuestionScore = ApiQuestionScore;

/** A post of the social feed. The caption is plain text, never HTML. */
export interface SocialPost {
  id: string;
  /** A same-site image path (safeImageSrc). */
  image: string;
  caption: string;
  /** The post on the social network, when its address passed safeHref. */
  link: SafeLink | null;
  /** ISO 8601. */
  publishedAt: string;
}

/** Tenant (brand) settings. */
export interface Tenant {
  id: string;
  chainId: number;
  name: string;
  domain: string;
  supportEmail: string;
  /** The seller's legal name. */
  company: string;
  /** The seller's organisation number, 9 digits; '' when the API has none. */
  orgNo: string;
  /** The seller's business address; null when the API has none. */
  companyAddress: { street: string; postalCode: string; city: string } | null;
  menuCategories: number[];
  menuGenders: number[];
  flags: ApiBrandFlags;
  assortment: { genderIds: number[]; mainGroupIds: number[] } | null;
}

/** Home layout settings of a tenant. */
export interface Settings {
  tenant: string;
  home: ApiHomeSlot[];
  previews: Record<string, ApiHomeSlot[]>;
}

/** A customer with the names of docs/spec.md §3 (the wire is snake_case). */
export interface Customer {
  id: number;
  firstname: string;
  surname: string;
  auth_id: string;
  email: string;
  phone: string;
  birth_date: string | null;
  gender_id: number | null;
  cookies: boolean;
  permissions: string[];
  terms_conditions: boolean;
  verified: boolean;
  address: { addr: string | null; postnr: string | null };
  city: string | null;
  preferences: number[];
  club: boolean;
  marketing: boolean;
  newsletter: boolean;
  event_invite: boolean;
  birthday_gift: boolean;
  cookie_default: boolean;
  cookie_ga: boolean;
  cookie_google_tag_manager: boolean;
  cookie_meta_pixel: boolean;
}

/** Paging of a list answer, one-based. */
export interface PageInfo {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** One page of a list. */
export interface Page<T> {
  items: T[];
  page: PageInfo;
}

/** A line of a stored reservation or order, priced by the server. Money in øre. */
export interface OrderLine {
  ean: string;
  count: number;
  articleId: number;
  name: string;
  size: string;
  color: string;
  price: number;
  pant: number;
}

/** A reservation (Klikk & Hent, or the order behind a payment), priced by the server. */
export interface Reservation {
  id: number;
  shopId: number;
  statusId: number;
  name: string;
  email: string;
  phone: string;
  delivery: boolean;
  address: string;
  city: string;
  zipcode: string;
  subtotal: number;
  discount: number;
  promoCode: string | null;
  shippingMethodId: string;
  shippingPrice: number;
  total: number;
  lines: OrderLine[];
  date: string;
}

/** A paid order: VAT in percent, the other figures in øre. */
export interface Order {
  id: number;
  vat: number;
  vatTotal: number;
  netAmount: number;
  total: number;
  lines: OrderLine[];
  date: string;
}

/** A paid order as the customer's history and the withdrawal show it. */
export interface CustomerOrder extends Order {
  /** `withdrawn` once the shopper has withdrawn all of it; a part withdrawn leaves it `paid`. */
  status: 'paid' | 'withdrawn';
  /** The order's right of withdrawal; null when the API tells none (nothing is offered). */
  withdrawal: OrderWithdrawal | null;
}

/** A paid order's right of withdrawal (angrerett), days as `YYYY-MM-DD` in Norwegian time. */
export interface OrderWithdrawal {
  /** The day of the last delivery, or null until every parcel is delivered. */
  receivedDay: string | null;
  /** The last day it can be withdrawn, through its end; null until delivered (always open). */
  lastDay: string | null;
  /** When the last of it was withdrawn (ISO 8601), or null while anything is left. */
  withdrawnAt: string | null;
  /** Its lines with what each has left to withdraw. */
  lines: WithdrawableLine[];
  /** The withdrawals recorded so far, oldest first. */
  withdrawals: WithdrawalRecord[];
}

/** A line of an order with what it has left to withdraw. */
export interface WithdrawableLine {
  /** Its place in the order's lines as the API sent them: a withdrawal names it by this. */
  line: number;
  /** The line as bought. */
  item: OrderLine;
  /** Units withdrawn so far. */
  withdrawn: number;
  /** Units that can still be withdrawn. */
  withdrawable: number;
}

/** Units of one line of an order, the line by its place in the order (`WithdrawableLine.line`). */
export interface LineUnits {
  line: number;
  count: number;
}

/** One recorded withdrawal of an order: when, what it took back, and what it refunds (øre). */
export interface WithdrawalRecord {
  withdrawnAt: string;
  lines: LineUnits[];
  /** What it refunds, shipping included. */
  refund: number;
  /** Of `refund`, the shipping: only when the withdrawal leaves nothing of the order. */
  shipping: number;
}

/** A recorded withdrawal as its receipt: the order, the record, and where the receipt went. */
export interface Withdrawal extends WithdrawalRecord {
  orderId: number;
  /** Where the receipt was sent, or '' when it went nowhere. */
  email: string;
}

/** Units of an order's line as bought, named for a receipt. */
export interface NamedUnits {
  item: OrderLine;
  count: number;
}

/**
 * A recorded withdrawal as the shopper is told it: the record, the order as it stands after
 * it (`withdrawn` once nothing is left), and the units it took back by name.
 */
export interface WithdrawalReceipt {
  withdrawal: Withdrawal;
  order: CustomerOrder;
  units: NamedUnits[];
}

/** The checkout providers by their wire names: `first` is Klarna (card, invoice), `second` Vipps. */
export type CheckoutProvider = 'first' | 'second';

/**
 * Where a payment at a provider stands, with what it bought. `refunded`: approved after the
 * shop's time-out when the goods were gone, so given back at the provider (`refund`).
 */
export interface PaymentStatus {
  orderId: string;
  provider: CheckoutProvider;
  status: 'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded';
  reservation: Reservation | null;
  order: Order | null;
  refund: PaymentRefund | null;
}

/** How a late payment was given back: `cancel` charged nothing, `refund` paid money back. */
export interface PaymentRefund {
  kind: 'cancel' | 'refund';
  /** In øre. */
  amount: number;
}

/** A started payment: the provider's order and where the shopper pays. */
export interface PaymentStart {
  provider: CheckoutProvider;
  orderId: string;
  /** The fulfilling shop (Vipps only). */
  shopId: number | null;
  redirectUrl: string;
}

/** An address the map lookup found. */
export interface FoundAddress {
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
}

/** What lists of shops show: name, address, opening hours and where it is. */
export type ShopSummary = Pick<
  Shop,
  'id' | 'name' | 'address' | 'postNo' | 'postPlace' | 'openingHours' | 'coords'
>;

/** A review the logged-in customer wrote, as their history lists it. */
export interface CustomerReview {
  id: number;
  articleId: number;
  articleName: string;
  rating: number;
  content: string;
  createdAt: string;
  /** False while the review waits for approval (shown as pending). */
  approved: boolean;
  trueToSize: boolean;
  anonymous: boolean;
}

/** What the registration form sends (docs/spec.md §3 customer fields, app names). */
export interface RegisterInput {
  firstname: string;
  surname: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
  /** Must be true: the server needs `terms_conditions` 1 (docs/spec.md §5). */
  termsAccepted: boolean;
  marketing?: boolean;
  newsletter?: boolean;
}

/**
 * Changes to the logged-in customer's account, in the app's names. Empty strings, null and
 * undefined mean "not changed" and are left out of the update (docs/spec.md §5).
 */
export interface AccountChanges {
  firstname?: string | undefined;
  surname?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  birth_date?: string | null | undefined;
  address?: { addr?: string | null | undefined; postnr?: string | null | undefined } | undefined;
  city?: string | null | undefined;
  marketing?: boolean | undefined;
  newsletter?: boolean | undefined;
  club?: boolean | undefined;
  cookie_default?: boolean | undefined;
  cookie_ga?: boolean | undefined;
  cookie_google_tag_manager?: boolean | undefined;
  cookie_meta_pixel?: boolean | undefined;
  password?: string | undefined;
  passwordConfirmation?: string | undefined;
}

/** A review the logged-in customer writes of an article they bought. */
export interface ReviewInput {
  articleId: number;
  /** 1 to 5. */
  rating: number;
  content: string;
  trueToSize: boolean;
  anonymous: boolean;
}

/** A new password from the link of a reset e-mail. */
export interface PasswordResetInput {
  token: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

/** The lists of a customer's history (docs/spec.md §4). */
export type HistoryKind = 'reservations' | 'orders' | 'reviews';

/** What each list of the history holds. */
export interface HistoryItems {
  reservations: Reservation;
  orders: CustomerOrder;
  reviews: CustomerReview;
}
