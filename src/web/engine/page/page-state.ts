// A list page's state that should survive a refresh and travel in a shared link: the shown view and tab, the tree
// node, the header's period, the search, the page number and the open record. The app keeps it in the address's
// query (SchemaPage); without a store (stories, tests) it lives in React state only.
import { createContext, useContext, useEffect, useState } from 'react';

export interface PageStateStore {
  /** The values as the page was opened with them. */
  read(): Record<string, string>;
  /** Sets (or with undefined removes) values, leaving the others. */
  write(patch: Record<string, string | undefined>): void;
}

export const PageStateContext = createContext<PageStateStore | null>(null);

/** How a value is written in the store: text, a number, or JSON. */
export interface Codec<T> {
  parse(text: string): T | undefined;
  format(value: T): string | undefined;
}

export const textCodec: Codec<string | undefined> = { parse: (t) => t, format: (v) => v || undefined };
export const pageCodec: Codec<number> = {
  parse: (t) => (/^[1-9]\d{0,5}$/.test(t) ? Number(t) : undefined),
  format: (v) => (v > 1 ? String(v) : undefined),
};
export function jsonCodec<T>(isEmpty: (v: T) => boolean): Codec<T> {
  return {
    parse: (t) => {
      try {
        return JSON.parse(t) as T;
      } catch {
        return undefined;
      }
    },
    format: (v) => (isEmpty(v) ? undefined : JSON.stringify(v)),
  };
}

/** The value the page was opened with under `key`, or `initial`. */
export function useInitialPageState<T>(key: string, initial: T, codec: Codec<T>): T {
  const store = useContext(PageStateContext);
  const [value] = useState(() => {
    const text = store?.read()[key];
    return text === undefined ? initial : (codec.parse(text) ?? initial);
  });
  return value;
}

/** Writes `value` under `key` whenever it changes (a derived value too: a new search puts the page back to 1). */
export function useMirrorPageState<T>(key: string, value: T, codec: Codec<T>) {
  const store = useContext(PageStateContext);
  const text = codec.format(value);
  useEffect(() => {
    store?.write({ [key]: text });
  }, [store, key, text]);
}

/**
 * useState whose value is read from the page state on opening and written back on every change; the default itself
 * is not written (a page opened as it starts keeps a clean address).
 */
export function usePageState<T>(key: string, initial: T, codec: Codec<T>) {
  const start = useInitialPageState(key, initial, codec);
  const [value, setValue] = useState<T>(start);
  const plain = codec.format(initial);
  useMirrorPageState(key, value, {
    parse: codec.parse,
    format: (v) => {
      const t = codec.format(v);
      return t === plain ? undefined : t;
    },
  });
  return [value, setValue] as const;
}

/** The address's query as a page state store: replaced in place, so refresh and a copied link keep the list. */
export const locationPageState: PageStateStore = {
  read: () => Object.fromEntries(new URLSearchParams(window.location.search)),
  write(patch) {
    const params = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) params.delete(k);
      else params.set(k, v);
    }
    const query = params.toString();
    const next = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', next);
  },
};
