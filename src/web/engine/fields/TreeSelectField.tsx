import { TreeSelect } from 'antd';
import { Messages } from '../../../common/rules/messages';
import { adapt } from './adapt';
import { useOptions } from './use-options';
import type { FieldAdapterProps } from './types';

/** Dictionary tree; the selected label shows the whole path (title = names joined by '/'). */
export const TreeSelectField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps) => {
  const { options, loading } = useOptions(def.data);
  return (
    <TreeSelect
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="label"
      {...(def.props as object)}
      {...rest}
      loading={loading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={options as never}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      treeNodeLabelProp="title"
      placeholder={def.placeholder ?? `请选择${def.titleName}`}
      notFoundContent={Messages.noData}
    />
  );
});
