import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken, LOGIN_PATH } from '../lib/api-client';

/** Lets a screen render only with a stored admin token; otherwise sends the admin to log in. */
export function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getToken()) {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
