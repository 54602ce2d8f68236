import { firmContent } from '../../content';
import { InfoPage, InfoSection } from './info-page';

const { product, steps } = firmContent.securityPolicy;
const { supportEmail } = firmContent.onboarding;

/** '/securityPolicy': why every work computer runs the endpoint security software, and how to install it. */
export function SecurityPolicyPage() {
  return (
    <InfoPage
      title="Security Policy"
      lead={`Every computer you use for company or client work must run ${product}, kept up to date.`}
    >
      <InfoSection title={`Install ${product}`}>
        <ol className="info-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </InfoSection>
      <InfoSection title="If something goes wrong">
        <p>
          Do not turn the protection off. Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with
          what the screen says, and IT will help you.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
