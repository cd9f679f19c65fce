// @ts-check
/**
 * The layer rule, checked by `npm run lint:layers` (part of `npm run lint`): imports point one
 * way, and no module reaches itself again through its imports (static, dynamic or type-only).
 * `.astro` files take part through scripts/depcruise-astro.ts.
 * Test helpers (test data, fixtures, clients, harnesses and the programs a test starts) live in
 * their area's `test-support/` folder (src/, server/, builder/), the browser tests' page objects
 * in tests/e2e/fixtures/; unit tests sit beside their source as `*.test.ts`.
 *
 * | layer        | paths                                          | may import (besides its own layer)                 |
 * | ------------ | ---------------------------------------------- | -------------------------------------------------- |
 * | pages        | src/pages, src/middleware.ts                   | components, stores, lib, brands, contract          |
 * | components   | src/components, src/islands, src/layouts       | stores, lib, brands, contract (and styles)         |
 * | content      | src/content.config.ts, src/content/            | lib, brands, contract                              |
 * | stores       | src/stores                                     | lib, brands, contract                              |
 * | lib          | src/lib                                        | brands, contract                                   |
 * | brands       | src/brands                                     | contract                                           |
 * | contract     | contract/                                      | nothing outside contract/                          |
 * | server       | server/                                        | contract                                           |
 * | functions    | functions/                                     | contract                                           |
 * | builder      | builder/                                       | src/brands, src/lib, server, contract              |
 * | scripts      | scripts/                                       | builder, server, contract, src/brands, src/lib,      |
 * |              |                                                | tests/e2e/fixtures, tests/hostile                  |
 * | test-support | src/test-support                               | lib, brands, contract; imported by tests only      |
 *
 * - Layouts sit with the components: a layout is the frame a page template (a component such
 *   as AccountPage.astro) wraps itself in, and components and islands nest in each other.
 * - src/content holds Astro's collection loaders: only src/content.config.ts imports them, as
 *   Astro's content layer runs them at build time. The shapes of the entries they store live
 *   in lib (src/lib/content/entries.ts), where pages and lib's readers import them from.
 * - Brand files are the shop's configuration: lib reads them (src/lib/site.ts) and they
 *   depend on nothing but their schema.
 * - scripts/ are commands over the build module and the reference server. They may read the
 *   brand files (which brands exist, their hosts and settings) and reuse lib's plain rules
 *   (formatting, routes, the cart's sums, the API client) so that a rule is written once,
 *   but never lib/content or lib/build (Astro's collections at build time) or any UI layer.
 *   The test servers and the browser benchmarks also use the journeys' page objects and
 *   ports (tests/e2e/fixtures) and the hostile API (tests/hostile), so that a benchmark walks
 *   the journey a test walks instead of a copy of it.
 * - Tests (*.test.ts, *.spec.ts, tests/) may import any module they test and any test-support
 *   folder; nothing else may import a test-support folder but the benchmarks (scripts/bench-*),
 *   which drive the server with the tests' client. A test-support folder follows its area's
 *   rule (server/test-support imports only server and contract, as server/ does).
 * - astro.config.mjs is not cruised: it is the build's entry, and the build module
 *   (builder/) owns what it imports.
 */

const TEST = '(\\.test\\.tsx?|\\.spec\\.ts)$|^tests/';

/** Every area's folder of test helpers: src/test-support, server/test-support, builder/test-support. */
const TEST_SUPPORT = '^(src|server|builder)/test-support/';

/**
 * A rule: modules of `from` may import only `allowed` paths (and node_modules, Node's own
 * modules and `astro:` virtual modules, which the resolver cannot place).
 * @param {string} name
 * @param {string} comment
 * @param {string} from
 * @param {string[]} allowed
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
function onlyInto(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from, pathNot: TEST },
    to: {
      pathNot: [...allowed, '^node_modules/'],
      dependencyTypesNot: ['core'],
      couldNotResolve: false,
    },
  };
}

const SRC_BELOW_PAGES = '^src/(components|islands|layouts|stores|lib|brands|styles)/';
const STYLES = '^src/styles/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A module must not reach itself again through its imports, dynamic ones included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    onlyInto(
      'pages-down',
      'Pages import the layers below them.',
      '^src/(pages/|middleware\\.ts$)',
      ['^src/pages/', SRC_BELOW_PAGES, '^contract/'],
    ),
    onlyInto(
      'components-down',
      'Components, islands and layouts import stores, lib, brands and contract, never pages or the collection loaders.',
      '^src/(components|islands|layouts)/',
      ['^src/(components|islands|layouts|stores|lib|brands)/', STYLES, '^contract/'],
    ),
    onlyInto(
      'content-down',
      "The collection loaders read through lib's API client; nothing above them but content.config.ts.",
      '^src/(content/|content\\.config\\.ts$)',
      ['^src/(content/|content\\.config\\.ts$)', '^src/(lib|brands)/', '^contract/'],
    ),
    onlyInto('stores-down', 'Stores import lib, brands and contract.', '^src/stores/', [
      '^src/(stores|lib|brands)/',
      '^contract/',
    ]),
    onlyInto(
      'lib-down',
      'lib imports brands and contract: never stores, UI or the collection loaders.',
      '^src/lib/',
      ['^src/(lib|brands)/', '^contract/'],
    ),
    onlyInto(
      'brands-down',
      'Brand files are configuration: they import their schema and contract.',
      '^src/brands/',
      ['^src/brands/', '^contract/'],
    ),
    onlyInto(
      'contract-alone',
      'The wire contract is shared by all and imports none of them.',
      '^contract/',
      ['^contract/'],
    ),
    onlyInto(
      'server-contract',
      'The reference backend imports contract/, never the shop or the scripts.',
      '^server/',
      ['^(server|contract)/'],
    ),
    onlyInto(
      'functions-contract',
      "The Pages Function runs on Cloudflare alone: it shares contract/, and lib's plain rules and renderers for the search it draws as the browser does.",
      '^functions/',
      ['^(functions|contract)/', '^src/lib/(?!content/|build/)'],
    ),
    onlyInto(
      'builder-down',
      'The build module reads brands and lib, starts the reference server and, as the local host, runs what the Pages Function runs.',
      '^builder/',
      ['^(builder|server|contract|functions)/', '^src/(brands|lib)/'],
    ),
    onlyInto(
      'scripts-down',
      "Commands over the build module and the server; from src only brand files and lib's plain rules.",
      '^scripts/',
      [
        '^(scripts|builder|server|contract)/',
        '^src/brands/',
        '^src/lib/(?!content/|build/)',
        '^tests/(e2e/fixtures|hostile)/',
      ],
    ),
    {
      name: 'test-support-in-tests',
      comment:
        'Test data and helpers serve tests (and the benchmarks, which drive what the tests drive) only.',
      severity: 'error',
      from: { pathNot: `${TEST}|${TEST_SUPPORT}|^scripts/bench-[^/]+\\.ts$` },
      to: { path: TEST_SUPPORT },
    },
    onlyInto(
      'test-support-down',
      'Test data is built from lib and contract shapes.',
      '^src/test-support/',
      ['^src/(test-support|lib|brands)/', '^contract/'],
    ),
  ],
  options: {
    includeOnly: '^(src|server|contract|scripts|functions|tests|builder)/',
    exclude: {
      path: '^(node_modules|dist[^/]*|\\.astro|\\.data|\\.cache|\\.wrangler|test-results|playwright-report)/',
    },
    doNotFollow: { path: '^node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
    },
    skipAnalysisNotInRules: true,
  },
};
