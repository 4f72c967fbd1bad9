// Tenant branding for dialogs and drawers: the app provides the active tenant.
import { createContext, useContext } from 'react';

export interface TenantInfo {
  tenantName?: string;
  tenantLogo?: string;
  /** The viewer, for defaults such as 报销人 = me. */
  userId?: number | string;
  /** The viewer's department in the team, for the currentDept default. */
  deptId?: number | string;
}

export const TenantContext = createContext<TenantInfo>({});

/** The tenant logo shown at the top right of dialogs and drawers; nothing when there is none. */
export function TenantLogo() {
  const { tenantLogo, tenantName } = useContext(TenantContext);
  if (!tenantLogo) return null;
  return (
    <img
      className="yg-tenant-logo"
      src={tenantLogo}
      alt={tenantName ?? 'logo'}
      style={{ height: 24, maxWidth: 120, objectFit: 'contain' }}
    />
  );
}
