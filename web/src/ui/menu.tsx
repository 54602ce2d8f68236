import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps,
  MenuTrigger,
  Popover,
} from 'react-aria-components';

/** A trigger button plus a popover menu; children are `MenuItem`s. */
export function Menu({
  trigger,
  label,
  children,
}: {
  trigger: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <MenuTrigger>
      {trigger}
      <Popover className="popover" placement="bottom end">
        <AriaMenu aria-label={label} className="menu">
          {children}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem({ className, ...props }: MenuItemProps) {
  return <AriaMenuItem {...props} className={['menu__item', className].filter(Boolean).join(' ')} />;
}
