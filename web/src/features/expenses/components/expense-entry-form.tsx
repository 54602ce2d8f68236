// Over 350 lines on purpose: one form whose fields share one state and one set of checks; its parts
// that stand alone (receipt upload, form state, the saved list, the offline outbox) are in files of their own.
import { useCallback, useState } from 'react';
import {
  allAmountsEntered,
  CURRENCIES,
  expenseAmountRule,
  EXPENSE_TYPES,
  expenseMessages as msg,
  expenseNoticeFor,
  expenseWindow,
} from '@portal/contracts';
import { ApiError, errorMessage, isUnanswered } from '../../../lib/api';
import { projectOptionsOf, useBillableProjects } from '../../../lib/projects';
import { LoadError } from '../../../ui/query-state';
import { Checkbox } from '../../../ui/checkbox';
import { MultiDateCalendar } from '../../../ui/calendar';
import { NumberField } from '../../../ui/number-field';
import { Select } from '../../../ui/select';
import { DateField, TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useExpenseTypes } from '../../../lib/expenses/get-expense-types';
import { type ExpenseSubmission, keptClaim, useSubmitExpense } from '../api/submit-expense';
import { useEntryToFix, useQueueOffline } from '../../../ui/offline';
import type { ReceiptScan, ReceiptUploadResponse } from '@portal/contracts';
import { decimalText, type FieldErrors, fieldErrorsOf, withoutErrors } from '../../../lib/form-errors';
import { ClaimPreviewNote } from './claim-preview-note';
import {
  dateProblemText,
  EMPTY_FORM,
  formOfKept,
  type FormState,
  NIGHTS_MODES,
  type NightsMode,
  READ_FROM_RECEIPT,
  readFromReceipt,
  scanNoteOf,
  shapeOf,
  submissionOf,
  summaryOf,
  withReceipt,
  withScan,
} from './expense-form-state';
import { ProjectNotice } from './project-notice';
import { ReceiptUpload } from './receipt-upload';
import { CheckedForm } from '../../../ui/checked-form';
import { FormActions } from '../../../ui/form-actions';

