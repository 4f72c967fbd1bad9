// Resolves a field's or column's `data`: inline options as they are, `{ fieldKey }` through the
// data provider's dictionary call, cached per provider so a page asks once per key.
import { useContext, useEffect, useState } from 'react';
import type { Option, OptionSource } from '../../../common/schema/types';
import { DataProviderContext, type DataProvider } from '../../api/data-provider';

const cache = new WeakMap<DataProvider, Map<string, Promise<Option[]>>>();

export function loadDictionary(provider: DataProvider, fieldKey: string): Promise<Option[]> {
  let byKey = cache.get(provider);
  if (!byKey) cache.set(provider, (byKey = new Map()));
  let p = byKey.get(fieldKey);
  if (!p) {
    p = provider.queryByFieldKey(fieldKey).catch(() => {
      byKey!.delete(fieldKey); // a failed lookup may be retried on the next render
      return [];
    });
    byKey.set(fieldKey, p);
  }
  return p;
}

/** Drops a cached dictionary after it was edited, so forms opened later ask the server again. */
export function forgetDictionary(provider: DataProvider, fieldKey: string): void {
  cache.get(provider)?.delete(fieldKey);
}

const EMPTY: Option[] = [];

export function useOptions(source: unknown): { options: Option[]; loading: boolean } {
  const provider = useContext(DataProviderContext);
  const fieldKey =
    source && !Array.isArray(source) && typeof source === 'object' && 'fieldKey' in source
      ? String((source as { fieldKey: string }).fieldKey)
      : null;
  const [state, setState] = useState<{ key: string | null; options: Option[] }>({ key: null, options: EMPTY });

  useEffect(() => {
    if (!fieldKey || !provider) return;
    let live = true;
    loadDictionary(provider, fieldKey).then((options) => live && setState({ key: fieldKey, options }));
    return () => {
      live = false;
    };
  }, [fieldKey, provider]);

  if (Array.isArray(source)) return { options: source as Option[], loading: false };
  if (!fieldKey) return { options: EMPTY, loading: false };
  return { options: state.key === fieldKey ? state.options : EMPTY, loading: !!provider && state.key !== fieldKey };
}

export type { OptionSource };
