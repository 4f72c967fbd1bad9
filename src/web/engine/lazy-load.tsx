// Components fetched on first use (a chunk of their own). Once fetched they render at once, without Suspense: a
// second drawer, field or dialog of the kind never flashes its fallback. preloadLazyComponents() fetches them all,
// for the jsdom suites, which expect a form or drawer right after render, as when these were static imports.
import {
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';

const preloads: (() => Promise<void>)[] = [];

/** A component loaded by `load` on its first render; `fallback` shows meanwhile. */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props, as React's own lazy() takes
export function lazyComponent<C extends ComponentType<any>>(
  load: () => Promise<C>,
  fallback: ReactNode = null,
): ComponentType<ComponentProps<C>> & { preload(): Promise<void>; isLoaded(): boolean } {
  let loaded: ComponentType<ComponentProps<C>> | undefined;
  const preload = () =>
    load().then((c) => {
      loaded = c as ComponentType<ComponentProps<C>>;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  preloads.push(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy component at module load, never during a render
  function LazyComponent(props: ComponentProps<C>) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Suspense, { fallback }, createElement(Lazy, props));
  }
  return Object.assign(LazyComponent, { preload, isLoaded: () => loaded !== undefined });
}

/** Fetches every lazy component (tests). */
export async function preloadLazyComponents() {
  await Promise.all(preloads.map((p) => p()));
}
