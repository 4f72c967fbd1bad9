// Stands in for '@juggle/resize-observer' (used by @formily/grid) in the production build (vite.config.ts alias):
// every browser we support has ResizeObserver. Tests (jsdom) keep the ponyfill.
export const ResizeObserver = globalThis.ResizeObserver;
