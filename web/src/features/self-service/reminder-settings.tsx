import { errorMessage } from '../../lib/api';
import { QueryState } from '../../ui/query-state';
import { Switch } from '../../ui/switch';
import { showToast } from '../../ui/toast';
import { useReminderPreferences, useSetReminderPreferences } from './api/reminders-api';

/** The profile's reminder choices: each saved as soon as it changes. */
export function ReminderSettings() {
  const preferences = useReminderPreferences();
  const save = useSetReminderPreferences();
  return (
    <section className="card" aria-labelledby="profile-reminders">
      <h2 id="profile-reminders" className="card__title">
        Reminders
      </h2>
      <QueryState query={preferences} what="your reminder settings" skeletonLines={1}>
        {(current) => (
          <>
            <Switch
              isSelected={save.isPending ? save.variables.missingTimeEmail : current.missingTimeEmail}
              isDisabled={save.isPending}
              onChange={(missingTimeEmail) =>
                save.mutate(
                  { missingTimeEmail },
                  {
                    onSuccess: () =>
                      showToast(
                        missingTimeEmail
                          ? 'You will be emailed when time is missing.'
                          : 'You will no longer be emailed when time is missing.',
                        'success',
                      ),
                    onError: (failure) => showToast(errorMessage(failure), 'danger'),
                  },
                )
              }
            >
              Email me when time is missing
            </Switch>
            <p className="muted">
              On working-day mornings, a mail lists the days of the last week that have no time recorded
              (public holidays and your leave excepted).
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
