import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { FieldHelp } from './field-parts';
import type { SelectOption } from './select';

export interface ComboBoxProps {
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly value: Key | null;
  readonly onChange: (key: Key | null) => void;
  readonly placeholder?: string;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly className?: string;
  /** Marks the field required for assistive technology (the form still checks it itself). */
  readonly isRequired?: boolean;
}

/**
 * A labelled choice among many (a firm's people): type to narrow the list, arrows and Enter to
 * choose; the ▾ button opens the whole list. Clearing the text and leaving chooses nothing.
 */
export function ComboBox({
  label,
  options,
  value,
  onChange,
  placeholder,
  description,
  errorMessage,
  className,
  isRequired,
}: ComboBoxProps) {
  return (
    <AriaComboBox
      selectedKey={value}
      onSelectionChange={(key) => onChange(key as Key | null)}
      defaultItems={options}
      menuTrigger="input"
      isInvalid={Boolean(errorMessage)}
      isRequired={isRequired}
      className={['field', 'combo-box', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <div className="combo-box__group">
        <Input className="field__input combo-box__input" placeholder={placeholder} />
        <AriaButton className="combo-box__button" aria-label={`Show every ${label.toLowerCase()}`}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="popover select__popover">
        <ListBox className="listbox">
          {(option: SelectOption) => (
            <ListBoxItem id={option.id} textValue={option.name} className="listbox__item">
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
