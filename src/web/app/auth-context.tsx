import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authClient, type SessionUser } from '../lib/auth-client';

type AuthState = {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isAdmin: boolean;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const value = useMemo<AuthState>(() => {
    const user = session.data?.user ?? null;
    return {
      user,
      isAuthenticated: Boolean(user),
      isLoading: session.isPending,
      isAdmin: user?.role === 'admin',
      signOut: async () => {
        await authClient.signOut();
        queryClient.clear();
      },
      refresh: async () => {
        await session.refetch();
      },
    };
  }, [session, queryClient]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
