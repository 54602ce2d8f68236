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
import { fieldClass, FieldHelp } from './field-parts';

export interface SelectOption {
  readonly id: Key;
  readonly name: string;
}

/** A labelled field that chooses one of its options (Select, ComboBox). */
export interface ChoiceFieldProps {
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly value: Key | null;
  readonly onChange: (key: Key | null) => void;
  readonly placeholder?: string;
  readonly description?: string;
  readonly errorMessage?: string;
  /** Marks the field required for assistive technology (the form still checks it itself). */
  readonly isRequired?: boolean;
  readonly className?: string;
}

export interface SelectProps extends ChoiceFieldProps {
  readonly isDisabled?: boolean;
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
      className={fieldClass('select', className)}
    >
      <Label className="field__label">{label}</Label>
      <AriaButton className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <OptionsPopover items={options} />
    </AriaSelect>
  );
}

/** The list a choice field opens: its own options, or (in a ComboBox) those its text leaves. */
export function OptionsPopover({ items }: { readonly items?: readonly SelectOption[] }) {
  return (
    <Popover className="popover select__popover">
      <ListBox className="listbox" {...(items ? { items } : {})}>
        {(option: SelectOption) => (
          <ListBoxItem id={option.id} textValue={option.name} className="listbox__item">
            {option.name}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}
