/** The build's options as the page finishing receives them (build/storefront-build.ts). */
declare module 'virtual:storefront-build/options' {
  const options: { brand: string; outDir: string };
  export default options;
}
