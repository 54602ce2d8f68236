import { firmContent } from '../../content';
import { formatPrice, InfoPage } from './info-page';

/** '/monitorSpecs': the standard monitors, with size, resolution and price. */
export function MonitorSpecsPage() {
  return (
    <InfoPage
      title="Monitor Specs"
      lead="The standard monitors for a home office. Either one works with every laptop on the Computer Specs page."
    >
      <ul className="info-cards" aria-label="Standard monitors">
        {firmContent.monitors.map((monitor) => (
          <li key={monitor.model} className="card info-card">
            <h2 className="card__title">{monitor.model}</h2>
            <dl className="info-specs">
              <div>
                <dt>Size</dt>
                <dd>{monitor.sizeInches}-inch</dd>
              </div>
              <div>
                <dt>Resolution</dt>
                <dd>{monitor.resolution}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatPrice(monitor.price, monitor.currency)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
