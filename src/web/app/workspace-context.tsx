// The active team's workspace: the saved menu tree, the cached permission codes, the user's teams,
// and the engine contexts (PermissionContext, TenantContext) every page below the shell reads.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PermissionContext, TenantContext } from '../engine';
import { getPermissions } from '../api/session';
import { getStoredMenuTree, storeMenu, teamApi, type MenuNode, type TeamItem } from '../api/team';
import { useUser } from './session-context';

interface WorkspaceState {
  menuTree: MenuNode[];
  permissions: string[];
  /** The user's teams; null until first loaded. */
  teams: TeamItem[] | null;
  reloadTeams(): Promise<TeamItem[]>;
  reloadMenu(): Promise<void>;
  /** Pending join requests of the active team (admins only; 0 otherwise). */
  pendingRequests: number;
  reloadRequests(): Promise<void>;
}

const WorkspaceContext = createContext<WorkspaceState>({
  menuTree: [],
  permissions: [],
  teams: null,
  pendingRequests: 0,
  reloadTeams: async () => [],
  reloadMenu: async () => {},
  reloadRequests: async () => {},
});

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const [menuTree, setMenuTree] = useState<MenuNode[]>(() => getStoredMenuTree());
  const [permissions, setPermissions] = useState<string[]>(() => getPermissions());
  const [teams, setTeams] = useState<TeamItem[] | null>(null);
  const [pendingRequests, setPending] = useState(0);

  const reloadMenu = useCallback(async () => {
    // Background call: a failure keeps the cached tree (an expired login still ends the session).
    const answer = await teamApi.menuTree();
    storeMenu(answer);
    setMenuTree(answer.menuTree ?? []);
    setPermissions(answer.permissions ?? []);
  }, []);

  const reloadTeams = useCallback(async () => {
    const answer = await teamApi.myTeams({ background: true });
    // Anything but a list (an old server, a proxy page) counts as no teams rather than breaking the shell.
    const list = Array.isArray(answer) ? answer : [];
    setTeams(list);
    return list;
  }, []);

  const isAdmin = !!teams?.find((t) => t.current)?.isAdmin;
  const reloadRequests = useCallback(async () => {
    if (!isAdmin) return setPending(0);
    const page = await teamApi.requests({ background: true });
    setPending(page.total);
  }, [isAdmin]);

  // Loaded on entering, and again when the team changes. The first answers are the session's team's already: the
  // user's team becoming known (a fresh browser has none stored) is no change of team.
  const loadedFor = useRef<{ tenant: string | undefined } | null>(null);
  useEffect(() => {
    const tenant = user?.tenantCode;
    const before = loadedFor.current;
    loadedFor.current = { tenant };
    if (before && before.tenant === undefined && tenant !== undefined) return;
    reloadMenu().catch(() => {});
    reloadTeams().catch(() => {});
  }, [reloadMenu, reloadTeams, user?.tenantCode]);

  useEffect(() => {
    reloadRequests().catch(() => {});
  }, [reloadRequests]);

  const value = useMemo(
    () => ({ menuTree, permissions, teams, reloadTeams, reloadMenu, pendingRequests, reloadRequests }),
    [menuTree, permissions, teams, reloadTeams, reloadMenu, pendingRequests, reloadRequests],
  );
  const tenant = useMemo(
    () => ({
      tenantName: user?.tenantName ?? undefined,
      tenantLogo: user?.tenantLogo ?? undefined,
      userId: user?.id,
      deptId: user?.deptId ?? undefined,
    }),
    [user?.tenantName, user?.tenantLogo, user?.id, user?.deptId],
  );
  return (
    <WorkspaceContext.Provider value={value}>
      <PermissionContext.Provider value={permissions}>
        <TenantContext.Provider value={tenant}>{children}</TenantContext.Provider>
      </PermissionContext.Provider>
    </WorkspaceContext.Provider>
  );
}

export function useWorkspace(): WorkspaceState {
  return useContext(WorkspaceContext);
}
