import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { accountApi } from '../api/account';
import { getStoredUser, storeUser, type StoredUser } from '../api/session';

interface UserState {
  user: StoredUser | null;
  /** True once the server answered getSysUser in this visit (the cached copy may be stale before). */
  loaded: boolean;
  /** Reloads the user from the server (getSysUser) and caches it locally. */
  refresh(): Promise<void>;
}

const UserContext = createContext<UserState>({ user: null, loaded: false, refresh: async () => {} });

/** The logged-in user for the protected area: cached copy first, then the server's answer. */
export function UserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => getStoredUser());
  const [loaded, setLoaded] = useState(false);
  const refresh = useCallback(async () => {
    const u = await accountApi.getSysUser();
    storeUser(u);
    setUser(getStoredUser());
    setLoaded(true);
  }, []);
  useEffect(() => {
    refresh().catch(() => {
      /* the client already showed the failure */
    });
  }, [refresh]);
  const value = useMemo(() => ({ user, loaded, refresh }), [user, loaded, refresh]);
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserState {
  return useContext(UserContext);
}
