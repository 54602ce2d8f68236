import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast';
import { errorMessage } from '../../lib/api';
import { startSession } from '../../lib/session';
import { useAuthConfig } from './api/get-auth-config';
import { DevSignInDialog } from './dev-sign-in-dialog';
import { SignInRefused, signInWithEntra } from './entra';

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
        <DevSignInDialog
          isOpen={pickerOpen}
          onOpenChange={setPickerOpen}
          onSignedIn={() => {
            setPickerOpen(false);
            onSignedIn?.();
          }}
        />
      ) : null}
    </>
  );
}
