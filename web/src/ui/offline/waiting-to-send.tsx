import { useState } from 'react';
import { formatInstant } from '../../lib/format';
import { Button } from '../button';
import { ConfirmDialog, DialogActions, ModalDialog } from '../dialog';
import { showToast } from '../toast';
import type { FlushReport } from './outbox';
import type { OutboxEntry } from './outbox-store';
import { outbox, useFixEntry, useOutboxEntries, useOutboxSending } from './use-outbox';

const countOf = (count: number) => `${count} waiting ${count === 1 ? 'entry' : 'entries'}`;

/** What a run of sends did, said once (nothing when nothing changed). */
function announce(report: FlushReport | null): void {
  if (!report) return;
  if (report.sent.length > 0) showToast(`${countOf(report.sent.length)} sent.`, 'success');
  if (report.refused.length > 0) {
    showToast(`${countOf(report.refused.length)} refused by the server: open Waiting to send.`, 'danger');
  }
}

function EntryItem({
  entry,
  onFix,
  onDiscard,
}: {
  entry: OutboxEntry;
  onFix: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
}) {
  // The server's field problems, but not its message said a second time.
  const details = (entry.answer?.problems ?? []).filter((p) => p.message !== entry.answer?.message);
  return (
    <li className="outbox-entry">
      <p className="outbox-entry__summary">{entry.summary}</p>
      <p className="outbox-entry__meta muted">
        Kept <time dateTime={entry.queuedAt}>{formatInstant(entry.queuedAt)}</time>
        {entry.receipt ? ` · receipt ${entry.receipt.name}` : ''}
      </p>
      {entry.state === 'refused' && entry.answer ? (
        <div className="alert alert--danger outbox-entry__answer">
          <p>Refused: {entry.answer.message}</p>
          {details.length > 0 ? (
            <ul>
              {details.map((problem) => (
                <li key={`${problem.path} ${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="outbox-entry__state">Waiting for a connection.</p>
      )}
      <div className="outbox-entry__actions">
        <Button variant="secondary" onPress={() => onFix(entry)} aria-label={`Fix ${entry.summary}`}>
          Fix
        </Button>
        <Button variant="ghost" onPress={() => onDiscard(entry)} aria-label={`Discard ${entry.summary}`}>
          Discard
        </Button>
      </div>
    </li>
  );
}

/**
 * The shell's "Waiting to send (N)": shown while the signed-in person has entries kept offline; it
 * opens their list, each with its state (waiting, or refused with the server's message), Send now,
 * and per entry Fix (its form, filled with it) and Discard (it asks first). Placed once in the shell: it also sends the waiting entries when the app
 * starts and when the connection returns, and says what came of it.
 */
export function WaitingToSend() {
  const entries = useOutboxEntries();
  const { sendNow } = useOutboxSending(announce);
  const fix = useFixEntry();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);

  if (entries.length === 0 && !open) return null;

  return (
    <div className="outbox-strip">
      <Button variant="secondary" className="outbox-strip__button" onPress={() => setOpen(true)}>
        Waiting to send ({entries.length})
      </Button>
      <ModalDialog title="Waiting to send" isOpen={open} onOpenChange={setOpen} size="medium">
        <div className="dialog__body">
          {entries.length === 0 ? (
            <p role="status">Nothing is waiting to send.</p>
          ) : (
            <>
              <p className="muted">Kept on this device and sent in this order when the connection returns.</p>
              <ul className="outbox-list">
                {entries.map((entry) => (
                  <EntryItem
                    key={entry.id}
                    entry={entry}
                    onFix={(chosen) => {
                      setOpen(false);
                      fix(chosen);
                    }}
                    onDiscard={setDiscarding}
                  />
                ))}
              </ul>
            </>
          )}
        </div>
        <DialogActions onCancel={() => setOpen(false)}>
          {entries.length > 0 ? (
            <Button
              isPending={sending}
              onPress={() => {
                setSending(true);
                sendNow()
                  .then((report) => {
                    if (report && !report.finished) {
                      showToast('Still no connection: the entries stay waiting.', 'warning');
                    }
                  })
                  .finally(() => setSending(false));
              }}
            >
              Send now
            </Button>
          ) : null}
        </DialogActions>
      </ModalDialog>
      <ConfirmDialog
        title="Discard this entry?"
        isOpen={discarding !== null}
        confirmLabel="Discard"
        cancelLabel="Keep it"
        tone="danger"
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const entry = discarding;
          setDiscarding(null);
          if (entry) {
            void outbox.discard(entry.id).then(() => showToast('The entry was discarded.', 'success'));
          }
        }}
      >
        {discarding ? <p>{discarding.summary} is removed from this device and never sent.</p> : null}
      </ConfirmDialog>
    </div>
  );
}
