import { firmContent } from '../../content';
import { InfoPage, InfoSection } from './info-page';

const { costRange, options } = firmContent.laptops;

const SPECS = [
  ['os', 'Operating system'],
  ['processor', 'Processor'],
  ['memory', 'Memory'],
  ['storage', 'Storage'],
  ['display', 'Display'],
] as const;

/** '/computerSpecs': the laptops a contractor may buy, each with its specification, and their cost. */
export function ComputerSpecsPage() {
  return (
    <InfoPage
      title="Computer Specs"
      lead={`Choose one of these ${options.length} laptops for your work. Each meets the company's security and software needs.`}
    >
      <InfoSection title="Estimated cost">
        <p>
          From ${costRange.min} to ${costRange.max} ({costRange.currency}), depending on the model and where
          you buy it.
        </p>
      </InfoSection>
      <ul className="info-cards" aria-label="Laptop options">
        {options.map((laptop) => (
          <li key={laptop.model} className="card info-card">
            <h2 className="card__title">{laptop.model}</h2>
            <dl className="info-specs">
              {SPECS.map(([key, label]) => (
                <div key={key}>
                  <dt>{label}</dt>
                  <dd>{laptop[key]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
