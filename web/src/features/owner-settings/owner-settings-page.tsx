import { ownerSettingsMessages, type AdminOwner } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ComboBox } from '../../ui/combo-box';
import { ConfirmDialog } from '../../ui/dialog';
import { showSendFailure } from '../../ui/form-feedback';
import { Page } from '../../ui/page';
import { QueryState } from '../../ui/query-state';
import { showToast } from '../../ui/toast';
import { useOwnerSettings, useSetOwnerTimeZone } from './api/owner-settings-api';

/** Every IANA zone the browser knows, for the picker (the server checks the choice again). */
const KNOWN_ZONES = Intl.supportedValuesOf('timeZone');

/** The known zones and the owner's own (a browser may list a zone under an older name). */
const zoneOptions = (current: string) =>
  [...new Set([current, ...KNOWN_ZONES])].sort().map((zone) => ({ id: zone, name: zone }));

function OwnerTimeZone({ owner }: { owner: AdminOwner }) {
  const [chosen, setChosen] = useState<string>(owner.timeZone);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const save = useSetOwnerTimeZone();
  const changed = chosen !== owner.timeZone;

  const confirm = () =>
    save.mutate(
      { ownerId: owner.ownerId, timeZone: chosen },
      {
        onSuccess: () => {
          setAsking(false);
          showToast(ownerSettingsMessages.timeZoneSaved(chosen), 'success');
        },
        onError: (failure) => {
          setAsking(false);
          showSendFailure(failure, (errors) => setError(errors.timeZone));
        },
      },
    );

  return (
    <section className="card stack" aria-labelledby={`owner-${owner.ownerId}`}>
      <h2 id={`owner-${owner.ownerId}`} className="card__title">
        {owner.name}
      </h2>
      <p>
        Time zone: <strong>{owner.timeZone}</strong>
        {owner.timeZoneIsDefault ? ' (the portal’s default)' : null}
      </p>
      <form
        className="split-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) setAsking(true);
        }}
      >
        <ComboBox
          label={`Time zone of ${owner.name}`}
          options={zoneOptions(owner.timeZone)}
          value={chosen}
          onChange={(key) => {
            setError(undefined);
            setChosen(key === null ? owner.timeZone : String(key));
          }}
          description="Today, this week’s Monday and every date window of its people follow it."
          errorMessage={error}
        />
        <Button type="submit" isDisabled={!changed}>
          Change time zone
        </Button>
      </form>
      <ConfirmDialog
        title="Change the time zone?"
        isOpen={asking}
        confirmLabel="Change"
        cancelLabel="Cancel"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        isPending={save.isPending}
      >
        <p>
          {owner.name} moves from {owner.timeZone} to {chosen}. From now on, today and every date window of
          its people are days of {chosen}. Entries already recorded keep their dates.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** '/admin/settings': each owner's own settings; for now its time zone (issue 25). */
export function OwnerSettingsPage() {
  const owners = useOwnerSettings();
  return (
    <Page title="Settings">
      <p className="page__lead">
        Each organisation’s time zone: the day it is for its people, wherever the server runs.
      </p>
      <QueryState query={owners} what="owners">
        {(list) => list.map((owner) => <OwnerTimeZone key={owner.ownerId} owner={owner} />)}
      </QueryState>
    </Page>
  );
}
