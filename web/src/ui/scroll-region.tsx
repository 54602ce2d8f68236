import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** Whether the element's content is wider than the element (it scrolls sideways), kept current. */
function useScrollsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * The box around a table that scrolls sideways on a narrow screen (`.table-scroll`). While its
 * content does not fit it is a region named `label` in the Tab order, so a keyboard can reach it
 * and scroll it with the arrow keys (WCAG 2.1.1; axe's 'scrollable-region-focusable'); when
 * everything fits it is a plain box and adds no Tab stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref);
  return (
    <div
      ref={ref}
      className="table-scroll"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
