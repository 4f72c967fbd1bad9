import type { Option } from '../../../common/schema/types';

type V = Option['value'];

/** Select-all box: checked when every enabled option is chosen, indeterminate when only some are. */
export function selectAllState(
  options: Option[],
  value: V[] | undefined,
): { checked: boolean; indeterminate: boolean } {
  const enabled = options.filter((o) => !o.disabled);
  const chosen = new Set(value ?? []);
  const count = enabled.filter((o) => chosen.has(o.value)).length;
  const checked = enabled.length > 0 && count === enabled.length;
  return { checked, indeterminate: count > 0 && !checked };
}

/** Toggling keeps chosen disabled options as they are and adds or removes all enabled ones. */
export function toggleSelectAll(options: Option[], value: V[] | undefined): V[] {
  const enabled = options.filter((o) => !o.disabled).map((o) => o.value);
  const current = value ?? [];
  if (selectAllState(options, current).checked) return current.filter((v) => !enabled.includes(v));
  return [...current, ...enabled.filter((v) => !current.includes(v))];
}
