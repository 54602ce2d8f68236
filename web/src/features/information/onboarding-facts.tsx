import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { firmContent } from '../../content';
import type { CurrentUser } from '../../lib/current-user';
import { useCurrentUser } from '../../lib/current-user';
import { LoadError, LoadingSkeleton } from '../../ui/query-state';

const facts = firmContent.onboarding;

/** 1 → '1st', 25 → '25th' (days of the month, 1 to 28). */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** '100 USD or 50 CAD'. */
const giftThreshold = facts.giftThresholds.map((gift) => `${gift.amount} ${gift.currency}`).join(' or ');

/** The onboarding facts of the contractor spec (§9), their numbers from the firm's content file. */
export function OnboardingFacts() {
  return (
    <ul className="info-facts">
      <li>
        <strong>Invoices:</strong> send your contractor invoice by the {ordinal(facts.invoiceDueDay)} of the
        month; it is paid on the {ordinal(facts.invoicePaidDay)} of the following month.
      </li>
      <li>
        <strong>Professional bio:</strong> send your bio and a photo within {facts.bioWithinDays} days of
        starting.
      </li>
      <li>
        <strong>Microsoft Office:</strong> your licence lets you install Office on {facts.officeDevices}{' '}
        devices.
      </li>
      <li>
        <strong>Gifts:</strong> a gift from a client or supplier worth more than {giftThreshold} may be a
        conflict of interest; tell your manager before you accept it.
      </li>
    </ul>
  );
}

/** The signed-in person's name and e-mail, as the portal knows them. */
export function PersonDetails({ user }: { user: CurrentUser }) {
  return (
    <dl className="info-details">
      <div>
        <dt>Name</dt>
        <dd>{user.name}</dd>
      </div>
      <div>
        <dt>E-mail</dt>
        <dd>{user.username}</dd>
      </div>
    </dl>
  );
}

/** The other onboarding pages, in the order of the menu. */
export function OnboardingLinks() {
  return (
    <ul className="info-links">
      <li>
        <Link to="/securityPolicy">Security Policy</Link>: install the endpoint security software.
      </li>
      <li>
        <Link to="/codeOfConduct">Code of Conduct</Link>: read and acknowledge it.
      </li>
      <li>
        <Link to="/companyValues">Company Values</Link>
      </li>
      <li>
        <Link to="/computerSpecs">Computer Specs</Link> and <Link to="/monitorSpecs">Monitor Specs</Link>: the
        equipment you may buy.
      </li>
      <li>
        <Link to="/software">Software</Link>: the tools the company uses.
      </li>
      <li>
        Questions about your accounts or equipment:{' '}
        <a href={`mailto:${facts.supportEmail}`}>{facts.supportEmail}</a>
      </li>
    </ul>
  );
}

/** Renders `page` once the signed-in person is known (the shell only shows signed-in pages). */
export function WithCurrentUser({ page }: { page: (user: CurrentUser) => ReactNode }) {
  const current = useCurrentUser();
  if (current.status === 'error') {
    return <LoadError error={null} what="details" onRetry={current.retry} isRetrying={false} />;
  }
  if (current.status !== 'signed-in') return <LoadingSkeleton what="your details" lines={2} />;
  return <>{page(current.user)}</>;
}
