-- Reference backend schema. Money in øre (INTEGER, or REAL where the spec's rounding rule needs
-- a raw value). Booleans are 0/1. Timestamps are ISO 8601 TEXT in UTC.

CREATE TABLE genders (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE brands (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE product_lines (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

-- Main groups (categories): Tekstil, Sko, Tilbehør, Alpint.
CREATE TABLE main_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  banner TEXT,
  banner_link TEXT,
  sort INTEGER NOT NULL DEFAULT 0
);
-- Article group 2 (subcategories).
CREATE TABLE groups2 (
  id INTEGER PRIMARY KEY,
  main_group_id INTEGER NOT NULL REFERENCES main_groups(id),
  name TEXT NOT NULL,
  custom INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX groups2_main ON groups2(main_group_id);
-- Article group 3 (groups).
CREATE TABLE groups3 (
  id INTEGER PRIMARY KEY,
  group2_id INTEGER NOT NULL REFERENCES groups2(id),
  name TEXT NOT NULL
);
CREATE INDEX groups3_group2 ON groups3(group2_id);

CREATE TABLE color_groups (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  name TEXT NOT NULL,
  hex TEXT,
  color_id INTEGER NOT NULL
);
CREATE TABLE colors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  hex TEXT,
  color_code TEXT NOT NULL,
  color_group_id INTEGER NOT NULL REFERENCES color_groups(id)
);
-- kind: 'adult' (XS-XXL), 'child' (92-164), 'shoe' (28-46), 'one' (one size), 'length' (poles cm).
CREATE TABLE sizes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, sort INTEGER NOT NULL);

CREATE TABLE shops (
  id INTEGER PRIMARY KEY,
  no TEXT NOT NULL,
  name TEXT NOT NULL,
  full_name TEXT NOT NULL,
  org_no TEXT NOT NULL,
  description TEXT NOT NULL,
  opening_hours TEXT NOT NULL,
  map_link TEXT NOT NULL,
  post_no TEXT NOT NULL,
  post_place TEXT NOT NULL,
  address TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  messenger_id TEXT,
  chain INTEGER NOT NULL DEFAULT 1,
  latitude REAL,
  longitude REAL,
  is_web_shop INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE postal_codes (code TEXT PRIMARY KEY, place TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  article_no TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  tech_description TEXT NOT NULL,
  nutrient_content TEXT,
  wash_label TEXT NOT NULL,            -- JSON array of strings
  care_label TEXT NOT NULL,            -- JSON array of strings
  price REAL NOT NULL,                 -- final suggested price (øre, may be fractional)
  original_price INTEGER NOT NULL,     -- øre
  pant REAL,                           -- deposit (øre) or NULL
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  gender_id INTEGER NOT NULL REFERENCES genders(id),
  main_group_id INTEGER NOT NULL REFERENCES main_groups(id),
  group2_id INTEGER NOT NULL REFERENCES groups2(id),
  group3_id INTEGER NOT NULL REFERENCES groups3(id),
  product_line_id INTEGER REFERENCES product_lines(id),
  purchasable_on_web INTEGER NOT NULL DEFAULT 1,
  custom_label TEXT,
  featured INTEGER NOT NULL DEFAULT 0,
  web_purchase_limit INTEGER NOT NULL DEFAULT 5,
  only_cc INTEGER NOT NULL DEFAULT 0,
  season TEXT NOT NULL,
  fright_price INTEGER,                -- øre, NULL = default 9900
  visible INTEGER NOT NULL DEFAULT 1,
  date_created TEXT NOT NULL,
  image_kind TEXT NOT NULL,            -- what the generated photographs show: jacket, pants, shoe, cap ...
  image_color TEXT NOT NULL,           -- hex of the main colour (photographs take each variant colour's)
  average_rating REAL,
  name_sort TEXT NOT NULL DEFAULT ''   -- nb-NO sort key of name (server/db/nb-sort.ts), set by the indexer
);
CREATE INDEX articles_main ON articles(main_group_id, visible);
CREATE INDEX articles_group2 ON articles(group2_id);
CREATE INDEX articles_group3 ON articles(group3_id);
CREATE INDEX articles_name ON articles(name COLLATE NOCASE);
CREATE INDEX articles_main_name ON articles(main_group_id, name_sort, id);
CREATE INDEX articles_price ON articles(price);

CREATE TABLE variants (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  ean TEXT NOT NULL UNIQUE,
  size_id INTEGER NOT NULL REFERENCES sizes(id),
  color_id INTEGER NOT NULL REFERENCES colors(id)
);
CREATE INDEX variants_article ON variants(article_id);

-- Stock per variant per shop; a missing row means the shop does not carry the variant.
CREATE TABLE stock (
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  shop_id INTEGER NOT NULL REFERENCES shops(id),
  qty INTEGER NOT NULL CHECK (qty >= 0),
  PRIMARY KEY (variant_id, shop_id)
) WITHOUT ROWID;

-- Derived per article (rebuilt by server/search/indexer.ts after seeding and stock changes):
-- the colour groups of its variants and the shops that carry / hold stock of it.
CREATE TABLE article_color_groups (
  article_id INTEGER NOT NULL,
  color_group_id INTEGER NOT NULL,
  PRIMARY KEY (article_id, color_group_id)
) WITHOUT ROWID;
CREATE INDEX article_color_groups_cg ON article_color_groups(color_group_id, article_id);
CREATE TABLE article_shops (
  article_id INTEGER NOT NULL,
  shop_id INTEGER NOT NULL,
  in_stock INTEGER NOT NULL,
  PRIMARY KEY (article_id, shop_id)
) WITHOUT ROWID;
CREATE INDEX article_shops_shop ON article_shops(shop_id, in_stock, article_id);

CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  short_description TEXT NOT NULL,
  description TEXT NOT NULL,
  start TEXT NOT NULL,
  end TEXT NOT NULL,
  image TEXT,
  image_mobile TEXT,
  show_label INTEGER NOT NULL DEFAULT 1,
  show_image INTEGER NOT NULL DEFAULT 1,
  label_text TEXT NOT NULL,
  url TEXT
);
CREATE TABLE campaign_items (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  article_id INTEGER NOT NULL REFERENCES articles(id),
  price REAL NOT NULL,
  label_type TEXT NOT NULL,
  label_data TEXT NOT NULL,              -- JSON text
  -- When marketing took the item out of its campaign; NULL while it is in it. The row stays,
  -- so reservation lines that name it (campaign_item_id) keep their meaning.
  removed_at TEXT
);
CREATE INDEX campaign_items_article ON campaign_items(article_id);
CREATE INDEX campaign_items_campaign ON campaign_items(campaign_id);

-- An article's own (list) price over time: each row holds from `valid_from` until the next
-- row of the article; the newest one begun is `articles.price`. With the article's campaign
-- items (from their campaign's start until its end or `removed_at`) it is the price history
-- the førpris is reckoned from (contract/prior-price.ts).
CREATE TABLE article_prices (
  article_id INTEGER NOT NULL REFERENCES articles(id),
  valid_from TEXT NOT NULL,
  price REAL NOT NULL,
  PRIMARY KEY (article_id, valid_from)
) WITHOUT ROWID;

-- An article's final price (docs/spec.md §3: "rounded final suggested price"): its own price, or the
-- cheapest item of a campaign running now, as the checkout prices a campaign line. What the
-- API shows, sorts, filters and counts in price ranges all read it (server/serialize/
-- campaign.ts, finalPriceSql). "Now" is the database's clock, or the moment a campaign admin's
-- preview asks about (`preview_at()`, server/db/preview-moment.ts); campaigns are stored as
-- ISO instants in UTC, which compare as text.
CREATE VIEW article_final_prices AS
SELECT a.id, COALESCE(MIN(a.price, (
  SELECT MIN(ci.price) FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
  WHERE ci.article_id = a.id AND ci.removed_at IS NULL
    AND c.start <= COALESCE(preview_at(), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    AND c.end > COALESCE(preview_at(), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))), a.price) AS price
FROM articles a;

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  customer_id INTEGER,
  customer_name TEXT,
  content TEXT NOT NULL,
  reply TEXT,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  approved INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  true_to_size INTEGER,                  -- -1 small, 0 true, 1 large, NULL unanswered
  size_color TEXT,
  anonymous INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX reviews_article ON reviews(article_id);
CREATE INDEX reviews_customer ON reviews(customer_id);

CREATE TABLE bestsellers (
  article_id INTEGER PRIMARY KEY REFERENCES articles(id),
  qty_rank INTEGER NOT NULL,
  turnover_rank INTEGER NOT NULL
);

CREATE TABLE shipping_methods (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  price INTEGER NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  requires_shop INTEGER NOT NULL DEFAULT 0,
  -- Working days from order to arrival (Monday to Friday); both null when not promised.
  delivery_days_min INTEGER,
  delivery_days_max INTEGER,
  sort INTEGER NOT NULL
);

CREATE TABLE promo_codes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  valid_from TEXT NOT NULL,
  valid_to TEXT NOT NULL,
  fixed INTEGER NOT NULL,
  amount REAL NOT NULL,                  -- øre when fixed, else a fraction
  type TEXT NOT NULL DEFAULT 'cart'
);

CREATE TABLE blog_categories (id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
CREATE TABLE blog_posts (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  excerpt TEXT NOT NULL,
  body TEXT NOT NULL,                    -- CMS HTML, deliberately unsafe in places
  featured_image TEXT,
  main_article_id INTEGER,
  published_at TEXT NOT NULL
);
CREATE TABLE blog_post_categories (
  post_id INTEGER NOT NULL REFERENCES blog_posts(id),
  category_id INTEGER NOT NULL REFERENCES blog_categories(id),
  PRIMARY KEY (post_id, category_id)
) WITHOUT ROWID;
CREATE TABLE blog_post_articles (
  post_id INTEGER NOT NULL REFERENCES blog_posts(id),
  article_id INTEGER NOT NULL,
  sort INTEGER NOT NULL,
  PRIMARY KEY (post_id, article_id)
) WITHOUT ROWID;

CREATE TABLE polls (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  banner_desktop TEXT,
  banner_mobile TEXT,
  active INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE poll_questions (
  id INTEGER PRIMARY KEY,
  poll_id INTEGER NOT NULL REFERENCES polls(id),
  question TEXT NOT NULL,
  sort INTEGER NOT NULL
);
CREATE TABLE poll_options (
  id INTEGER PRIMARY KEY,
  question_id INTEGER NOT NULL REFERENCES poll_questions(id),
  text TEXT NOT NULL,
  correct INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL
);
CREATE TABLE poll_answers (
  id INTEGER PRIMARY KEY,
  question_id INTEGER NOT NULL REFERENCES poll_questions(id),
  option_id INTEGER NOT NULL REFERENCES poll_options(id),
  session_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (question_id, session_id)
);

-- Tenant (brand) settings and home layout, as JSON documents (contract ApiTenant / ApiSettings).
CREATE TABLE tenants (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, settings TEXT NOT NULL);

CREATE TABLE social_posts (
  id TEXT PRIMARY KEY,
  image TEXT NOT NULL,
  caption TEXT NOT NULL,
  permalink TEXT NOT NULL,
  timestamp TEXT NOT NULL
);

-- Customer accounts (server/accounts). E-mail is stored lower-cased, phone as its 8 digits, so
-- each identifies one account however it is typed.
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  auth_id TEXT NOT NULL UNIQUE,         -- random UUID; the till code is derived from it
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  phone TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,          -- Argon2id PHC string (m=19456, t=2, p=1)
  birth_date TEXT,
  gender_id INTEGER,
  address TEXT,
  postal_code TEXT,
  city TEXT,
  email_verified_at TEXT,
  terms_conditions INTEGER NOT NULL DEFAULT 0,
  flags TEXT NOT NULL DEFAULT '{}',     -- JSON: cookies, club, marketing, newsletter, cookie_* ...
  preferences TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  xsrf_token TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers(id),
  last_seen TEXT NOT NULL
);
-- The expiry sweep deletes by last_seen without reading the whole table.
CREATE INDEX sessions_last_seen ON sessions(last_seen);
CREATE INDEX sessions_customer ON sessions(customer_id);
-- Single-use tokens of e-mail verification and password reset links. Only the SHA-256 of a
-- token is kept, so a copy of the database opens no account.
CREATE TABLE customer_tokens (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
  expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX customer_tokens_customer ON customer_tokens(customer_id, purpose);
-- A customer's favourite articles, in the order the shop sent them.
CREATE TABLE favourites (
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  article_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (customer_id, article_id)
) WITHOUT ROWID;
-- E-mails to send (server/accounts/outbox.ts): kept until sent when SMTP_URL is set, else
-- only kept, for the development outbox (/dev/outbox).
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  "to" TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  -- JSON [{filename, contentType, content}], content in base64 (server/accounts/mail.ts).
  attachments TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
CREATE INDEX outbox_unsent ON outbox(sent_at, attempts);
CREATE INDEX outbox_to ON outbox("to" COLLATE NOCASE);

-- A reservation: Klikk & Hent, or the priced order behind a provider payment. Money in øre,
-- priced by the server; stock was taken from `shop_id` when it was made (the web shop for
-- delivery). status_id 4 means cancelled and its stock returned.
CREATE TABLE reservations (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id),
  customer_id INTEGER REFERENCES customers(id),
  status_id INTEGER NOT NULL DEFAULT 1,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  delivery INTEGER NOT NULL,
  address TEXT NOT NULL,
  city TEXT NOT NULL,
  zipcode TEXT NOT NULL,
  shipping_method_id TEXT NOT NULL REFERENCES shipping_methods(id),
  promo_code_id INTEGER REFERENCES promo_codes(id),
  promo_code TEXT,                       -- the code's name as applied
  subtotal INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  shipping_price INTEGER NOT NULL,
  total INTEGER NOT NULL,
  tracking_url TEXT,
  provider TEXT,                         -- NULL (Klikk & Hent), 'first' or 'second'
  provider_order_id TEXT,
  -- pending, paid, cancelled, failed, expired; after the time-out an approval makes it late
  -- (stock taken again, order being made) or refunding (given back at the provider), then
  -- paid or refunded (server/checkout/payments.ts).
  payment_status TEXT,
  created_at TEXT NOT NULL,
  -- The brand site a provider payment was started from (no trailing slash): links in the
  -- order's e-mails lead back to it. NULL for a reservation without a provider payment.
  shop_url TEXT,
  -- The brand (tenants.id) it was made in, whose seller the order's confirmation names;
  -- NULL when the request named none (the first brand's seller then).
  tenant_id TEXT
);
CREATE INDEX reservations_customer ON reservations(customer_id);
CREATE UNIQUE INDEX reservations_provider_order ON reservations(provider, provider_order_id);
CREATE INDEX reservations_pending ON reservations(payment_status, created_at);
-- Lines keep a snapshot of name, size and colour so history survives catalogue changes.
CREATE TABLE reservation_lines (
  reservation_id INTEGER NOT NULL REFERENCES reservations(id),
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  article_id INTEGER NOT NULL,
  ean TEXT NOT NULL,
  name TEXT NOT NULL,
  size TEXT NOT NULL,
  color TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  price INTEGER NOT NULL,
  pant INTEGER NOT NULL,
  campaign_item_id INTEGER
);
CREATE INDEX reservation_lines_reservation ON reservation_lines(reservation_id);
-- A paid provider order: one per provider order id, however often the payment is reported.
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id),
  reservation_id INTEGER NOT NULL REFERENCES reservations(id),
  provider TEXT NOT NULL,
  provider_order_id TEXT NOT NULL,
  vat REAL NOT NULL,
  vat_total INTEGER NOT NULL,
  net_amount INTEGER NOT NULL,
  total INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  -- When its confirmation with the pre-contract information and the withdrawal form was
  -- sent (server/accounts/purchase-mail.ts); NULL: never, so the period of withdrawal is the
  -- extended one (contract/withdrawal.ts).
  informed_at TEXT,
  UNIQUE (provider, provider_order_id)
);
CREATE INDEX orders_customer ON orders(customer_id);
-- An order's lines in the order bought; the wire names a line by its place among them.
CREATE TABLE order_lines (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  variant_id INTEGER NOT NULL,
  article_id INTEGER NOT NULL,
  ean TEXT NOT NULL,
  name TEXT NOT NULL,
  size TEXT NOT NULL,
  color TEXT NOT NULL,
  count INTEGER NOT NULL,
  price INTEGER NOT NULL,
  pant INTEGER NOT NULL
);
CREATE INDEX order_lines_order ON order_lines(order_id);
-- The withdrawal link in a paid order's confirmation (angrerett, server/checkout/
-- withdrawal.ts): only the SHA-256 of its token is kept, so a copy of the database withdraws
-- nothing.
CREATE TABLE withdrawal_tokens (
  token_hash TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id)
) WITHOUT ROWID;
-- What was given back at the provider for a payment approved too late to be sold (its stock
-- gone): one row per reservation, written with payment_status `refunded` in one transaction.
-- `kind` is how: `cancel` released the authorisation, `refund` paid captured money back.
CREATE TABLE payment_returns (
  reservation_id INTEGER PRIMARY KEY REFERENCES reservations(id),
  kind TEXT NOT NULL CHECK (kind IN ('cancel', 'refund')),
  amount INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
-- An order's parcels (or its hand-over in a shop), recorded by the delivery administration
-- (server/routes/orders-admin.ts); the period of withdrawal runs from the last delivery.
CREATE TABLE shipments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  delivered_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX shipments_order ON shipments(order_id);
CREATE TABLE shipment_lines (
  shipment_id INTEGER NOT NULL REFERENCES shipments(id),
  order_line_id INTEGER NOT NULL REFERENCES order_lines(id),
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (shipment_id, order_line_id)
) WITHOUT ROWID;
-- A paid order's withdrawals, whole or in parts until nothing is left: what each took back
-- and refunds (øre; `shipping` is the part of `refund` that is shipping).
CREATE TABLE withdrawals (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  via TEXT NOT NULL CHECK (via IN ('account', 'link', 'form')),
  refund INTEGER NOT NULL,
  shipping INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX withdrawals_order ON withdrawals(order_id);
CREATE TABLE withdrawal_lines (
  withdrawal_id INTEGER NOT NULL REFERENCES withdrawals(id),
  order_line_id INTEGER NOT NULL REFERENCES order_lines(id),
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (withdrawal_id, order_line_id)
) WITHOUT ROWID;
-- Answers of requests sent with an Idempotency-Key, per session and route: a retry gets the
-- stored answer. `status` is NULL while the first request is still running.
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
-- Field measurement (POST /api/v1/vitals): one row per metric of a page view, with nothing
-- that names the shopper; capped in rows and kept for the days the report reckons over
-- (server/routes/vitals.ts).
CREATE TABLE vitals (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  metric TEXT NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'TTFB')),
  value REAL NOT NULL,
  navigation_type TEXT NOT NULL,
  target TEXT
);
CREATE INDEX vitals_received ON vitals(received_at);
