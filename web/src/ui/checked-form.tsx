import type { FormHTMLAttributes } from 'react';

export interface CheckedFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate'
> {
  /** Enter in a field or the submit button: the app checks the fields (the contracts' rules) and sends. */
  readonly onSubmit: () => void;
}

/**
 * A form whose fields the app checks itself, with the rules and messages the API uses, not the
 * browser's: submitting never loads a page, and never submits a form around it either (React's
 * events bubble out of a dialog's portal into the form it was opened from).
 */
export function CheckedForm({ onSubmit, children, ...props }: CheckedFormProps) {
  return (
    <form
      {...props}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
