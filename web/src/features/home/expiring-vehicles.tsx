import { Link } from 'react-router-dom';
import { formatFullDate } from '../../lib/format';
import { registrationFlag, useExpiringVehicles, vehicleEditPath } from '../../lib/vehicles';
import { QueryState } from '../../ui/query-state';

/** The admin dashboard's panel: vehicles whose registration has expired or expires within 30 days. */
export function ExpiringVehiclesPanel() {
  const expiring = useExpiringVehicles();
  return (
    <section className="card" aria-labelledby="expiring-vehicles-title">
      <h2 id="expiring-vehicles-title" className="card__title">
        Vehicle registrations due
      </h2>
      <QueryState
        query={expiring}
        what="vehicle registrations"
        skeletonLines={2}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="muted">No registration expires in the next 30 days.</p>}
      >
        {(rows) => (
          <ul className="link-list">
            {rows.map((v) => (
              <li key={v.vehicleId}>
                <Link to={vehicleEditPath(v.vehicleId)}>
                  {v.year} {v.make}
                  {v.plateNumber ? ` ${v.plateNumber}` : ''} ({v.issuedToName})
                </Link>{' '}
                <span className="muted">
                  {registrationFlag(v.registration)}
                  {v.registryExpireDate ? `: ${formatFullDate(v.registryExpireDate)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Link to="/admin/vehicles/review">All vehicles</Link>
    </section>
  );
}
