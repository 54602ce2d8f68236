import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { Button } from './button';
import { TextField } from './text-field';
import { showToast } from './toast';

export interface SensitiveFieldProps {
  readonly label: string;
  /** The stored value, masked ('•••• 1234'); null when empty. */
  readonly masked: string | null;
  /** What Save will send: '' keeps the stored value, null clears it, text replaces it. */
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  /** Asks the server for the value in the clear (it records the reveal). */
  readonly reveal: () => Promise<string | null>;
  readonly inputType?: string;
  readonly errorMessage?: string;
  readonly isDisabled?: boolean;
}

/**
 * A sensitive field (Staff Review, vehicles): the stored value masked, shown in the clear only
 * after Reveal, a text field to type a replacement, and Clear to remove the stored value on Save.
 * A revealed value belongs to the stored value it was read from: once that changes (the masked
 * text differs) it is hidden again; forms also remount the field after a Save.
 */
export function SensitiveField({
  label,
  masked,
  value,
  onChange,
  reveal,
  inputType,
  errorMessage: error,
  isDisabled,
}: SensitiveFieldProps) {
  const [revealed, setRevealed] = useState<{ of: string | null; text: string } | null>(null);
  const [isRevealing, setRevealing] = useState(false);
  const shown = revealed !== null && revealed.of === masked ? revealed.text : null;
  const clearing = value === null;

  function show() {
    setRevealing(true);
    reveal()
      .then(
        (text) => setRevealed({ of: masked, text: text ?? '' }),
        (failure: unknown) => showToast(errorMessage(failure), 'danger'),
      )
      .finally(() => setRevealing(false));
  }

  const description = clearing
    ? 'Will be cleared when you save.'
    : masked
      ? `Stored: ${masked}. Type a new value to replace it.`
      : 'Not set. Stored encrypted.';

  return (
    <div className="sensitive-field">
      <TextField
        label={label}
        value={value ?? ''}
        onChange={(text) => onChange(text)}
        isDisabled={isDisabled}
        inputType={inputType}
        description={description}
        errorMessage={error}
      />
      {masked ? (
        <div className="sensitive-field__actions" aria-live="polite">
          {shown === null ? (
            <Button variant="secondary" onPress={show} isPending={isRevealing} aria-label={`Reveal ${label}`}>
              Reveal
            </Button>
          ) : (
            <span>
              {label}: <strong>{shown}</strong>
            </span>
          )}
          {clearing ? (
            <Button variant="secondary" onPress={() => onChange('')} aria-label={`Keep ${label}`}>
              Keep
            </Button>
          ) : (
            <Button
              variant="secondary"
              onPress={() => onChange(null)}
              isDisabled={isDisabled}
              aria-label={`Clear ${label}`}
            >
              Clear
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
