import { useState } from 'react';
import {
  PROFILE_LABELS,
  PROFILE_PLAIN_FIELDS,
  PROFILE_SENSITIVE_FIELDS,
  profileMessages,
  type ProfileSensitiveField,
} from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { QueryState } from '../../ui/query-state';
import { showToast } from '../../ui/toast';
import { revealOwnField, useMyProfile } from './api/profile-api';
import { ReminderSettings } from './reminder-settings';
import { MySkills } from './components/my-skills';
import { Page } from '../../ui/page';
import './self-service.css';

function Value({ text }: { text: string | null }) {
  return text ? <>{text}</> : <span className="muted">{profileMessages.notProvided}</span>;
}

/** A sensitive field: masked until Show asks the server for it (which records the reveal). */
function SensitiveValue({ field, masked }: { field: ProfileSensitiveField; masked: string | null }) {
  const [shown, setShown] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const label = PROFILE_LABELS[field];
  if (masked === null) return <Value text={null} />;

  function show() {
    setPending(true);
    revealOwnField(field)
      .then(
        (value) => setShown(value ?? ''),
        (failure: unknown) => showToast(errorMessage(failure), 'danger'),
      )
      .finally(() => setPending(false));
  }

  return (
    <span className="profile__sensitive" aria-live="polite">
      <span>{shown ?? masked}</span>
      {shown === null ? (
        <Button variant="secondary" onPress={show} isPending={isPending} aria-label={`Show ${label}`}>
          Show
        </Button>
      ) : (
        <Button variant="secondary" onPress={() => setShown(null)} aria-label={`Hide ${label}`}>
          Hide
        </Button>
      )}
    </span>
  );
}

/** '/profile': the person's own record as admins keep it (Staff Review), read only. */
export function ProfilePage() {
  const profile = useMyProfile();
  return (
    <Page title="Employee Profile">
      <QueryState query={profile} what="your profile" skeletonLines={8}>
        {(me) => (
          <section className="card" aria-labelledby="profile-details">
            <h2 id="profile-details" className="card__title">
              Your details
            </h2>
            <p className="muted">Your profile is kept by the admins; ask them to correct anything here.</p>
            <dl className="profile">
              {(
                [
                  ['firstName', me.firstName],
                  ['middleName', me.middleName],
                  ['lastName', me.lastName],
                  ['email', me.email],
                  ...PROFILE_PLAIN_FIELDS.map((field) => [field, me.plain[field]] as const),
                ] as const
              ).map(([field, text]) => (
                <div key={field} className="profile__row">
                  <dt>{PROFILE_LABELS[field]}</dt>
                  <dd>
                    <Value text={text} />
                  </dd>
                </div>
              ))}
              {PROFILE_SENSITIVE_FIELDS.map((field) => (
                <div key={field} className="profile__row">
                  <dt>{PROFILE_LABELS[field]}</dt>
                  <dd>
                    <SensitiveValue field={field} masked={me.sensitive[field]} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </QueryState>
      <ReminderSettings />
      <MySkills />
    </Page>
  );
}
