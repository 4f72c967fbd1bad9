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

// The components project shares one module cache and one document per worker between files (vite.config.ts:
// isolate: false): antd's static message, notification and modal holders outlive the file that opened them. What a
// file left on screen is closed and removed after it, so the next file starts with none (a toast of the last file
// would answer the next one's "no error shown" or "已同意 shown once").
if (typeof window !== 'undefined') {
  const { afterAll, vi } = await import('vitest');
  afterAll(async () => {
    const { message, Modal, notification } = await import('antd');
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
    vi.useRealTimers();
    for (const n of document.body.querySelectorAll('.ant-message-notice, .ant-notification-notice, .ant-modal-root'))
      n.remove();
  });
}
