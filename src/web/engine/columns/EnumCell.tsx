import type { Option } from '../../../common/schema/types';
import { findOption } from '../../../common/schema/dictionary';
import { useOptions } from '../fields/use-options';
import type { CellProps } from './types';
import { compositeText } from '../fields/display';

/** Value-to-text map: an object map, inline options or a dictionary. Unknown values show as they are. */
export function EnumCell({ value, col }: CellProps) {
  const data = col.data;
  const isMap = data && !Array.isArray(data) && typeof data === 'object' && !('fieldKey' in data);
  const { options } = useOptions(isMap ? undefined : data);
  if (value === undefined || value === null || value === '') return null;
  const composite = compositeText(value);
  if (composite !== null) return <span>{composite}</span>;
  if (isMap) return <span>{(data as Record<string, string>)[String(value)] ?? String(value)}</span>;
  const values = Array.isArray(value) ? value : [value];
  return <span>{values.map((v) => findOption(options as Option[], v)?.label ?? String(v)).join('、')}</span>;
}
