// What a record picker offers now: asks the server for the page module's `field` (a form field, or lines.<cell>)
// with the form's values and an optional keyword; an answer that a newer request overtook is dropped.
import { useContext, useRef, useState } from 'react';
import { DataProviderContext, type PickerOption } from '../../api/data-provider';
import { PageModuleContext } from '../page/page-module';

export function usePickerOptions(field: string, values: () => Record<string, unknown>) {
  const provider = useContext(DataProviderContext);
  const module = useContext(PageModuleContext);
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const load = async (keyword?: string): Promise<PickerOption[]> => {
    if (!provider || !module) return [];
    const mine = ++seq.current;
    setLoading(true);
    try {
      const list = await provider.pickerOptions({ module, field, values: values(), keyword });
      if (mine === seq.current) setOptions(list);
      return list;
    } catch {
      // The list stays as it was; the server says what is wrong on save.
      return [];
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };
  return { options, loading, load };
}
