// Vitest setup (vite.config.ts). The app's screens are lazy chunks now; the jsdom suites that mount the app
// (tests/web) expect a screen right after render, as when they were static imports: load them all first.
import { expect } from 'vitest';

if (typeof window !== 'undefined' && /[\\/]tests[\\/]web[\\/]/.test(expect.getState().testPath ?? '')) {
  const { preloadAllRoutes } = await import('./App');
  await preloadAllRoutes();
}
