import {
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { Button } from './button';
import { FieldHelp } from './field-parts';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'isInvalid'> {
  readonly label: string;
  readonly hideLabel?: boolean;
  readonly description?: string;
  readonly errorMessage?: string;
}

/** A spinbutton with − / + steppers; the value is NaN while the input is empty. */
export function NumberField({
  label,
  hideLabel,
  description,
  errorMessage,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      formatOptions={{ maximumFractionDigits: 2, useGrouping: false }}
      {...props}
      isInvalid={Boolean(errorMessage)}
      className={['field', 'number-field', className].filter(Boolean).join(' ')}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <Group className="number-field__group">
        <Button slot="decrement" variant="icon" className="number-field__step">
          −
        </Button>
        <Input className="field__input number-field__input" />
        <Button slot="increment" variant="icon" className="number-field__step">
          +
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
