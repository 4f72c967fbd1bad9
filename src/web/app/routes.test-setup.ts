// Vitest setup (vite.config.ts). The app's screens are lazy chunks now; the jsdom suites that mount the app
// (tests/web) expect a screen right after render, as when they were static imports: load them all first. Likewise the
// engine's lazy parts (drawer, dialogs, field kinds: engine/lazy-load.tsx) for every jsdom suite.
import { expect } from 'vitest';

if (typeof window !== 'undefined' && /[\\/]tests[\\/]web[\\/]/.test(expect.getState().testPath ?? '')) {
  const { preloadAllRoutes } = await import('./App');
  await preloadAllRoutes();
}

if (typeof window !== 'undefined') {
  await import('../engine');
  await import('../engine/fields/DeferredPicker');
  const { preloadLazyComponents } = await import('../engine/lazy-load');
  await preloadLazyComponents();
}