/** Add Expense: type, project, currency, amount(s), date(s), comment, billable and the receipt. */
export function ExpenseEntryForm({ today, needReceipt }: { today: string; needReceipt: boolean }) {
  const types = useExpenseTypes();
  const projects = useBillableProjects();
  const submit = useSubmitExpense();
  const queueOffline = useQueueOffline();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});

  const typeList = types.data ?? EXPENSE_TYPES;
  const type = form.categoryId === null ? null : (typeList.find((t) => t.id === form.categoryId) ?? null);
  const window = expenseWindow(today);
  const { isNights, accommodation, needsReceipt, showsReceipt } = shapeOf(form, type, needReceipt);
  const notice = expenseNoticeFor(form.projectId);

  // Fix (Waiting to send): the kept claim back in the form, with the server's messages beside it.
  const { fixed } = useEntryToFix('expense', (entry) => {
    const receipt = entry.receipt;
    const file = receipt ? new File([receipt.bytes], receipt.name, { type: receipt.type }) : null;
    setForm(formOfKept(entry.path, entry.body, file));
    setErrors(fieldErrorsOf(entry.answer?.problems ?? []));
  });

  const startOver = () => {
    fixed();
    setForm(EMPTY_FORM);
    setErrors({});
  };

  const update = (change: Partial<FormState>, ...clear: string[]) => {
    setForm((current) => ({ ...current, ...change }));
    if (clear.length > 0) setErrors((current) => withoutErrors(current, ...clear));
  };

  const onReceipt = (receipt: ReceiptUploadResponse) => {
    setForm((current) => withReceipt(current, receipt, type));
    setErrors((current) => withoutErrors(current, 'receiptId', 'amount', 'totalAmount', 'date'));
  };

  const onScanned = useCallback(
    (scan: ReceiptScan) => setForm((current) => withScan(current, scan, type)),
    [type],
  );
  const read = readFromReceipt(form);
  const mark = (isRead: boolean) => (isRead ? READ_FROM_RECEIPT : undefined);

  const save = () => {
    if (accommodation) {
      const items = form.dates.map((date) => ({ amount: decimalText(form.nightly[date] ?? '') }));
      if (form.dates.length > 0 && !allAmountsEntered(items)) {
        showToast(msg.enterAllAmounts, 'warning');
      }
    }
    const { submission, problems } = submissionOf(form, type, { today, needReceipt });
    setErrors(fieldErrorsOf(problems));
    if (problems.length > 0 || !submission) return;
    // A receipt kept offline has no id yet: the outbox uploads it, then sends the expense.
    if (showsReceipt && form.keptReceipt && !form.receipt) {
      keep(submission, form.keptReceipt);
      return;
    }
    submit.mutate(submission, {
      onSuccess: () => {
        showToast(msg.saved, 'success');
        startOver();
      },
      onError: (error) => {
        if (isUnanswered(error)) {
          keep(submission, null);
          return;
        }
        setErrors(fieldErrorsOf(error instanceof ApiError ? error.problems : []));
        const status = error instanceof ApiError ? error.status : 0;
        // A refusal with a reason (locked month, a rule) says it; anything else is the spec's message.
        showToast(
          status === 400 || status === 423 ? errorMessage(error, msg.saveFailed) : msg.saveFailed,
          'danger',
        );
      },
    });
  };

  /** No connection: the claim (and its kept receipt) waits on the device under its key. */
  const keep = (submission: ExpenseSubmission, receiptFile: File | null) => {
    const projectName = projects.data?.find((p) => p.projectId === form.projectId)?.name ?? 'a project';
    const summary = summaryOf(submission, type?.name ?? 'expense', projectName);
    keptClaim(submission, receiptFile, summary)
      .then(queueOffline)
      .then(startOver, () => showToast(msg.saveFailed, 'danger'));
  };

  const typeOptions = typeList.map((t) => ({ id: t.id, name: t.name }));
  const projectOptions = projectOptionsOf(projects.data ?? []);
  const currencyOptions = CURRENCIES.map((c) => ({ id: c, name: c }));
  const amountLabel =
    type?.flow === 'totalAndExpensed' ? 'Amount to be Expensed' : isNights ? 'Amount per date' : 'Amount';

  return (
    <section className="card" aria-labelledby="expense-entry-title">
      <h2 id="expense-entry-title" className="card__title">
        Add Expense
      </h2>
      {projects.isError || types.isError ? (
        <LoadError
          error={projects.error ?? types.error}
          what={projects.isError ? 'projects' : 'expense types'}
          onRetry={() =>
            Promise.all([projects.isError && projects.refetch(), types.isError && types.refetch()])
          }
          isRetrying={projects.isFetching || types.isFetching}
        />
      ) : null}
      <CheckedForm className="expense-form stack" onSubmit={save}>
        <div className="expense-form__grid field-grid">
          <Select
            label="Expense Type"
            options={typeOptions}
            value={form.categoryId}
            placeholder="Please choose…"
            onChange={(key) => {
              const categoryId = key === null ? null : Number(key);
              const nextType = typeList.find((t) => t.id === categoryId);
              update(
                {
                  categoryId,
                  activityDate: nextType?.activityDateLabel ? form.activityDate : '',
                  receipt: nextType?.receipt === 'none' ? null : form.receipt,
                },
                'categoryId',
                'receiptId',
                'activityDate',
              );
            }}
            errorMessage={errors.categoryId}
            isRequired
          />
          <Select
            label="Project"
            options={projectOptions}
            value={form.projectId}
            placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
            onChange={(key) => update({ projectId: key === null ? null : Number(key) }, 'projectId')}
            errorMessage={errors.projectId}
            isRequired
          />
          <Select
            label="Receipt Currency"
            options={currencyOptions}
            value={form.currency}
            placeholder="Choose a currency"
            onChange={(key) => update({ currency: key === null ? null : String(key) }, 'currency')}
            description={mark(read.currency)}
            errorMessage={errors.currency}
            isRequired
          />
          {isNights ? (
            <Select
              label="Claim"
              options={NIGHTS_MODES}
              value={form.nightsMode}
              onChange={(key) => key !== null && update({ nightsMode: key as NightsMode }, 'amount', 'items')}
            />
          ) : null}
          {type?.flow === 'totalAndExpensed' ? (
            <NumberField
              label="Total Amount"
              value={form.totalAmount}
              onChange={(totalAmount) => update({ totalAmount }, 'totalAmount')}
              rule={expenseAmountRule}
              description={mark(read.totalAmount)}
              errorMessage={errors.totalAmount}
              isRequired
            />
          ) : null}
          {accommodation ? null : (
            <NumberField
              label={amountLabel}
              value={form.amount}
              onChange={(amount) => update({ amount }, 'amount')}
              rule={expenseAmountRule}
              description={mark(read.amount)}
              errorMessage={errors.amount}
              isRequired
            />
          )}
          {isNights ? null : (
            <DateField
              label="Date"
              window={window}
              value={form.date}
              onChange={(date) => update({ date }, 'date')}
              description={mark(read.date)}
              errorMessage={errors.date}
              isRequired
            />
          )}
          {type?.activityDateLabel ? (
            <DateField
              label={type.activityDateLabel}
              window={window}
              value={form.activityDate}
              onChange={(activityDate) => update({ activityDate }, 'activityDate')}
              description={isNights ? 'Left empty, the first date counts.' : undefined}
              errorMessage={errors.activityDate}
              isRequired={!isNights}
            />
          ) : null}
        </div>
        {isNights ? null : (
          <ClaimPreviewNote
            input={{
              projectId: form.projectId,
              date: form.date,
              currency: form.currency,
              amount: form.amount,
            }}
            today={today}
          />
        )}

        {isNights ? (
          <div className="expense-form__nights">
            <div>
              <MultiDateCalendar
                label="Dates"
                value={[...form.dates]}
                minValue={window.first}
                maxValue={window.last}
                focusDay={today}
                onChange={(dates) => update({ dates }, 'dates', 'items')}
              />
              {dateProblemText(errors) ? (
                <p className="field__error" role="alert">
                  {dateProblemText(errors)}
                </p>
              ) : null}
            </div>
            {accommodation ? (
              <div className="expense-form__nightly field-grid" role="group" aria-label="Amount per date">
                {form.dates.length === 0 ? (
                  <p className="muted">Choose the dates in the calendar, then enter an amount for each.</p>
                ) : null}
                {form.dates.map((date, index) => (
                  <NumberField
                    key={date}
                    label={`Amount for ${date}`}
                    value={form.nightly[date] ?? ''}
                    onChange={(value) =>
                      update({ nightly: { ...form.nightly, [date]: value } }, `items.${index}.amount`)
                    }
                    rule={expenseAmountRule}
                    errorMessage={errors[`items.${index}.amount`]}
                  />
                ))}
              </div>
            ) : (
              <p className="muted expense-form__dates-summary" aria-live="polite">
                {form.dates.length === 0
                  ? 'Choose the dates in the calendar.'
                  : `${form.dates.length} date${form.dates.length === 1 ? '' : 's'} chosen: ${form.dates.join(', ')}`}
              </p>
            )}
          </div>
        ) : null}

        <TextField
          label="Comments"
          multiline
          value={form.comment}
          onChange={(comment) => update({ comment }, 'comment')}
          description={mark(read.comment)}
          errorMessage={errors.comment}
          isRequired
        />
        <Checkbox isSelected={form.isBillable} onChange={(isBillable) => update({ isBillable })}>
          Billable
        </Checkbox>

        {showsReceipt ? (
          <ReceiptUpload
            receipt={form.receipt}
            isRequired={needsReceipt}
            onUploaded={onReceipt}
            onScanned={onScanned}
            kept={form.keptReceipt}
            onKept={(keptReceipt) => update({ keptReceipt, receipt: null }, 'receiptId')}
            onRemoved={() => update({ receipt: null, keptReceipt: null })}
            errorMessage={errors.receiptId}
          />
        ) : null}
        {showsReceipt && form.receipt && form.receipt.scanState !== 'reading' ? (
          <p className="alert alert--info expense-form__scan" role="status">
            {scanNoteOf(form.receipt.scan)}
          </p>
        ) : null}
        {notice ? <ProjectNotice lines={notice} /> : null}

        <FormActions
          className="expense-form__actions"
          submitLabel="Submit"
          isPending={submit.isPending}
          isDisabled={form.categoryId === null}
        >
          {form.categoryId === null ? <span className="muted">Choose the type of expense first.</span> : null}
        </FormActions>
      </CheckedForm>
    </section>
  );
}
