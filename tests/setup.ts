// Shared test setup: jsdom lacks a few browser APIs antd expects.
import { configure } from '@testing-library/dom';

// findBy/waitFor wait up to 5 s, not 1 s: CI runs the jsdom suites beside the API and Chromium suites on two cores.
configure({ asyncUtilTimeout: 5000 });
if (typeof window !== 'undefined') {
  const w = window as any;
  w.matchMedia ??= (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
  w.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  const gcs = w.getComputedStyle;
  w.getComputedStyle = (elt: Element) => gcs(elt);
}
