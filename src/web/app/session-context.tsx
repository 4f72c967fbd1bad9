import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { accountApi } from '../api/account';
import { getStoredUser, storeUser, type StoredUser } from '../api/session';

interface UserState {
  user: StoredUser | null;
  /** Reloads the user from the server (getSysUser) and caches it locally. */
  refresh(): Promise<void>;
}

const UserContext = createContext<UserState>({ user: null, refresh: async () => {} });

/** The logged-in user for the protected area: cached copy first, then the server's answer. */
export function UserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => getStoredUser());
  const refresh = useCallback(async () => {
    const u = await accountApi.getSysUser();
    storeUser(u);
    setUser(getStoredUser());
  }, []);
  useEffect(() => {
    refresh().catch(() => { /* the client already showed the failure */ });
  }, [refresh]);
  const value = useMemo(() => ({ user, refresh }), [user, refresh]);
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserState {
  return useContext(UserContext);
}
