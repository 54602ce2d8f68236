import { useState } from 'react';
import { STAFF_FIELD_LABELS, type StaffSensitiveField } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { revealSensitiveField } from '../api/staff-admin-api';

export interface SensitiveFieldProps {
  readonly staffId: number;
  readonly field: StaffSensitiveField;
  /** The stored value, masked ('•••• 1234'); null when empty. */
  readonly masked: string | null;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly errorMessage?: string;
  readonly isDisabled?: boolean;
}

/**
 * A sensitive field: the stored value masked, shown in the clear only after Reveal (the server
 * records who revealed it), and a text field to type a replacement.
 */
export function SensitiveField({
  staffId,
  field,
  masked,
  value,
  onChange,
  errorMessage: error,
  isDisabled,
}: SensitiveFieldProps) {
  const label = STAFF_FIELD_LABELS[field];
  const [revealed, setRevealed] = useState<string | null>(null);
  const [isRevealing, setRevealing] = useState(false);

  function reveal() {
    setRevealing(true);
    revealSensitiveField(staffId, field)
      .then(
        (answer) => setRevealed(answer.value ?? ''),
        (failure: unknown) => showToast(errorMessage(failure), 'danger'),
      )
      .finally(() => setRevealing(false));
  }

  return (
    <div className="staff-sensitive">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        isDisabled={isDisabled}
        inputType={field === 'dob' ? 'date' : undefined}
        description={
          masked ? `Stored: ${masked}. Type a new value to replace it.` : 'Not set. Stored encrypted.'
        }
        errorMessage={error}
      />
      {masked ? (
        <div className="staff-sensitive__reveal" aria-live="polite">
          {revealed === null ? (
            <Button
              variant="secondary"
              onPress={reveal}
              isPending={isRevealing}
              aria-label={`Reveal ${label}`}
            >
              Reveal
            </Button>
          ) : (
            <span>
              {label}: <strong>{revealed}</strong>
            </span>
          )}
        </div>
      ) : null}
    </div>
  );
}
