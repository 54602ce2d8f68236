import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** The error boundary of a section: the rest of the shell keeps working. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page" role="alert">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="muted">
        {notFound
          ? 'There is no page at this address.'
          : 'This page could not be shown. Reload the page or try again later; your saved work is not affected.'}
      </p>
      <p>
        <Link to="/">Back to the start page</Link>
      </p>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p className="muted">There is no page at this address.</p>
      <p>
        <Link to="/home">Go to the dashboard</Link>
      </p>
    </section>
  );
}
