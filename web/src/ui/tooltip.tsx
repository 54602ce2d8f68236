import type { ReactElement } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

/** Wraps one focusable trigger (a Button) and shows `content` on hover and keyboard focus. */
export function Tooltip({ content, children }: { content: string; children: ReactElement }) {
  return (
    <TooltipTrigger delay={300}>
      {children}
      <AriaTooltip className="tooltip" offset={6}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
