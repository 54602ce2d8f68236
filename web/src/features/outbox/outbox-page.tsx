import { useState } from 'react';
import { formatInstant } from '../../lib/format';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { type OutboxMail, useOutbox } from './api/get-outbox';
import { Page } from '../../ui/page';

function recipients(mail: OutboxMail): string {
  return Array.isArray(mail.to) ? mail.to.join(', ') : String(mail.to);
}

function MailSubject({ mail }: { mail: OutboxMail }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="outbox__subject">
      <div className="outbox__subject-line">
        <span>{mail.subject}</span>
        <Button
          variant="ghost"
          aria-expanded={open}
          onPress={() => setOpen((value) => !value)}
          aria-label={`${open ? 'Hide' : 'Show'} text of ${mail.subject}`}
        >
          {open ? 'Hide text' : 'Show text'}
        </Button>
      </div>
      {open ? <pre className="outbox__text">{mail.text}</pre> : null}
    </div>
  );
}

/** '/admin/outbox': every mail the portal sent (kept in the outbox; delivered over SMTP when configured). */
export function OutboxPage() {
  const outbox = useOutbox();
  return (
    <Page
      title="Mail outbox"
      tools={
        <Button variant="secondary" onPress={() => void outbox.refetch()} isPending={outbox.isFetching}>
          Refresh
        </Button>
      }
    >
      <p className="page__lead">
        Mails the portal sent, newest first (delivered over SMTP when a server is configured).
      </p>
      <DataTable
        label="Mail outbox"
        what="mails"
        rows={outbox.data}
        load={outbox}
        rowKey={(mail) => mail.id}
        empty="No mails yet. Mails appear here when the portal writes one, for example when a timesheet is submitted late."
        defaultSort={{ column: 'createdAt', direction: 'descending' }}
        columns={[
          {
            id: 'createdAt',
            header: 'Created',
            isRowHeader: true,
            sort: 'text',
            sortValue: (mail) => mail.createdAt,
            text: (mail) => formatInstant(mail.createdAt),
            cell: (mail) => <time dateTime={mail.createdAt}>{formatInstant(mail.createdAt)}</time>,
          },
          { id: 'to', header: 'To', sort: 'text', text: recipients },
          {
            id: 'subject',
            header: 'Subject',
            sort: 'text',
            text: (mail) => `${mail.subject} ${mail.text}`,
            sortValue: (mail) => mail.subject,
            cell: (mail) => <MailSubject mail={mail} />,
          },
        ]}
      />
    </Page>
  );
}
