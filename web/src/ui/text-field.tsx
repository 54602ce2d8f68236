import type { DateWindow } from '@portal/contracts';
import {
  Input,
  Label,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldHelp } from './field-parts';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'isInvalid'> {
  readonly label: string;
  /** Keep the label for screen readers only (dense table rows). */
  readonly hideLabel?: boolean;
  readonly description?: string;
  /** The rule's message; the field is invalid while it is set. */
  readonly errorMessage?: string;
  readonly placeholder?: string;
  readonly multiline?: boolean;
  /** The input's type ('date', 'email'...); ignored for multiline fields. */
  readonly inputType?: string;
  readonly min?: string;
  readonly max?: string;
}

export function TextField({
  label,
  hideLabel,
  description,
  errorMessage,
  placeholder,
  multiline,
  inputType,
  min,
  max,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(errorMessage)}
      className={['field', className].filter(Boolean).join(' ')}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      {multiline ? (
        <TextArea className="field__input field__input--multiline" placeholder={placeholder} />
      ) : (
        <Input className="field__input" placeholder={placeholder} type={inputType} min={min} max={max} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}

export interface DateFieldProps extends Omit<TextFieldProps, 'inputType' | 'min' | 'max' | 'multiline'> {
  /** The days it offers (the screen's window); none: any day. */
  readonly window?: DateWindow;
}

/** A business date ('2026-11-02') in the browser's date input, limited to `window`. */
export function DateField({ window, ...props }: DateFieldProps) {
  return <TextField {...props} inputType="date" min={window?.first} max={window?.last} />;
}
