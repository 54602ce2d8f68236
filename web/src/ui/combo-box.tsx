import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  Input,
  type Key,
  Label,
} from 'react-aria-components';
import { fieldClass, FieldHelp } from './field-parts';
import { type ChoiceFieldProps, OptionsPopover } from './select';

export type ComboBoxProps = ChoiceFieldProps;

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
      className={fieldClass('combo-box', className)}
    >
      <Label className="field__label">{label}</Label>
      <div className="combo-box__group">
        <Input className="field__input combo-box__input" placeholder={placeholder} />
        <AriaButton className="combo-box__button" aria-label={`Show every ${label.toLowerCase()}`}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <OptionsPopover />
    </AriaComboBox>
  );
}
