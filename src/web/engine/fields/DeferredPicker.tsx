// A search form's date fields before the user reaches for them. A list page's first view shows its search form, but
// the date picker (rc-picker, ≈ 32 kB gzip) is needed only once a date is picked: until the pointer or the focus
// reaches the field, an input of the same size and placeholder stands in; then the real picker loads and takes its
// place once loaded (the stand-in stays on screen meanwhile). A field holding a value shows the real picker at once.
import { useState, type ComponentType } from 'react';
import { Input } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { FieldType } from '../../../common/schema/types';
import type { FieldAdapterProps } from './types';
import { fieldRegistry } from './registry';

type DateKind = Extract<FieldType, 'date' | 'month' | 'dateTime' | 'dateRange'>;

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

function placeholderOf(kind: DateKind, def: FieldAdapterProps['def']) {
  return kind === 'dateRange' ? '开始日期 → 结束日期' : (def.placeholder ?? `请选择${def.titleName}`);
}

/** The search form's stand-in for a date field of kind `kind`. */
export function deferredPicker(kind: DateKind): ComponentType<FieldAdapterProps> {
  const Real = fieldRegistry[kind] as ComponentType<FieldAdapterProps> & {
    preload?: () => Promise<void>;
    isLoaded?: () => boolean;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per date kind when the field registry is built, never during a render
  return function DeferredPicker(props: FieldAdapterProps) {
    const [ready, setReady] = useState(() => Real.isLoaded?.() ?? true);
    // Reached by a click or the keyboard (not a mere hover): the picker comes up focused and open.
    const [focus, setFocus] = useState(false);
    const wake = (take: boolean) => {
      if (take) setFocus(true);
      if (!ready) void (Real.preload?.() ?? Promise.resolve()).then(() => setReady(true));
    };
    if (!ready && empty(props.value)) {
      return (
        <Input
          readOnly
          className="yg-picker-stand-in"
          disabled={props.disabled}
          placeholder={placeholderOf(kind, props.def)}
          suffix={<CalendarOutlined style={{ color: 'rgba(0, 0, 0, 0.25)' }} />}
          onMouseEnter={() => wake(false)}
          onFocus={() => wake(true)}
          onPointerDown={() => wake(true)}
        />
      );
    }
    return focus ? <Real {...props} autoFocus defaultOpen /> : <Real {...props} />;
  };
}

/** The search form's date kinds, deferred. */
export const deferredPickers: Partial<Record<FieldType, ComponentType<FieldAdapterProps>>> = {
  date: deferredPicker('date'),
  month: deferredPicker('month'),
  dateTime: deferredPicker('dateTime'),
  dateRange: deferredPicker('dateRange'),
};
