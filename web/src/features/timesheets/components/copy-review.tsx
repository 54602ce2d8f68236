import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  COMMENT_MAX_LENGTH,
  copyWeekMessages,
  type CopiedEntry,
  hoursRule,
  limitCharacters,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
} from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { timesheetsKey } from '../../../lib/timesheets/get-timesheets';
import { Button } from '../../../ui/button';
import { NumberField } from '../../../ui/number-field';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { LateEntryDialog } from '../../../ui/timesheets/late-entry-dialog';
import { submitCopiedRow } from '../api/submit-timesheets';
import { anyLate, batchOf, checkedRow, type CopyRow, draftOf, refusedRow } from '../copy-week-draft';

const HOURS = hoursRule(label.hours);
const OVERTIME = hoursRule(label.overtimeHours);

/**
 * The copied rows for review (record 0261): each editable and removable; Submit sends each row as
 * its own batch, saved rows leave the list and refused rows keep their message beside them.
 */
export function CopyReview({
  entries,
  today,
  onDone,
}: {
  entries: readonly CopiedEntry[];
  today: string;
  onDone: () => void;
}) {
  const [rows, setRows] = useState<CopyRow[]>(() => draftOf(entries));
  const [sending, setSending] = useState(false);
  const [askLate, setAskLate] = useState(false);
  const queryClient = useQueryClient();

  const change = (key: string, field: 'hours' | 'overtimeHours' | 'comment', value: string) =>
    setRows((current) =>
      current.map((row) => {
        if (row.key !== key) return row;
        const errors = { ...row.errors };
        delete errors[field];
        return { ...row, [field]: value, errors, refusal: null };
      }),
    );

  const send = async (confirmLate: boolean) => {
    setSending(true);
    const left: CopyRow[] = [];
    let saved = 0;
    for (const row of rows) {
      try {
        await submitCopiedRow(batchOf(row, confirmLate));
        saved += 1;
      } catch (failure) {
        left.push(refusedRow(row, failure));
      }
    }
    setSending(false);
    if (saved > 0) await queryClient.invalidateQueries({ queryKey: timesheetsKey });
    if (left.length === 0) {
      showToast(copyWeekMessages.saved(saved), 'success');
      onDone();
      return;
    }
    setRows(left);
    if (saved > 0) showToast(copyWeekMessages.saved(saved), 'success');
    showToast(copyWeekMessages.someRefused, 'danger');
  };

  const submit = () => {
    const checked = rows.map(checkedRow);
    setRows(checked);
    if (checked.some((row) => Object.keys(row.errors).length > 0)) {
      showToast(copyWeekMessages.someRefused, 'danger');
      return;
    }
    if (anyLate(checked, today)) setAskLate(true);
    else void send(false);
  };

  return (
    <div className="stack">
      <h3 id="copy-week-rows" className="copy-week__subtitle">
        Copied entries ({rows.length})
      </h3>
      <ul className="copy-week__rows" aria-labelledby="copy-week-rows">
        {rows.map((row) => {
          const name = `${formatTableDate(row.date)}, ${row.project}`;
          return (
            <li key={row.key} className="copy-week__row">
              <div role="group" aria-label={name}>
                <p className="copy-week__row-title">
                  <time dateTime={row.date}>{formatTableDate(row.date)}</time> · {row.project}
                </p>
                <div className="field-grid copy-week__fields">
                  <NumberField
                    label={label.hours}
                    value={row.hours}
                    onChange={(value) => change(row.key, 'hours', value)}
                    rule={HOURS}
                    errorMessage={row.errors.hours}
                  />
                  {row.showOvertime ? (
                    <NumberField
                      label={label.overtimeHours}
                      value={row.overtimeHours}
                      onChange={(value) => change(row.key, 'overtimeHours', value)}
                      rule={OVERTIME}
                      errorMessage={row.errors.overtimeHours}
                    />
                  ) : null}
                  <TextField
                    label={label.comment}
                    placeholder={msg.commentPlaceholder}
                    value={row.comment}
                    onChange={(value) =>
                      change(row.key, 'comment', limitCharacters(value, COMMENT_MAX_LENGTH))
                    }
                    errorMessage={row.errors.comment}
                  />
                </div>
                {row.refusal ? (
                  <p className="field__error" role="alert">
                    {row.refusal}
                  </p>
                ) : null}
                <div>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    isDisabled={sending}
                    onPress={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="copy-week__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={sending}>
          Discard
        </Button>
        <Button onPress={submit} isPending={sending} isDisabled={rows.length === 0}>
          Submit
        </Button>
      </div>
      <LateEntryDialog
        isOpen={askLate}
        onCancel={() => setAskLate(false)}
        onProceed={() => {
          setAskLate(false);
          void send(true);
        }}
      />
    </div>
  );
}
