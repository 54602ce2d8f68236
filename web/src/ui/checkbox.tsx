import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  readonly children: React.ReactNode;
}

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={['checkbox', className].filter(Boolean).join(' ')}>
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18" className="checkbox__tick">
          <polyline points="3.5 9.5 7.5 13 14.5 5" />
        </svg>
      </span>
      {children}
    </AriaCheckbox>
  );
}
