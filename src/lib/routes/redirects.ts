/** A permanent redirect of the spec's route table. */
export interface FixedRedirect {
  from: string;
  to: string;
}

/**
 * The fixed redirects of docs/spec.md §2. Old payment, return, terms and complaint pages point
 * to customer service; old privacy to the privacy page; the Jan Mayen page and three ended
 * campaign articles to home.
 */
export const fixedRedirects: readonly FixedRedirect[] = [
  { from: '/payment', to: '/kundeservice' },
  { from: '/return', to: '/kundeservice' },
  { from: '/terms', to: '/kundeservice' },
  { from: '/reclamation', to: '/kundeservice' },
  { from: '/privacy', to: '/personvernerklaering' },
  { from: '/jan-mayen', to: '/' },
  { from: '/black-week', to: '/' },
  { from: '/julegaveguide', to: '/' },
  { from: '/vinterkampanje', to: '/' },
];
