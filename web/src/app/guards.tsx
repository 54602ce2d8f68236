import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../lib/current-user';
import { Button } from '../ui/button';
import { AppShell } from './shell/app-shell';

/** Spec §2: a signed-in non-admin on any path containing 'admin', or nobody signed in, goes to '/'. */
export function isAdminPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('admin');
}

/** The guard of every route but '/', rendering the shell once the person is known. */
export function GuardedShell() {
  const state = useCurrentUser();
  const { pathname } = useLocation();

  if (state.status === 'signed-out') return <Navigate to="/" replace />;
  if (state.status === 'loading') {
    return (
      <div className="full-page-status" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your portal…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="full-page-status" role="alert">
        <p>Your account could not be loaded. Your request could not be processed.</p>
        <Button onPress={state.retry}>Try again</Button>
      </div>
    );
  }
  if (isAdminPath(pathname) && !state.user.isAdmin) return <Navigate to="/" replace />;
  return <AppShell user={state.user} />;
}
