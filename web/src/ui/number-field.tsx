import { compareDecimal } from './data-table/table-view';
import { useState, type KeyboardEvent } from 'react';
import { checkDecimal, type DecimalRule, stepDecimal } from '@portal/contracts';
import {
  Group,
  Input,
  Label,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { Button } from './button';
import { FieldHelp } from './field-parts';

export interface NumberFieldProps extends Omit<
  AriaTextFieldProps,
  'isInvalid' | 'value' | 'onChange' | 'inputMode' | 'type'
> {
  readonly label: string;
  readonly hideLabel?: boolean;
  readonly description?: string;
  /** The form's message for this field (it wins over the field's own rule message). */
  readonly errorMessage?: string;
  /** The decimal text as typed ('' while empty): never a float. */
  readonly value: string;
  readonly onChange: (text: string) => void;
  /**
   * The field's rule from the contracts (step, maximum, messages): the − / + buttons and the
   * arrow keys move by its step, and leaving the field says the rule's message beside it.
   */
  readonly rule: DecimalRule;
  /**
   * The value as saved before (an edit dialog): left as it is, it is not judged by the rule (hours
   * entered in steps of 0.1 stay allowed in a dialog that changes them in steps of 0.5).
   */
  readonly savedValue?: string;
}

/**
 * A decimal field: a text box with the phone's decimal keyboard (inputMode "decimal", so 7.5 can
 * be typed) and − / + steppers. The value stays the text typed; nothing is rounded or snapped to
 * the step behind the person's back (7.25 in a field of 0.1 steps is said, not changed). The rule
 * is the one the API parses with, so the message here is the one a 400 would name.
 */
export function NumberField({
  label,
  hideLabel,
  description,
  errorMessage,
  value,
  onChange,
  rule,
  savedValue,
  className,
  ...props
}: NumberFieldProps) {
  const [ruleMessage, setRuleMessage] = useState<string | undefined>(undefined);
  const message = errorMessage ?? ruleMessage;

  const change = (text: string) => {
    setRuleMessage(undefined);
    onChange(text);
  };
  const step = (direction: 1 | -1) => change(stepDecimal(value, rule, direction));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    step(event.key === 'ArrowUp' ? 1 : -1);
  };

  return (
    <AriaTextField
      {...props}
      value={value}
      onChange={change}
      onBlur={(event) => {
        const text = value.trim();
        // An unchanged value ('7.50' over a saved 7.5) is not judged again (the server agrees).
        const unchanged = savedValue !== undefined && compareDecimal(text, savedValue) === 0;
        const judged = text !== '' && !unchanged;
        const checked = judged ? checkDecimal(text, rule) : null;
        setRuleMessage(checked && 'problem' in checked ? checked.problem : undefined);
        props.onBlur?.(event);
      }}
      inputMode="decimal"
      isInvalid={Boolean(message)}
      className={['field', 'number-field', className].filter(Boolean).join(' ')}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <Group className="number-field__group">
        <Stepper label={`Decrease ${label}`} isDisabled={props.isDisabled} onPress={() => step(-1)}>
          −
        </Stepper>
        <Input className="field__input number-field__input" autoComplete="off" onKeyDown={onKeyDown} />
        <Stepper label={`Increase ${label}`} isDisabled={props.isDisabled} onPress={() => step(1)}>
          +
        </Stepper>
      </Group>
      <FieldHelp description={description} errorMessage={message} />
    </AriaTextField>
  );
}

/** A − or + button: pointer only (the arrow keys step from the keyboard), out of the tab order. */
function Stepper(props: { label: string; isDisabled?: boolean; onPress: () => void; children: string }) {
  return (
    <Button
      variant="icon"
      className="number-field__step"
      aria-label={props.label}
      excludeFromTabOrder
      isDisabled={props.isDisabled}
      onPress={props.onPress}
    >
      {props.children}
    </Button>
  );
}
