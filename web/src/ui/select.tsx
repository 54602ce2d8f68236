import {
  Button as AriaButton,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
import { FieldHelp } from './field-parts';

export interface SelectOption {
  readonly id: Key;
  readonly name: string;
}

export interface SelectProps {
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly value: Key | null;
  readonly onChange: (key: Key | null) => void;
  readonly placeholder?: string;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isDisabled?: boolean;
  readonly isRequired?: boolean;
  readonly className?: string;
}

/** A labelled single-choice list (button + listbox popover). */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  description,
  errorMessage,
  isDisabled,
  isRequired,
  className,
}: SelectProps) {
  return (
    <AriaSelect
      value={value}
      onChange={(key) => onChange(key as Key | null)}
      placeholder={placeholder ?? 'Please choose…'}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      isRequired={isRequired}
      className={['field', 'select', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <AriaButton className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="popover select__popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} className="listbox__item">
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
