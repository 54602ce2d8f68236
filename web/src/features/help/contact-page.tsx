import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { exceedsCharacters, helpMessages, SUPPORT_MESSAGE_MAX_CHARACTERS } from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { useCurrentUser, type CurrentUser } from '../../lib/current-user';
import { Button } from '../../ui/button';
import { LoadingSkeleton } from '../../ui/query-state';
import { TextField } from '../../ui/text-field';
import { useSendSupportMessage } from './api/send-support-message';
import './help.css';

/** After a message went, the page goes home after this long (spec: 2 seconds). */
export const HOME_AFTER_SENT_MS = 2000;

type Outcome =
  | { readonly kind: 'sent' }
  | { readonly kind: 'failed'; readonly detail: string | null }
  | { readonly kind: 'none' };

/** Why sending failed, beyond 'Error sending email': the limit's message; nothing for other failures. */
function failureDetail(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 && error.fromServer ? error.message : null;
}

function ContactForm({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const send = useSendSupportMessage();
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  useEffect(() => {
    if (outcome.kind !== 'sent') return;
    const timer = setTimeout(() => navigate('/'), HOME_AFTER_SENT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const tooLong = exceedsCharacters(message.trim(), SUPPORT_MESSAGE_MAX_CHARACTERS);
  const canSend = message.trim() !== '' && !tooLong && !send.isPending && outcome.kind !== 'sent';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setOutcome({ kind: 'none' });
    send.mutate(message, {
      onSuccess: () => {
        setMessage('');
        setFieldError(undefined);
        setOutcome({ kind: 'sent' });
      },
      onError: (error) => {
        setFieldError(error instanceof ApiError ? error.problemAt('message') : undefined);
        setOutcome({ kind: 'failed', detail: failureDetail(error) });
      },
    });
  };

  return (
    <form className="card contact-form" onSubmit={onSubmit} aria-labelledby="contact-title">
      <p>Write to the support team; they answer at your e-mail address.</p>
      <p>{helpMessages.limitNotice}</p>
      <div className="contact-form__sender">
        <TextField label="Name" value={user.name} isReadOnly />
        <TextField label="Email" value={user.username} isReadOnly />
      </div>
      <TextField
        label={helpMessages.messageLabel}
        multiline
        value={message}
        onChange={(value) => {
          setMessage(value);
          setFieldError(undefined);
          if (outcome.kind === 'failed') setOutcome({ kind: 'none' });
        }}
        description={`Up to ${SUPPORT_MESSAGE_MAX_CHARACTERS.toLocaleString('en-US')} characters.`}
        errorMessage={tooLong ? helpMessages.messageTooLong : fieldError}
        className="contact-form__message"
      />
      {outcome.kind === 'failed' ? (
        <div role="alert" className="alert alert--danger">
          <p>
            <strong>{helpMessages.failed}</strong>
          </p>
          {outcome.detail ? <p>{outcome.detail}</p> : null}
        </div>
      ) : null}
      <div className="contact-form__actions">
        <div role="status" className="contact-form__status">
          {outcome.kind === 'sent' ? <p className="alert alert--success">{helpMessages.sent}</p> : null}
        </div>
        <Button type="submit" isDisabled={!canSend} isPending={send.isPending}>
          Submit
        </Button>
      </div>
    </form>
  );
}

/** /user-help: the Need Help? contact form (the route guard sends signed-out visitors to /). */
export function ContactPage() {
  const current = useCurrentUser();
  return (
    <section className="page contact" aria-labelledby="contact-title">
      <h1 id="contact-title">Need Help?</h1>
      {current.status === 'signed-in' ? (
        <ContactForm user={current.user} />
      ) : (
        <LoadingSkeleton what="your details" />
      )}
    </section>
  );
}
