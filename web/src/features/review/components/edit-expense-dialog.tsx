import { useState } from 'react';
import {
  adminExpenseEditSchema,
  adminRateRule,
  characterCount,
  checkDecimal,
  claimedAmount,
  CURRENCIES,
  EXPENSE_COMMENTS_MAX_LENGTH,
  expenseAmountRule,
  expenseMessages as msg,
  EXPENSE_TYPES,
  limitCharacters,
  type ReviewExpenseRow,
  type ReviewFilterProject,
} from '@portal/contracts';
import { decimalText, fieldErrorsOf, withoutErrors, zodProblems } from '../../../lib/form-errors';
import { formatDecimal } from '../../../lib/format';
import { optionsKeeping, projectOptionsOf } from '../../../lib/projects';
import { Checkbox } from '../../../ui/checkbox';
import { EditDialog, EditForm, useEditOutcome } from '../../../ui/edit-dialog';
import { NumberField } from '../../../ui/number-field';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useAdminCorrectExpense } from '../api/review-commands';

/** The spec's 'no project currency' ('-'). */
const NO_CURRENCY = '-';

export interface EditExpenseProps {
  readonly projects: readonly ReviewFilterProject[];
  readonly onClose: () => void;
  readonly onReload: () => void;
}

function EditExpenseForm({ row, projects, onClose, onReload }: EditExpenseProps & { row: ReviewExpenseRow }) {
  const [projectId, setProjectId] = useState<number | null>(row.projectId);
  const [categoryId, setCategoryId] = useState<number | null>(row.categoryId);
  const [date, setDate] = useState(row.date);
  const [amount, setAmount] = useState(row.amount);
  const [rate, setRate] = useState(row.rate);
  const [projectCurrency, setProjectCurrency] = useState(row.projectCurrency ?? NO_CURRENCY);
  const [isBillable, setBillable] = useState(row.isBillable);
  const [comment, setComment] = useState(row.comment);
  const correct = useAdminCorrectExpense();
  const { errors, setErrors, stale, callbacks } = useEditOutcome(
    { updated: msg.updated, staleVersion: msg.staleVersion, failed: msg.saveFailed },
    onClose,
  );
  const checkedAmount = checkDecimal(amount, expenseAmountRule);
  const checkedRate = checkDecimal(rate, adminRateRule);
  const claimed =
    'value' in checkedAmount && 'value' in checkedRate
      ? claimedAmount(checkedAmount.value, checkedRate.value)
      : null;
  const clear = (...paths: string[]) => setErrors((e) => withoutErrors(e, ...paths));

  const save = () => {
    const parsed = adminExpenseEditSchema.safeParse({
      employeeId: row.employeeId,
      amount: decimalText(amount),
      comment,
      categoryId,
      date,
      rate: decimalText(rate),
      projectCurrency,
      projectId,
      isBillable,
      version: row.version,
    });
    setErrors(parsed.success ? {} : fieldErrorsOf(zodProblems(parsed.error)));
    if (parsed.success) correct.mutate({ expenseId: row.id, edit: parsed.data }, callbacks);
  };

  return (
    <EditForm
      onSubmit={save}
      onClose={onClose}
      isPending={correct.isPending}
      stale={stale}
      reloadLabel="Reload the review"
      onReload={onReload}
    >
      <p>{`${row.employeeName}: receipt in ${row.currency}; the person sees the change in their own list.`}</p>
      <Select
        label="Project"
        options={optionsKeeping(projectOptionsOf(projects), { id: row.projectId, name: row.projectName })}
        value={projectId}
        onChange={(key) => {
          setProjectId(key === null ? null : Number(key));
          clear('projectId');
        }}
        errorMessage={errors.projectId}
        isRequired
      />
      <Select
        label="Expense Type"
        options={EXPENSE_TYPES.map((t) => ({ id: t.id, name: t.name }))}
        value={categoryId}
        onChange={(key) => {
          setCategoryId(key === null ? null : Number(key));
          clear('categoryId');
        }}
        errorMessage={errors.categoryId}
        isRequired
      />
      <TextField
        label="Date"
        inputType="date"
        value={date}
        onChange={setDate}
        errorMessage={errors.date}
        isRequired
      />
      <div className="edit-form__hours">
        <NumberField
          label={`Amount (${row.currency})`}
          value={amount}
          onChange={(text) => {
            setAmount(text);
            clear('amount');
          }}
          rule={expenseAmountRule}
          savedValue={row.amount}
          errorMessage={errors.amount}
        />
        <NumberField
          label="Rate"
          value={rate}
          onChange={(text) => {
            setRate(text);
            clear('rate');
          }}
          rule={adminRateRule}
          savedValue={row.rate}
          errorMessage={errors.rate}
          description={claimed === null ? undefined : `Claimed: ${formatDecimal(claimed, 2)}`}
        />
      </div>
      <Select
        label="Project Currency"
        options={[{ id: NO_CURRENCY, name: 'None (-)' }, ...CURRENCIES.map((c) => ({ id: c, name: c }))]}
        value={projectCurrency}
        onChange={(key) => {
          setProjectCurrency(key === null ? NO_CURRENCY : String(key));
          clear('projectCurrency');
        }}
        errorMessage={errors.projectCurrency}
      />
      <Checkbox isSelected={isBillable} onChange={setBillable}>
        Billable
      </Checkbox>
      <TextField
        label="Comment"
        multiline
        value={comment}
        onChange={(text) => setComment(limitCharacters(text, EXPENSE_COMMENTS_MAX_LENGTH))}
        errorMessage={errors.comment}
        description={`${characterCount(comment)}/${EXPENSE_COMMENTS_MAX_LENGTH}`}
      />
    </EditForm>
  );
}

/** The admin's Edit Expense (admin spec §7): amount, comment, category, date, rate, project currency, project, billable. */
export function EditExpenseDialog({ row, ...props }: EditExpenseProps & { row: ReviewExpenseRow | null }) {
  return (
    <EditDialog title="Edit Expense" row={row} onClose={props.onClose}>
      {(current) => <EditExpenseForm row={current} {...props} />}
    </EditDialog>
  );
}
