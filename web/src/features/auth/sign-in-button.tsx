import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast';
import { errorMessage } from '../../lib/api';
import { startSession } from '../../lib/session';
import { useAuthConfig } from './api/get-auth-config';
import { SignInRefused, signInWithEntra } from './entra';

/**
 * The development picker: loaded only where it is on (never in production), so its form and
 * dialog stay out of the landing page's JavaScript (docs/decisions/0107-initial-js-budget.md).
 */
const DevSignInDialog = lazy(() =>
  import('./dev-sign-in-dialog').then((module) => ({ default: module.DevSignInDialog })),
);

/** The landing page's Log In button: single sign-on popup, or the dev picker when it is on. */
export function SignInButton({ onSignedIn }: { onSignedIn?: () => void }) {
  const config = useAuthConfig();
  const queryClient = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [entraPending, setEntraPending] = useState(false);

  const signIn = async () => {
    const settings = config.data;
    if (!settings) {
      showToast(errorMessage(config.error), 'danger');
      return;
    }
    if (settings.devSignIn) {
      setPickerOpen(true);
      return;
    }
    if (!settings.entra) {
      showToast('Sign-in is not configured on this server.', 'danger');
      return;
    }
    setEntraPending(true);
    try {
      const token = await signInWithEntra(settings.entra);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      startSession(token);
      onSignedIn?.();
    } catch (error) {
      if (error instanceof SignInRefused) showToast(error.message, 'danger');
      else if ((error as { errorCode?: string }).errorCode !== 'user_cancelled') {
        showToast('Sign-in did not complete. Please try again.', 'danger');
      }
    } finally {
      setEntraPending(false);
    }
  };

  return (
    <>
      <Button
        variant="primary"
        className="btn--large"
        onPress={() => void signIn()}
        isPending={config.isPending || entraPending}
      >
        Log In
      </Button>
      {config.data?.devSignIn ? (
        <Suspense fallback={null}>
          <DevSignInDialog
            isOpen={pickerOpen}
            onOpenChange={setPickerOpen}
            onSignedIn={() => {
              setPickerOpen(false);
              onSignedIn?.();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
