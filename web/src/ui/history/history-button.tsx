import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ENTITY_KIND_LABELS, type AuditEntityKind } from '@portal/contracts';
import { apiRequest } from '../../lib/api';
import { Button } from '../button';
import { ModalDialog } from '../dialog';
import { QueryState } from '../query-state';
import { AuditChanges, auditWhen } from './audit-changes';
import './history.css';

export interface HistoryButtonProps {
  readonly entityKind: AuditEntityKind;
  readonly entityId: string;
  /** What the row is, for the button's accessible name and the dialog's title ('expense of 2 Nov'). */
  readonly name: string;
  /** 'ghost' where many sit side by side (one per planned-hours cell); 'secondary' elsewhere. */
  readonly variant?: 'secondary' | 'ghost';
}

function HistoryTimeline({ entityKind, entityId }: Pick<HistoryButtonProps, 'entityKind' | 'entityId'>) {
  const query = useQuery({
    queryKey: ['audit', 'history', entityKind, entityId],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/audit/history', { query: { entityKind, entityId }, signal }),
  });
  return (
    <QueryState
      query={query}
      what="history"
      isEmpty={(h) => h.entries.length === 0}
      empty="Nothing is recorded for this yet."
    >
      {(history) => (
        <ol className="history-timeline" aria-label="Timeline, oldest first">
          {history.entries.map((e) => (
            <li key={e.seq} className="history-timeline__item">
              <p className="history-timeline__head">
                <time dateTime={e.occurredAt}>{auditWhen(e.occurredAt)}</time> · <strong>{e.command}</strong>{' '}
                by {e.actorName}
                {e.subjectPersonName && e.subjectPersonName !== e.actorName
                  ? ` on behalf of ${e.subjectPersonName}`
                  : ''}
              </p>
              {e.reason ? <p className="history-timeline__reason">Reason: {e.reason}</p> : null}
              <AuditChanges changes={e.changes} />
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

/** 'History': opens the entity's timeline (GET /api/audit/history) in a dialog, in place. */
export function HistoryButton({ entityKind, entityId, name, variant = 'secondary' }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} aria-label={`History of ${name}`} onPress={() => setOpen(true)}>
        History
      </Button>
      <ModalDialog
        title={`History: ${AUDIT_ENTITY_KIND_LABELS[entityKind]} ${name}`}
        isOpen={open}
        onOpenChange={setOpen}
        size="large"
      >
        <div className="dialog__body">
          {open ? <HistoryTimeline entityKind={entityKind} entityId={entityId} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
