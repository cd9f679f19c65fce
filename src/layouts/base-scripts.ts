/**
 * Every page's own scripts: those of the layout's components, run as one module script by
 * src/layouts/Base.astro. A `<script>` in each component would be a module script of its
 * own, a request apiece for a stub that only imports the layout chunk, which holds all their
 * code anyway. This module is where the build starts the layout chunk (build/chunk-groups.ts): what it imports
 * statically, and nothing else, is the code every page loads. They run in this order, each
 * finding its elements or doing nothing.
 */

import '../components/layout/header.ts';
import '../components/layout/account-link.ts';
import '../components/layout/cart-link.ts';
import '../components/layout/back-crumb.ts';
import '../components/layout/alert-host.ts';
import '../components/layout/picture-fallback.ts';
import '../components/layout/favourite-hearts.ts';
import '../components/consent/consent-check.ts';
import '../components/consent/privacy-dialog.ts';
