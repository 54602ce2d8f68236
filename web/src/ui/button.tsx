import type { Ref } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  composeRenderProps,
} from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'icon';

export interface ButtonProps extends AriaButtonProps {
  readonly variant?: ButtonVariant;
  readonly ref?: Ref<HTMLButtonElement>;
}

/**
 * The portal's button: brand colours, visible focus ring, pending state for long actions.
 *
 * The pending state is the button's own markup, not react-aria's `isPending`: that one announces
 * the change through a live region labelled by the button's id, and when the button goes with
 * its action (a confirmation closes when its command answers) the region stays for seconds
 * labelled by nothing (axe `role-img-alt`). Here a pending button keeps its focus, ignores
 * presses, says 'working' in its name and is marked `data-pending` and `aria-disabled`.
 */
export function Button({
  variant = 'primary',
  className,
  isPending = false,
  children,
  onPress,
  onPressStart,
  onPressEnd,
  onPressUp,
  onPressChange,
  type,
  ...props
}: ButtonProps) {
  const idle = !isPending;
  return (
    <AriaButton
      {...props}
      type={isPending && type === 'submit' ? 'button' : type}
      onPress={idle ? onPress : undefined}
      onPressStart={idle ? onPressStart : undefined}
      onPressEnd={idle ? onPressEnd : undefined}
      onPressUp={idle ? onPressUp : undefined}
      onPressChange={idle ? onPressChange : undefined}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      className={composeRenderProps(className, (extra) =>
        ['btn', `btn--${variant}`, extra].filter(Boolean).join(' '),
      )}
    >
      {composeRenderProps(children, (content) => (
        <>
          {content}
          {isPending ? <span className="visually-hidden"> (working…)</span> : null}
        </>
      ))}
    </AriaButton>
  );
}
