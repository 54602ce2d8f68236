import type { PendingAccessResponse } from '@portal/contracts';
import { formatInstant } from '../../lib/format';
import { Button } from '../../ui/button';
import './access-pending.css';

export interface AccessPendingPageProps {
  readonly pending: PendingAccessResponse;
  /** Asks the server again (after an admin has added them, the portal opens). */
  readonly onCheckAgain: () => void;
  readonly onSignOut: () => void;
  readonly isSigningOut: boolean;
}

/**
 * '/' for someone signed in whom no one has added yet (issue 25): their first sign-in was recorded
 * and the admins see them in Staff Review under "Awaiting access". Not an error: what happens next,
 * whom to write to, a way to look again, and Sign out.
 */
export function AccessPendingPage({
  pending,
  onCheckAgain,
  onSignOut,
  isSigningOut,
}: AccessPendingPageProps) {
  return (
    <main id="main" className="access-pending">
      <section className="card access-pending__card" aria-labelledby="access-pending-title">
        <h1 id="access-pending-title">Your access is being set up</h1>
        <p>
          Welcome, {pending.name}. You signed in as <strong>{pending.username}</strong> for the first time on{' '}
          {formatInstant(pending.firstSignInAt)}, and the portal's admins have been told: they see you in
          Staff Review under "Awaiting access".
        </p>
        <p>
          Once an admin has added you, choose Check again (or sign in again) to open the portal. There is
          nothing else you need to do.
        </p>
        <p>
          Questions, or waiting longer than a working day? Write to{' '}
          <a href={`mailto:${pending.contactEmail}`}>{pending.contactEmail}</a>.
        </p>
        <div className="access-pending__actions">
          <Button onPress={onCheckAgain}>Check again</Button>
          <Button variant="secondary" onPress={onSignOut} isPending={isSigningOut}>
            Sign out
          </Button>
        </div>
      </section>
    </main>
  );
}
