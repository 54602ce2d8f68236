import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../lib/current-user';
import { mayOpen } from './access';
import { Button } from '../ui/button';
import { AppShell } from './shell/app-shell';

/** The guard of every route but '/', rendering the shell once the person is known. */
export function GuardedShell() {
  const state = useCurrentUser();
  const { pathname } = useLocation();

  // Someone awaiting access has only the landing page, which then shows where their access stands.
  if (state.status === 'signed-out' || state.status === 'pending') return <Navigate to="/" replace />;
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
  if (!mayOpen(state.user, pathname)) return <Navigate to="/" replace />;
  return <AppShell user={state.user} />;
}
