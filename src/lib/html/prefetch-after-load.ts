/**
 * The attribute of the `<template>` in which the build leaves a page's prefetch links for
 * its interaction islands' code (builder/finish-page.ts), and which `client:interaction` moves
 * into the head once the page has loaded (src/islands/directives/interaction.ts).
 */
export const PREFETCH_AFTER_LOAD = 'data-prefetch-after-load';
