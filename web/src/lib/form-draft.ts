import { useState } from 'react';
import { type FieldErrors, withoutErrors } from './form-errors';

/**
 * A form's values as typed and the messages beside its fields (a field's path is its key).
 * `change` sets some values (`set` one) and clears their messages, so a rule's message goes as
 * soon as the person edits its field; `reset` starts again from other values, without messages.
 */
export function useDraft<T extends object>(initial: T | (() => T)) {
  const [draft, setDraft] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (next: Partial<T>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) => withoutErrors(current, ...Object.keys(next)));
  };
  const set = <K extends keyof T & string>(key: K, value: T[K]) => {
    const next: Partial<T> = {};
    next[key] = value;
    change(next);
  };
  const reset = (to: T) => {
    setDraft(to);
    setErrors({});
  };
  return { draft, setDraft, change, set, reset, errors, setErrors };
}
