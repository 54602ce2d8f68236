import { useDraft } from '../../lib/form-draft';
import { Button } from '../../ui/button';
import { CheckedForm } from '../../ui/checked-form';
import { showSendFailure } from '../../ui/form-feedback';
import { TextField } from '../../ui/text-field';
import { useDevFirstSignIn } from './api/dev-sign-in';

/**
 * The dev picker's "Someone not yet added" (issue 25): signs in with a work e-mail no staff member
 * has, as single sign-on would for a newcomer; the portal then records the first sign-in and shows
 * where their access stands. The server checks both fields (its messages show beside them).
 */
export function DevFirstSignInForm({ onSignedIn }: { readonly onSignedIn: () => void }) {
  const signIn = useDevFirstSignIn();
  const { draft, change, errors, setErrors } = useDraft({ username: '', name: '' });

  return (
    <CheckedForm
      className="dev-first-sign-in"
      aria-labelledby="dev-first-sign-in-title"
      onSubmit={() => {
        if (signIn.isPending) return;
        signIn.mutateAsync(draft).then(onSignedIn, (error: unknown) => showSendFailure(error, setErrors));
      }}
    >
      <h3 id="dev-first-sign-in-title">Someone not yet added</h3>
      <div className="dev-first-sign-in__fields">
        <TextField
          label="Work e-mail"
          inputType="email"
          value={draft.username}
          onChange={(username) => change({ username })}
          errorMessage={errors.username}
        />
        <TextField
          label="Name"
          value={draft.name}
          onChange={(name) => change({ name })}
          errorMessage={errors.name}
        />
      </div>
      <Button type="submit" variant="secondary" isPending={signIn.isPending}>
        Sign in as someone new
      </Button>
    </CheckedForm>
  );
}
