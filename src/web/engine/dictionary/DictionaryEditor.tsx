// The generic dictionary editor of a dictionary page (e.g. 字段字典): the category tree side panel
// lists group → fieldKey, the module tab bar sits beside it, and the selected dictionary's
// items fill the rest. Knows no dictionary names: everything comes from the page schema's `dictionary`.
import { useMemo, useState } from 'react';
import { App as AntApp, Empty } from 'antd';
import type { CategoryNode, DictionaryKeyConfig, DictionaryPageSchema } from '../../../common/schema/types';
import { FeedbackBridge } from '../feedback';
import { ListLayout } from '../list/ListLayout';
import { ModuleTabs } from '../page/ModuleTabs';
import { TreePanel } from '../tree/TreePanel';
import { DictItemTable } from './DictItemTable';

export interface DictionaryEditorProps {
  schema: DictionaryPageSchema;
  onNavigate?: (path: string) => void;
}

const KEY_PREFIX = 'key:';

/** Group and key nodes are structure, not data: noEdit keeps their move/edit menu away. */
function treeNodes(schema: DictionaryPageSchema): CategoryNode[] {
  return schema.dictionary.groups.map((g, i) => ({
    id: `group:${i}`,
    name: g.title,
    noEdit: true,
    children: g.fieldKeys.map((k) => ({
      id: `${KEY_PREFIX}${k.fieldKey}`,
      name: k.title,
      label: k.readOnly ? `${k.title}（只读）` : k.title,
      noEdit: true,
    })),
  }));
}

export function DictionaryEditor({ schema, onNavigate }: DictionaryEditorProps) {
  const nodes = useMemo(() => treeNodes(schema), [schema]);
  const keys = useMemo(
    () =>
      new Map<string, DictionaryKeyConfig>(
        schema.dictionary.groups.flatMap((g) => g.fieldKeys.map((k) => [k.fieldKey, k])),
      ),
    [schema],
  );
  const first = schema.dictionary.groups[0]?.fieldKeys[0]?.fieldKey;
  const [selected, setSelected] = useState<string | undefined>(first);
  const config = selected ? keys.get(selected) : undefined;

  const select = (n: CategoryNode | null) => {
    // A group stands for its first dictionary; 全部 shows the hint.
    if (!n) return setSelected(undefined);
    const id = n.id.startsWith(KEY_PREFIX) ? n.id : n.children?.[0]?.id;
    setSelected(id?.slice(KEY_PREFIX.length));
  };

  return (
    <AntApp>
      <FeedbackBridge />
      <ListLayout
        tree={
          <TreePanel
            title={schema.dictionary.title ?? '字典分类'}
            nodes={nodes}
            selectedId={selected ? `${KEY_PREFIX}${selected}` : undefined}
            onSelect={select}
          />
        }
        tabs={
          schema.tabs && (
            <ModuleTabs
              modules={schema.tabs.modules ?? []}
              selectedKey={schema.module}
              help={schema.tabs.help}
              tipsImage={schema.tabs.tipsImage}
              // A dictionary page has no records, hence no 智能数据 charts.
              hideSmartData
              onSelect={(m) => m.key && m.key !== schema.module && onNavigate?.(`/${m.key}`)}
            />
          )
        }
      >
        {config ? (
          <DictItemTable key={config.fieldKey} module={schema.module} config={config} />
        ) : (
          <Empty style={{ marginTop: 80 }} description="请在左侧选择字典" />
        )}
      </ListLayout>
    </AntApp>
  );
}
