import { type ReactNode, useId } from 'react';

/**
 * A page of reading (help and information pages): one h1 and its lead, then sections with an h2
 * each (a screen reader moves through them by heading or by region). `before` goes above the h1.
 */
export function ArticlePage({
  title,
  lead,
  className,
  before,
  children,
}: {
  title: string;
  lead: ReactNode;
  className: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <article className={`page ${className}`} aria-labelledby={titleId}>
      {before}
      <header className="page__header">
        <h1 id={titleId}>{title}</h1>
      </header>
      <p className={`page__lead ${className}__lead`}>{lead}</p>
      {children}
    </article>
  );
}

/** A titled card of such a page: a region named by its h2. */
export function CardSection({
  title,
  className,
  children,
}: {
  title: string;
  className: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={`card ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
