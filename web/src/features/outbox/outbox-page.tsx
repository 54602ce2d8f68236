import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatInstant } from '../../lib/format';
import { Button } from '../../ui/button';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../ui/table';
import { type OutboxMail, useOutbox } from './api/get-outbox';

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

/** '/admin/outbox': mails the portal "sent" through the embedded outbox (no SMTP configured). */
export function OutboxPage() {
  const outbox = useOutbox();
  return (
    <div className="page">
      <header className="page__header">
        <h1>Mail outbox</h1>
        <Button variant="secondary" onPress={() => void outbox.refetch()} isPending={outbox.isFetching}>
          Refresh
        </Button>
      </header>
      <p className="page__lead">
        Mails written by the portal while no SMTP server is configured, newest first.
      </p>
      {outbox.isError ? (
        <p role="alert" className="alert alert--danger">
          {errorMessage(outbox.error)}
        </p>
      ) : null}
      <Table aria-label="Mail outbox">
        <TableHeader>
          <Column isRowHeader>Created</Column>
          <Column>To</Column>
          <Column>Subject</Column>
        </TableHeader>
        <TableBody
          items={outbox.data ?? []}
          renderEmptyState={() => (
            <div className="table__empty">{outbox.isPending ? 'Loading mails…' : 'No mails yet.'}</div>
          )}
        >
          {(mail) => (
            <Row id={mail.id}>
              <Cell>{formatInstant(mail.createdAt)}</Cell>
              <Cell>{recipients(mail)}</Cell>
              <Cell>
                <MailSubject mail={mail} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
