import { useNavigate } from 'react-router-dom';
import { AccessPendingPage, SignInButton, useLogout } from '../features/auth';
import { LandingPage } from '../features/landing';
import { brandFor } from '../lib/brand';
import { useCurrentUser } from '../lib/current-user';
import { Button } from '../ui/button';
import { AccountMenu } from './shell/account-menu';
import { HomeNavBar } from './shell/home-nav-bar';

/**
 * '/': only the top navigation bar, no sidebar (spec 'Shell rules'). Someone signed in whom no
 * one has added yet sees where their access stands instead (issue 25).
 */
export function LandingRoute() {
  const current = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = current.status === 'signed-in' ? current.user : null;
  const brand = brandFor(user?.userType);
  const signIn = <SignInButton />;

  return (
    <div className="landing-shell">
      <HomeNavBar
        brand={brand}
        account={
          user ? (
            <AccountMenu
              user={user}
              onLogout={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
            />
          ) : current.status === 'error' ? (
            <Button variant="secondary" onPress={current.retry}>
              Retry
            </Button>
          ) : null
        }
      />
      {current.status === 'pending' ? (
        <AccessPendingPage
          pending={current.pending}
          onCheckAgain={current.refresh}
          onSignOut={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
          isSigningOut={logout.isPending}
        />
      ) : (
        <LandingPage brand={brand} signedIn={user !== null} signIn={signIn} />
      )}
    </div>
  );
}
