// The items of one dictionary (every item, disabled ones too) and of the dictionaries its form refers to.
import { useCallback, useEffect, useState } from 'react';
import type { DictionaryKeyConfig } from '../../../common/schema/types';
import type { DataProvider, DictEntry } from '../../api/data-provider';

const TEAM_MEMBERS = 'teamMembers';

export interface DictItemsState {
  items: DictEntry[];
  loading: boolean;
  /** Team members (负责人) and the extra value's dictionary, when the key has them. */
  members: DictEntry[];
  referenced: DictEntry[];
  reload: () => void;
}

export function useDictItems(provider: DataProvider, cfg: DictionaryKeyConfig): DictItemsState {
  const [state, setState] = useState<{ key: string; items: DictEntry[]; loading: boolean }>({
    key: cfg.fieldKey,
    items: [],
    loading: true,
  });
  const [members, setMembers] = useState<DictEntry[]>([]);
  const [referenced, setReferenced] = useState<DictEntry[]>([]);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    setState((s) => ({ key: cfg.fieldKey, items: s.key === cfg.fieldKey ? s.items : [], loading: true }));
    provider.listDictItems(cfg.fieldKey).then(
      (items) => live && setState({ key: cfg.fieldKey, items, loading: false }),
      () => live && setState({ key: cfg.fieldKey, items: [], loading: false }),
    );
    return () => {
      live = false;
    };
  }, [provider, cfg.fieldKey, tick]);

  useEffect(() => {
    let live = true;
    const load = (key: string | undefined, set: (v: DictEntry[]) => void) => {
      if (!key) return set([]);
      provider.listDictItems(key).then(
        (v) => live && set(v),
        () => live && set([]),
      );
    };
    load(cfg.leader ? TEAM_MEMBERS : undefined, setMembers);
    load(cfg.extra?.fieldKey, setReferenced);
    return () => {
      live = false;
    };
  }, [provider, cfg.leader, cfg.extra?.fieldKey]);

  return { items: state.items, loading: state.loading, members, referenced, reload };
}
