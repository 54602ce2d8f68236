import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** A thin bar at the top of the window while any call is under way (spec §4). */
export function GlobalProgress() {
  const busy = useIsFetching() + useIsMutating() > 0;
  if (!busy) return null;
  return (
    <div className="progress-bar" role="progressbar" aria-label="Loading" aria-busy="true">
      <div className="progress-bar__fill" />
    </div>
  );
}
