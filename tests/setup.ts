// Shared test setup: jsdom lacks a few browser APIs antd expects.
if (typeof window !== 'undefined') {
  const w = window as any;
  w.matchMedia ??= (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent() { return false; },
  });
  w.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
  const gcs = w.getComputedStyle;
  w.getComputedStyle = (elt: Element) => gcs(elt);
}
