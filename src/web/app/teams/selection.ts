import type { TenantType } from '../../api/team';

export type SelectionMode = 'join' | 'create';

/** The selection dialog's four destinations. */
export function selectionRoute(mode: SelectionMode, type: TenantType): string {
  if (mode === 'join') return type === 'individual' ? '/joinIndividualTeam' : '/joinTeam';
  return type === 'individual' ? '/individualTeam' : '/enterpriseTeam';
}
