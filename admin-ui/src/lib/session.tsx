// Who is signed in, and what their role lets them do: read once per signed-in visit from
// GET /api/me. The server decides every call by the account's role; the UI only hides what the
// role may not do, so an editor is not shown buttons that would be refused.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, isSessionError } from './api-client';
import { Spinner } from '../components/Spinner';

export type Role = 'admin' | 'editor';

export interface Me {
  username: string;
  email: string;
  role: Role;
}

const SessionContext = createContext<Me | null>(null);

/** Provides the signed-in account to the screens inside it; shows a spinner until it is known. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    api
      .get<Me>('/api/me')
      .then((m) => live && setMe({ ...m, role: m.role === 'editor' ? 'editor' : 'admin' }))
      .catch((err: unknown) => live && !isSessionError(err) && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (failed) {
    return (
      <div className="card" role="alert">
        <p className="form-error">Could not reach the server. Please check your connection.</p>
        <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (!me) return <Spinner />;
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

/** For tests and previews: a fixed account. */
export function SessionValue({ me, children }: { me: Me; children: ReactNode }) {
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

/** The signed-in account as the provider knows it; null outside a provider. */
export function useSession(): Me | null {
  return useContext(SessionContext);
}

/** The signed-in account; outside a provider (a screen rendered alone) an admin. */
export function useMe(): Me {
  return useContext(SessionContext) ?? { username: '', email: '', role: 'admin' };
}

/** Whether the signed-in account is an admin (may publish, read enquiries, manage people). */
export function useIsAdmin(): boolean {
  return useMe().role === 'admin';
}
