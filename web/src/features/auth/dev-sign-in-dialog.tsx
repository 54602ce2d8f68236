import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/dialog';
import { errorMessage } from '../../lib/api';
import { EmptyState, QueryState } from '../../ui/query-state';
import { useDevPeople } from './api/get-dev-people';
import { useDevSignIn } from './api/dev-sign-in';
import { DevFirstSignInForm } from './dev-first-sign-in-form';

export interface DevSignInDialogProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly onSignedIn: () => void;
}

/** Development sign-in: pick one of the seeded people (only offered while the server allows it). */
export function DevSignInDialog({ isOpen, onOpenChange, onSignedIn }: DevSignInDialogProps) {
  const people = useDevPeople(isOpen);
  const signIn = useDevSignIn();

  return (
    <ModalDialog title="Sign in as" isOpen={isOpen} onOpenChange={onOpenChange}>
      <p className="muted">
        Development sign-in: choose the person to act as. Real accounts sign in with single sign-on.
      </p>
      {signIn.isError ? (
        <p role="alert" className="alert alert--danger">
          {errorMessage(signIn.error)}
        </p>
      ) : null}
      <QueryState
        query={people}
        what="people"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState>No people are registered yet. Start the portal with demo data to get some.</EmptyState>
        }
      >
        {(list) => (
          <ul className="person-list" aria-label="People">
            {list.map((person) => (
              <li key={person.staffId}>
                <Button
                  variant="secondary"
                  className="person-list__item"
                  isPending={signIn.isPending && signIn.variables === person.staffId}
                  onPress={() => signIn.mutate(person.staffId, { onSuccess: onSignedIn })}
                >
                  <span className="person-list__name">{person.name}</span>
                  <span className="person-list__username">{person.username}</span>
                  <span className="person-list__badges">
                    {person.isAdmin ? <span className="badge badge--admin">admin</span> : null}
                    {person.isAuditor ? <span className="badge badge--auditor">auditor</span> : null}
                    {person.userType === 'sightstream' ? (
                      <span className="badge badge--sightstream">sightstream</span>
                    ) : null}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <DevFirstSignInForm onSignedIn={onSignedIn} />
      <div className="dialog__actions">
        <Button variant="secondary" slot="close">
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
