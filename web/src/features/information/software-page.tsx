import { firmContent } from '../../content';
import { ExternalLink, InfoPage } from './info-page';

/** '/software': the company's tools, each linking to its site in a new tab. */
export function SoftwarePage() {
  const tools = firmContent.software;
  return (
    <InfoPage
      title="Software"
      lead={`The ${tools.length} tools the company uses. Each link opens the tool's site in a new tab.`}
    >
      <ul className="info-cards info-cards--small" aria-label="Company software">
        {tools.map((tool) => (
          <li key={tool.name} className="card info-card">
            <h2 className="card__title">
              <ExternalLink href={tool.href}>{tool.name}</ExternalLink>
            </h2>
            <p className="muted">{tool.category}</p>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
