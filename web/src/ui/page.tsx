import type { ReactNode } from 'react';

export interface PageProps {
  /** The page's one h1. */
  readonly title: string;
  /** The page's own class (the root of its stylesheet), beside 'page'. */
  readonly className?: string;
  /** Beside the title: the page's own actions (a download...). */
  readonly tools?: ReactNode;
  readonly children: ReactNode;
}

/** A screen of the portal: its title (and tools) in the page header, then what it shows. */
export function Page({ title, className, tools, children }: PageProps) {
  return (
    <div className={className ? `page ${className}` : 'page'}>
      <header className="page__header">
        <h1>{title}</h1>
        {tools}
      </header>
      {children}
    </div>
  );
}
