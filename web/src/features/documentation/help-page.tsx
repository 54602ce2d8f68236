import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArticlePage, CardSection } from '../../ui/article-page';

/** The frame of a how-to page, with the way back to the overview above its title. */
export function HelpPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <ArticlePage
      title={title}
      lead={lead}
      className="help-page"
      before={
        <p className="help-page__up">
          <Link to="/documentation">Documentation Overview</Link>
        </p>
      }
    >
      {children}
    </ArticlePage>
  );
}

/** A titled part of a how-to page. */
export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardSection title={title} className="help-section">
      {children}
    </CardSection>
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

/** The screenshots the help pages show (web/public/help, taken by scripts/help-screenshots.mjs). */
export const SCREENSHOTS = {
  addTimesheet: { src: '/help/add-timesheet-form.png', width: 788, height: 876 },
  editTimesheet: { src: '/help/edit-timesheet-dialog.png', width: 640, height: 486 },
  addExpense: { src: '/help/add-expense-form.png', width: 788, height: 712 },
  timesheetReview: { src: '/help/timesheet-review.png', width: 836, height: 560 },
} as const;

/** A screenshot of the portal with what it shows, as a figure with its caption. */
export function Screenshot({
  image,
  alt,
  caption,
}: {
  image: (typeof SCREENSHOTS)[keyof typeof SCREENSHOTS];
  alt: string;
  caption: ReactNode;
}) {
  return (
    <figure className="help-shot">
      <img src={image.src} width={image.width} height={image.height} alt={alt} loading="lazy" />
      <figcaption className="muted">{caption}</figcaption>
    </figure>
  );
}
