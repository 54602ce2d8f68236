import { firmContent } from '../../content';
import { InfoPage } from './info-page';

/** '/companyValues': the firm's values, each with what it means day to day. */
export function CompanyValuesPage() {
  return (
    <InfoPage title="Company Values" lead="What we stand for, with our clients and with each other.">
      <ul className="info-cards" aria-label="Our values">
        {firmContent.companyValues.map((value) => (
          <li key={value.name} className="card info-card">
            <h2 className="card__title">{value.name}</h2>
            <p>{value.description}</p>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
