import {
  adminRateRule,
  characterCount,
  checkDecimal,
  CURRENCIES,
  type DateWindow,
  EXPENSE_COMMENTS_MAX_LENGTH,
  expenseAmountRule,
  expenseMessages as msg,
  type ExpenseRow,
  type ExpenseType,
  EXPENSE_TYPES,
  limitCharacters,
  type ProjectOption,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { claimedPreview, type ExpenseEditDraft, NO_CURRENCY } from '../../lib/expenses/edit-checks';
import { useExpenseTypes } from '../../lib/expenses/get-expense-types';
import { type EditCheck, fieldErrorsOf, type FieldErrors } from '../../lib/form-errors';
import { useDraft } from '../../lib/form-draft';
import { formatDecimal } from '../../lib/format';
import { optionsKeeping, projectOptionsOf, useBillableProjects } from '../../lib/projects';
import { Checkbox } from '../checkbox';
import {
  type EditCallbacks,
  EditDialog,
  EditForm,
  type EditRowFormProps,
  useEditOutcome,
} from '../edit-dialog';
import { NumberField } from '../number-field';
import { Select } from '../select';
import { DateField, TextField } from '../text-field';

/** What the person's saved expense and the admin review's expense both carry. */
export type EditableExpenseRow = Pick<
  ExpenseRow,
  | 'id'
  | 'projectId'
  | 'projectName'
  | 'categoryId'
  | 'isBillable'
  | 'date'
  | 'currency'
  | 'amount'
  | 'rate'
  | 'projectCurrency'
  | 'comment'
  | 'version'
> &
  Partial<Pick<ExpenseRow, 'activityDate' | 'totalAmount'>>;

/**
 * Who changes a saved expense, and what differs for them: the person changes their own (their
 * billable projects, their window, the fields their expense type asks for, the rate their date
 * gives); an admin someone's (the review's projects, its endpoint, the rate and project currency
 * to set: admin spec §7). Made by `usePersonExpenseEditor` and the review's `useAdminExpenseEditor`.
 */
export interface ExpenseEditor<R extends EditableExpenseRow, E> {
  readonly who: 'person' | 'admin';
  /** The projects offered; none: the person's billable projects, fetched. */
  readonly projects?: readonly Pick<ProjectOption, 'projectId' | 'name'>[];
  /** The days the date fields offer; none: any. */
  readonly dateWindow?: DateWindow;
  /** A sentence above the fields. */
  readonly intro?: (row: R) => string;
  readonly reloadLabel: string;
  /** The problems to show beside the fields, or the edit to send. */
  readonly check: (draft: ExpenseEditDraft, row: R, type: ExpenseType | null) => EditCheck<E>;
  readonly send: (row: R, edit: E, callbacks: EditCallbacks) => void;
  readonly isPending: boolean;
}

type FormProps<R extends EditableExpenseRow, E> = EditRowFormProps<R, ExpenseEditor<R, E>>;

function draftOf(row: EditableExpenseRow): ExpenseEditDraft {
  return {
    projectId: row.projectId,
    categoryId: row.categoryId,
    isBillable: row.isBillable,
    date: row.date,
    activityDate: row.activityDate ?? '',
    amount: row.amount,
    totalAmount: row.totalAmount ?? '',
    rate: row.rate,
    projectCurrency: row.projectCurrency ?? NO_CURRENCY,
    comment: row.comment,
    version: row.version,
  };
}

/** The fields of the draft, each with its value, its setter and the message beside it. */
interface DraftFields {
  readonly draft: ExpenseEditDraft;
  readonly change: (next: Partial<ExpenseEditDraft>) => void;
  readonly errors: FieldErrors;
  readonly row: EditableExpenseRow;
  readonly type: ExpenseType | null;
  readonly dateWindow?: DateWindow;
}

function EditExpenseForm<R extends EditableExpenseRow, E>({
  row,
  editor,
  onClose,
  onReload,
}: FormProps<R, E>) {
  const billable = useBillableProjects(editor.projects === undefined);
  const types = useExpenseTypes();
  const { draft, change, errors, setErrors } = useDraft(() => draftOf(row));
  const { stale, callbacks } = useEditOutcome(
    { updated: msg.updated, staleVersion: msg.staleVersion, failed: msg.saveFailed },
    onClose,
    setErrors,
  );

  const typeList = types.data ?? EXPENSE_TYPES;
  const type = typeList.find((t) => t.id === draft.categoryId) ?? null;
  // The row's own project stays choosable even when it is no longer offered.
  const projectOptions = optionsKeeping(projectOptionsOf(editor.projects ?? billable.data ?? []), {
    id: row.projectId,
    name: row.projectName,
  });
  const fields: DraftFields = { draft, change, errors, row, type, dateWindow: editor.dateWindow };

  const save = () => {
    const checked = editor.check(draft, row, type);
    setErrors(fieldErrorsOf('problems' in checked ? checked.problems : []));
    if ('edit' in checked) editor.send(row, checked.edit, callbacks);
  };

  return (
    <EditForm
      onSubmit={save}
      onClose={onClose}
      isPending={editor.isPending}
      stale={stale}
      reloadLabel={editor.reloadLabel}
      onReload={onReload}
    >
      {editor.intro ? <p>{editor.intro(row)}</p> : null}
      <Select
        label="Project"
        options={projectOptions}
        value={draft.projectId}
        onChange={(key) => change({ projectId: key === null ? null : Number(key) })}
        errorMessage={errors.projectId}
        isRequired
      />
      <Select
        label="Expense Type"
        options={typeList.map((t) => ({ id: t.id, name: t.name }))}
        value={draft.categoryId}
        onChange={(key) => change({ categoryId: key === null ? null : Number(key) })}
        errorMessage={errors.categoryId}
        isRequired
      />
      {editor.who === 'person' ? <PersonFields {...fields} /> : <AdminFields {...fields} />}
    </EditForm>
  );
}

function AmountField({ draft, change, errors, row, isRequired }: DraftFields & { isRequired?: boolean }) {
  return (
    <NumberField
      label={`Amount (${row.currency})`}
      value={draft.amount}
      onChange={(amount) => change({ amount })}
      rule={expenseAmountRule}
      savedValue={row.amount}
      errorMessage={errors.amount}
      isRequired={isRequired}
    />
  );
}

/**
 * The person's fields: Not Billable, the date inside their window, the type's activity date and
 * total amount, the rate their date gives (shown, not set) and what they claim.
 */
function PersonFields(fields: DraftFields) {
  const { draft, change, errors, row, type, dateWindow } = fields;
  const claimed = claimedPreview(draft.amount, row.rate);
  return (
    <>
      <Checkbox
        isSelected={!draft.isBillable}
        onChange={(notBillable) => change({ isBillable: !notBillable })}
      >
        Not Billable
      </Checkbox>
      <DateField
        label="Date of Expense"
        window={dateWindow}
        value={draft.date}
        onChange={(date) => change({ date })}
        errorMessage={errors.date}
        isRequired
      />
      {type?.activityDateLabel ? (
        <DateField
          label={type.activityDateLabel}
          window={dateWindow}
          value={draft.activityDate}
          onChange={(activityDate) => change({ activityDate })}
          errorMessage={errors.activityDate}
        />
      ) : null}
      <div className="edit-form__hours">
        {type?.flow === 'totalAndExpensed' ? (
          <NumberField
            label={`Total Amount (${row.currency})`}
            value={draft.totalAmount}
            onChange={(totalAmount) => change({ totalAmount })}
            rule={expenseAmountRule}
            errorMessage={errors.totalAmount}
          />
        ) : null}
        <AmountField {...fields} isRequired />
      </div>
      <dl className="expense-figures">
        <Figure term="Currency rate">
          {row.rate}{' '}
          <span className="muted">
            ({row.currency} → {row.projectCurrency ?? '-'})
          </span>
        </Figure>
        <Figure term="Expense Claimed">
          {claimed === null ? '—' : formatDecimal(claimed, 2)}{' '}
          <span className="muted">{row.projectCurrency ?? ''}</span>
        </Figure>
      </dl>
      <p className="muted expense-figures__note">A new date uses that day&apos;s rate when you save.</p>
      <TextField
        label="Comments"
        multiline
        value={draft.comment}
        onChange={(comment) => change({ comment })}
        errorMessage={errors.comment}
        isRequired
      />
    </>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The admin's fields: the date, the rate and project currency to set (claimed = amount x rate), Billable. */
function AdminFields(fields: DraftFields) {
  const { draft, change, errors, row } = fields;
  const rate = checkDecimal(draft.rate, adminRateRule);
  const claimed = claimedPreview(draft.amount, 'value' in rate ? rate.value : null);
  return (
    <>
      <DateField
        label="Date"
        value={draft.date}
        onChange={(date) => change({ date })}
        errorMessage={errors.date}
        isRequired
      />
      <div className="edit-form__hours">
        <AmountField {...fields} />
        <NumberField
          label="Rate"
          value={draft.rate}
          onChange={(rate) => change({ rate })}
          rule={adminRateRule}
          savedValue={row.rate}
          errorMessage={errors.rate}
          description={claimed === null ? undefined : `Claimed: ${formatDecimal(claimed, 2)}`}
        />
      </div>
      <Select
        label="Project Currency"
        options={[{ id: NO_CURRENCY, name: 'None (-)' }, ...CURRENCIES.map((c) => ({ id: c, name: c }))]}
        value={draft.projectCurrency}
        onChange={(key) => change({ projectCurrency: key === null ? NO_CURRENCY : String(key) })}
        errorMessage={errors.projectCurrency}
      />
      <Checkbox isSelected={draft.isBillable} onChange={(isBillable) => change({ isBillable })}>
        Billable
      </Checkbox>
      <TextField
        label="Comment"
        multiline
        value={draft.comment}
        onChange={(text) => change({ comment: limitCharacters(text, EXPENSE_COMMENTS_MAX_LENGTH) })}
        errorMessage={errors.comment}
        description={`${characterCount(draft.comment)}/${EXPENSE_COMMENTS_MAX_LENGTH}`}
      />
    </>
  );
}

/**
 * The Edit Expense modal of a saved expense: project and type, then the fields of who edits it
 * (`editor`): the person's or the admin's (admin spec §7).
 */
export function EditExpenseDialog<R extends EditableExpenseRow, E>({
  row,
  ...props
}: { row: R | null } & Omit<FormProps<R, E>, 'row'>) {
  return (
    <EditDialog title="Edit Expense" row={row} onClose={props.onClose}>
      {(current) => <EditExpenseForm row={current} {...props} />}
    </EditDialog>
  );
}
