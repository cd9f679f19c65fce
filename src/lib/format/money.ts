/**
 * Money display for the shop. The rule lives in contract/money.ts, the one folder the
 * server may import too, so its e-mails and the shop's pages write kroner alike (docs/spec.md §9:
 * exactly 2 decimals, `1 499,00 kr`); the shop's code imports it from here.
 */

export { formatPrice, kronerToOre, schemaOrgPrice } from '../../../contract/money.ts';
