import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';

/**
 * The frame of a how-to page: one h1, a lead, then sections with an h2 each (a screen reader
 * moves through them by heading or by region), and the way back to the overview.
 */
export function HelpPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <article className="page help-page" aria-labelledby={titleId}>
      <p className="help-page__up">
        <Link to="/documentation">Documentation Overview</Link>
      </p>
      <header className="page__header">
        <h1 id={titleId}>{title}</h1>
      </header>
      <p className="page__lead help-page__lead">{lead}</p>
      {children}
    </article>
  );
}

/** A titled part of a how-to page. */
export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card help-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The messages that stop a form, each one (a list item) with what to do about it. */
export function ProblemsSection({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <HelpSection title="If the form stops you">
      <p>Each message appears beside the field it is about:</p>
      <ul>{children}</ul>
      {after}
    </HelpSection>
  );
}

/** The name of something on the screen (a field, a button, a message), as the screen shows it. */
export function Ui({ children }: { children: ReactNode }) {
  return <strong className="help-ui">{children}</strong>;
}

/** A message the portal shows, word for word (the quotes are text, so they are copied and read too). */
export function Message({ children }: { children: ReactNode }) {
  return <span className="help-message">“{children}”</span>;
}
