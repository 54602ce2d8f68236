import { Link } from 'react-router-dom';

/** An honest placeholder for a screen of the spec that is planned but not built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <div className="card coming-soon__card">
        <p className="coming-soon__badge">Coming Soon</p>
        <p>This part of the portal is planned but not available yet. Nothing you do here is recorded.</p>
        <p>
          In the meantime you can <Link to="/timesheets/create">add a timesheet</Link> or go back to the{' '}
          <Link to="/home">dashboard</Link>.
        </p>
      </div>
    </section>
  );
}
