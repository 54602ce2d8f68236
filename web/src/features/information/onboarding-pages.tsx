import { brandFor } from '../../lib/brand';
import { InfoPage, InfoSection } from './info-page';
import { OnboardingFacts, OnboardingLinks, PersonDetails, WithCurrentUser } from './onboarding-facts';

/** '/onboarding': the welcome page with the person's details, the facts to know and what to read next. */
export function WelcomePage() {
  return (
    <WithCurrentUser
      page={(user) => {
        const company = brandFor(user.userType).companyName;
        return (
          <InfoPage
            title={`Welcome to ${company}`}
            lead="Everything you need in your first weeks: your account, how you get paid, and what to read next."
          >
            <InfoSection title="Your account">
              <PersonDetails user={user} />
            </InfoSection>
            <InfoSection title="Good to know">
              <OnboardingFacts />
            </InfoSection>
            <InfoSection title="Next steps">
              <OnboardingLinks />
            </InfoSection>
          </InfoPage>
        );
      }}
    />
  );
}

/** '/onboardingEmail': the same welcome as the e-mail a new person receives. */
export function WelcomeEmailPage() {
  return (
    <WithCurrentUser
      page={(user) => {
        const company = brandFor(user.userType).companyName;
        return (
          <InfoPage title="Welcome Email" lead={`The welcome e-mail sent to ${user.username}.`}>
            <InfoSection title={`Welcome aboard, ${user.name}`}>
              <p>Dear {user.name},</p>
              <p>
                Welcome to {company}! Your company e-mail address is <strong>{user.username}</strong>; use it
                to sign in to this portal, where you record your timesheets and expenses.
              </p>
              <PersonDetails user={user} />
              <p>A few things to know from the start:</p>
              <OnboardingFacts />
              <p>Please also read these pages in the portal:</p>
              <OnboardingLinks />
              <p>
                We are glad to have you with us.
                <br />
                The {company} team
              </p>
            </InfoSection>
          </InfoPage>
        );
      }}
    />
  );
}
