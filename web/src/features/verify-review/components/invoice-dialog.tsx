import { useState } from 'react';
import {
  invoiceFileName,
  periodTitle,
  verificationInvoice,
  type VerificationInvoice,
  type VerificationPeriod,
} from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { saveBlob } from '../../../lib/downloads';
import { useExpenses } from '../../../lib/expenses/get-expenses';
import { formatDecimal, formatFullDate, formatTableDate } from '../../../lib/format';
import { useTimesheets } from '../../../lib/timesheets/get-timesheets';
import { Button } from '../../../ui/button';
import { ModalDialog, DialogActions } from '../../../ui/dialog';
import { LoadError, LoadingSkeleton } from '../../../ui/query-state';
import { showToast } from '../../../ui/toast';
import { useInvoiceProfile } from '../api/verify-review-queries';

export interface InvoiceDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly period: VerificationPeriod;
  readonly project: { readonly projectId: number; readonly name: string };
}

function InvoiceView({ invoice }: { invoice: VerificationInvoice }) {
  return (
    <div className="invoice">
      <div className="invoice__head">
        <div>
          <p className="invoice__from">{invoice.from.name}</p>
          {invoice.from.businessName ? <p>{invoice.from.businessName}</p> : null}
          {invoice.from.addressLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <dl className="expense-figures invoice__facts">
          <div>
            <dt>Invoice number</dt>
            <dd>{invoice.number}</dd>
          </div>
          <div>
            <dt>Project</dt>
            <dd>{invoice.project.name}</dd>
          </div>
          <div>
            <dt>Period</dt>
            <dd>{periodTitle(invoice.period)}</dd>
          </div>
          <div>
            <dt>Due date</dt>
            <dd>
              <time dateTime={invoice.dueDate}>{formatFullDate(invoice.dueDate)}</time>
            </dd>
          </div>
        </dl>
      </div>
      <p className="muted">
        Due by the 25th of the month after the period; paid on{' '}
        <time dateTime={invoice.paymentDate}>{formatFullDate(invoice.paymentDate)}</time>.
      </p>
      <table className="invoice__lines">
        <caption>Hours</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="numeric">
              Hours
            </th>
            <th scope="col" className="numeric">
              Rate
            </th>
            <th scope="col" className="numeric">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.timeLines.map((line, i) => (
            <tr key={`${line.date}-${i}`}>
              <td>{formatTableDate(line.date)}</td>
              <td>{line.description}</td>
              <td className="numeric">{formatDecimal(line.hours)}</td>
              <td className="numeric">{formatDecimal(line.rate, 2)}</td>
              <td className="numeric">{formatDecimal(line.amount, 2)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total hours
            </th>
            <td className="numeric">{formatDecimal(invoice.totals.hours)}</td>
            <td />
            <td className="numeric">{formatDecimal(invoice.totals.timeAmount, 2)}</td>
          </tr>
        </tfoot>
      </table>
      <table className="invoice__lines">
        <caption>Expenses</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col">Currency</th>
            <th scope="col" className="numeric">
              Claimed
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.expenseLines.map((line, i) => (
            <tr key={`${line.date}-${i}`}>
              <td>{formatTableDate(line.date)}</td>
              <td>{line.description}</td>
              <td>{line.currency}</td>
              <td className="numeric">{formatDecimal(line.amount, 2)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total expenses
            </th>
            <td className="numeric">{formatDecimal(invoice.totals.expensesClaimed, 2)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="expense-totals">
        <div className="expense-totals__total">
          <dt>Contractor total</dt>
          <dd>{formatDecimal(invoice.totals.contractorTotal, 2)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The data an invoice is made of: the whole period, whatever range the page shows. */
function useInvoice(period: VerificationPeriod, project: InvoiceDialogProps['project'], enabled: boolean) {
  const range = { start: period.start, end: period.end, projectId: project.projectId };
  const profile = useInvoiceProfile(enabled);
  const time = useTimesheets({ ...range, sortBy: 'date', direction: 'asc' }, enabled);
  const expenses = useExpenses({ ...range, sortBy: 'date', direction: 'asc' }, enabled);
  const loads = [profile, time, expenses];
  const failed = loads.find((load) => load.isError);
  const invoice =
    profile.data && time.data && expenses.data
      ? verificationInvoice({
          period,
          profile: profile.data,
          project,
          time: time.data.rows,
          expenses: expenses.data.rows,
        })
      : null;
  return {
    invoice,
    failed,
    retry: () => loads.filter((load) => load.isError).forEach((load) => void load.refetch()),
    isRetrying: loads.some((load) => load.isFetching),
  };
}

/** The verification invoice of the period and project, and its PDF. */
export function InvoiceDialog({ isOpen, onClose, period, project }: InvoiceDialogProps) {
  const { invoice, failed, retry, isRetrying } = useInvoice(period, project, isOpen);
  const [saving, setSaving] = useState(false);

  const download = async (shown: VerificationInvoice) => {
    setSaving(true);
    try {
      const { invoicePdf } = await import('../invoice-pdf');
      const bytes = await invoicePdf(shown);
      saveBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), invoiceFileName(shown));
    } catch (error) {
      showToast(errorMessage(error, 'The PDF could not be made. Try again.'), 'danger');
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      title="Verification Invoice"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      size="large"
    >
      <div className="dialog__body">
        {failed ? (
          <LoadError error={failed.error} what="the invoice" onRetry={retry} isRetrying={isRetrying} />
        ) : invoice ? (
          <InvoiceView invoice={invoice} />
        ) : (
          <LoadingSkeleton what="the invoice" lines={6} />
        )}
      </div>
      <DialogActions onCancel={onClose}>
        <Button isDisabled={!invoice} isPending={saving} onPress={() => invoice && void download(invoice)}>
          Download PDF
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
