import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  readonly children: React.ReactNode;
}

/** An on/off choice that takes effect at once (role switch; Space toggles it). */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={['switch', className].filter(Boolean).join(' ')}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      {children}
    </AriaSwitch>
  );
}
