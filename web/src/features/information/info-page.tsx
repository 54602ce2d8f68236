import type { ReactNode } from 'react';
import { ArticlePage, CardSection } from '../../ui/article-page';

/** The frame of an information page: one h1 and its lead, then the page's sections. */
export function InfoPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <ArticlePage title={title} lead={lead} className="info-page">
      {children}
    </ArticlePage>
  );
}

/** A titled card of an information page. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardSection title={title} className="info-section">
      {children}
    </CardSection>
  );
}

/** A link to another site: a new tab, without handing it this page (rel noopener). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** An amount as the firm's pages write it: 'US $189.99' for dollars, '50 CAD' otherwise. */
export function formatPrice(amount: string, currency: string): string {
  return currency === 'USD' ? `US $${amount}` : `${amount} ${currency}`;
}
