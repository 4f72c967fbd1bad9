// Stands in for 'resize-observer-polyfill' in the production build (vite.config.ts alias). That polyfill
// returns the browser's own ResizeObserver whenever one exists, which every browser we support has;
// shipping its fallback cost every page, /login included, ~2.5 kB gzip. Tests (jsdom) keep the real one.
export default globalThis.ResizeObserver;
