import { Checkbox, Divider, Select } from 'antd';
import { Messages } from '../../../common/rules/messages';
import { MAX_TAG_COUNT } from '../constants';
import { adapt } from './adapt';
import { selectAllState, toggleSelectAll } from './select-all';
import { useOptions } from './use-options';
import type { FieldAdapterProps } from './types';
import { useNameBeside } from './SelectField';

export const SELECT_ALL_TEXT = '全选';

/** Multi-select with a 全选 box above the options; tags collapse after 2. */
export const MultiSelectField = adapt(
  ({ def, value, onChange, ...rest }: FieldAdapterProps<(string | number | boolean)[]>) => {
    const { options, loading } = useOptions(def.data);
    const state = selectAllState(options, value);
    const nameBeside = useNameBeside();
    const change = (v: (string | number | boolean)[]) => {
      nameBeside(options.filter((o) => v.includes(o.value as string)).map((o) => o.label));
      onChange?.(v);
    };
    return (
      <Select
        mode="multiple"
        allowClear
        optionFilterProp="label"
        {...(def.props as object)}
        {...rest}
        loading={loading}
        maxTagCount={MAX_TAG_COUNT}
        value={value ?? []}
        onChange={(v) => change(v)}
        options={options.map(({ label, value: v, disabled }) => ({ label, value: v as string, disabled }))}
        placeholder={def.placeholder ?? `请选择${def.titleName}`}
        notFoundContent={Messages.noData}
        popupRender={(menu) => (
          <>
            {options.length > 0 && (
              <>
                <div style={{ padding: '4px 12px' }}>
                  <Checkbox
                    className="yg-select-all"
                    checked={state.checked}
                    indeterminate={state.indeterminate}
                    disabled={!!rest.disabled}
                    onChange={() => change(toggleSelectAll(options, value))}
                  >
                    {SELECT_ALL_TEXT}
                  </Checkbox>
                </div>
                <Divider style={{ margin: '4px 0' }} />
              </>
            )}
            {menu}
          </>
        )}
      />
    );
  },
);
