/**
 * Where the shopper reads about the angrerett (the 14-day right of withdrawal) and finds the
 * standard form, as the checkout links them right above the order button, and where anyone
 * withdraws an order.
 */

/** The angrerett section of the terms (vilkar.md, section 8), on the customer-service page. */
export const WITHDRAWAL_TERMS_HREF = '/kundeservice#8-angrerett';

/** The standard angreskjema page (src/pages/angreskjema.astro). */
export const WITHDRAWAL_FORM_HREF = '/angreskjema';

/**
 * The withdrawal function for everyone (src/pages/angre-kjop.astro): an order withdrawn by its
 * number and e-mail address, linked from every page's footer, as easy to find as the order
 * button (directive (EU) 2023/2673).
 */
export const WITHDRAWAL_FUNCTION_HREF = '/angre-kjop';
