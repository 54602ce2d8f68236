import { useState } from 'react';
import {
  checkDecimal,
  claimedAmount,
  expenseAmountRule,
  EXPENSE_TYPES,
  type ExpenseEditInput,
  expenseEditSchema,
  expenseMessages as msg,
  type ExpenseRow,
  expenseWindow,
  isWithin,
} from '@portal/contracts';
import { decimalText, fieldErrorsOf, withoutErrors, zodProblems } from '../../lib/form-errors';
import { optionsKeeping, projectOptionsOf, useBillableProjects } from '../../lib/projects';
import { formatDecimal } from '../../lib/format';
import { Checkbox } from '../checkbox';
import { EditDialog, EditForm, useEditOutcome } from '../edit-dialog';
import { NumberField } from '../number-field';
import { Select } from '../select';
import { TextField } from '../text-field';
import { useCorrectExpense } from '../../lib/expenses/correct-expense';
import { useExpenseTypes } from '../../lib/expenses/get-expense-types';

interface EditFormProps {
  readonly row: ExpenseRow;
  /** The business date the expense window counts from. */
  readonly today: string;
  readonly onClose: () => void;
  readonly onReload: () => void;
}

function EditExpenseForm({ row, today, onClose, onReload }: EditFormProps) {
  const projects = useBillableProjects();
  const types = useExpenseTypes();
  const correct = useCorrectExpense();
  const [projectId, setProjectId] = useState<number | null>(row.projectId);
  const [categoryId, setCategoryId] = useState<number | null>(row.categoryId);
  const [notBillable, setNotBillable] = useState(!row.isBillable);
  const [date, setDate] = useState(row.date);
  const [activityDate, setActivityDate] = useState(row.activityDate ?? '');
  const [amount, setAmount] = useState(row.amount);
  const [totalAmount, setTotalAmount] = useState(row.totalAmount ?? '');
  const [comment, setComment] = useState(row.comment);
  const { errors, setErrors, stale, callbacks } = useEditOutcome(
    { updated: msg.updated, staleVersion: msg.staleVersion, failed: msg.saveFailed },
    onClose,
  );

  const window = expenseWindow(today);
  const typeList = types.data ?? EXPENSE_TYPES;
  const type = typeList.find((t) => t.id === categoryId) ?? null;
  const projectList = projects.data ?? [];
  // The row's own project stays choosable even if it is no longer on the person's roster.
  const projectOptions = optionsKeeping(projectOptionsOf(projectList), {
    id: row.projectId,
    name: row.projectName,
  });
  const amountValue = decimalText(amount);
  const checkedAmount = checkDecimal(amount, expenseAmountRule);
  const claimed = 'value' in checkedAmount ? claimedAmount(checkedAmount.value, row.rate) : null;

  const save = () => {
    const input: ExpenseEditInput = {
      projectId,
      categoryId,
      isBillable: !notBillable,
      date,
      ...(type?.activityDateLabel ? { activityDate: activityDate || null } : {}),
      amount: amountValue,
      totalAmount: type?.flow === 'totalAndExpensed' ? decimalText(totalAmount) : null,
      comment,
      version: row.version,
    };
    const parsed = expenseEditSchema.safeParse(input);
    const problems = parsed.success ? [] : zodProblems(parsed.error);
    if (parsed.success && !isWithin(parsed.data.date, window)) {
      problems.push({ path: 'date', message: msg.dateOutsideWindow(window.first, window.last) });
    }
    setErrors(fieldErrorsOf(problems));
    if (problems.length > 0) return;
    correct.mutate({ expenseId: row.id, edit: input }, callbacks);
  };

  return (
    <EditForm
      onSubmit={save}
      onClose={onClose}
      isPending={correct.isPending}
      stale={stale}
      reloadLabel="Reload expenses"
      onReload={onReload}
    >
      <Select
        label="Project"
        options={projectOptions}
        value={projectId}
        onChange={(key) => {
          setProjectId(key === null ? null : Number(key));
          setErrors((e) => withoutErrors(e, 'projectId'));
        }}
        errorMessage={errors.projectId}
        isRequired
      />
      <Select
        label="Expense Type"
        options={typeList.map((t) => ({ id: t.id, name: t.name }))}
        value={categoryId}
        onChange={(key) => {
          setCategoryId(key === null ? null : Number(key));
          setErrors((e) => withoutErrors(e, 'categoryId'));
        }}
        errorMessage={errors.categoryId}
        isRequired
      />
      <Checkbox isSelected={notBillable} onChange={setNotBillable}>
        Not Billable
      </Checkbox>
      <TextField
        label="Date of Expense"
        inputType="date"
        min={window.first}
        max={window.last}
        value={date}
        onChange={(value) => {
          setDate(value);
          setErrors((e) => withoutErrors(e, 'date'));
        }}
        errorMessage={errors.date}
        isRequired
      />
      {type?.activityDateLabel ? (
        <TextField
          label={type.activityDateLabel}
          inputType="date"
          min={window.first}
          max={window.last}
          value={activityDate}
          onChange={setActivityDate}
          errorMessage={errors.activityDate}
        />
      ) : null}
      <div className="edit-form__hours">
        {type?.flow === 'totalAndExpensed' ? (
          <NumberField
            label={`Total Amount (${row.currency})`}
            value={totalAmount}
            onChange={setTotalAmount}
            rule={expenseAmountRule}
            errorMessage={errors.totalAmount}
          />
        ) : null}
        <NumberField
          label={`Amount (${row.currency})`}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((e) => withoutErrors(e, 'amount'));
          }}
          rule={expenseAmountRule}
          errorMessage={errors.amount}
          isRequired
        />
      </div>
      <dl className="expense-figures">
        <div>
          <dt>Currency rate</dt>
          <dd>
            {row.rate}{' '}
            <span className="muted">
              ({row.currency} → {row.projectCurrency ?? '-'})
            </span>
          </dd>
        </div>
        <div>
          <dt>Expense Claimed</dt>
          <dd>
            {claimed === null ? '—' : formatDecimal(claimed, 2)}{' '}
            <span className="muted">{row.projectCurrency ?? ''}</span>
          </dd>
        </div>
      </dl>
      <p className="muted expense-figures__note">A new date uses that day&apos;s rate when you save.</p>
      <TextField
        label="Comments"
        multiline
        value={comment}
        onChange={(value) => {
          setComment(value);
          setErrors((e) => withoutErrors(e, 'comment'));
        }}
        errorMessage={errors.comment}
        isRequired
      />
    </EditForm>
  );
}

/** The Edit Expense modal. */
export function EditExpenseDialog({
  row,
  today,
  onClose,
  onReload,
}: { row: ExpenseRow | null } & Omit<EditFormProps, 'row'>) {
  return (
    <EditDialog title="Edit Expense" row={row} onClose={onClose}>
      {(current) => <EditExpenseForm row={current} today={today} onClose={onClose} onReload={onReload} />}
    </EditDialog>
  );
}
