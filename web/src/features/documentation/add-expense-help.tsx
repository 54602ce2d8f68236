import { Link } from 'react-router-dom';
import {
  CURRENCIES,
  EXPENSE_COMMENTS_MAX_LENGTH,
  EXPENSE_MONTHS_AHEAD,
  EXPENSE_MONTHS_BACK,
  EXPENSE_TYPES,
  type ExpenseType,
  expenseMessages as msg,
  MAX_RECEIPT_BYTES,
  megabytes,
  receiptMessages,
} from '@portal/contracts';
import { HelpPage, HelpSection, Message, ProblemsSection, Screenshot, SCREENSHOTS, Ui } from './help-page';
import { ReceiptGuidePdf } from './receipt-guide-pdf';

const RECEIPT_RULES: Record<ExpenseType['receipt'], string> = {
  required: 'a receipt is required',
  none: 'no receipt',
  whenNeedReceipt: 'a receipt is required only if your account is set to need receipts',
  optional: 'a receipt is optional',
};

/** What the form asks for one expense type, from the same list the form uses. */
function typeRules(type: ExpenseType): string {
  const rules = [RECEIPT_RULES[type.receipt]];
  if (type.flow === 'perDiem') {
    rules.push(
      'several dates in a calendar, claimed per diem (the same amount each date) or as accommodation (an amount per date)',
    );
    if (type.activityDateLabel) rules.push(`${type.activityDateLabel} (left empty, the first date counts)`);
  } else if (type.activityDateLabel) {
    rules.push(`${type.activityDateLabel} required`);
  }
  if (type.flow === 'totalAndExpensed') rules.push('Total Amount and Amount to be Expensed');
  return rules.join('; ');
}

/** '/documentation/add-expense': the expense form, receipts (also from the phone's camera), currencies. */
export function AddExpenseHelp() {
  return (
    <HelpPage
      title="How To: Add Expense"
      lead={
        <>
          Claim an expense, with its receipt, on the <Link to="/expenses/create">Expenses</Link> page
          (Contractor, Add Expense in the menu, or the Add Expense tile on the home page).
        </>
      }
    >
      <HelpSection title="Steps">
        <ol>
          <li>
            Choose the <Ui>Expense Type</Ui> first: the other fields depend on it, and <Ui>Submit</Ui> stays
            disabled until a type is chosen.
          </li>
          <li>
            Choose the <Ui>Project</Ui> and the <Ui>Receipt Currency</Ui> (the currency on the receipt:{' '}
            {CURRENCIES.join(', ')}).
          </li>
          <li>
            Enter the <Ui>Amount</Ui> as on the receipt, with at most 2 decimals.
          </li>
          <li>
            Enter the <Ui>Date</Ui> of the expense (for a hotel, choose its dates in the calendar instead),
            and the extra date the type asks for (see below).
          </li>
          <li>
            Write the <Ui>Comments</Ui> (required, at most {EXPENSE_COMMENTS_MAX_LENGTH} characters).
          </li>
          <li>
            <Ui>Billable</Ui> is ticked; untick it for an expense the client does not pay.
          </li>
          <li>Attach the receipt (see below) when the type has one.</li>
          <li>
            Press <Ui>Submit</Ui>. The portal says <Message>{msg.saved}</Message>, empties the form, and the
            expense appears under <Ui>Saved Expenses</Ui> below.
          </li>
        </ol>
        <p>
          Dates can be chosen from the first day of the month {EXPENSE_MONTHS_BACK} months back to the last
          day of the month {EXPENSE_MONTHS_AHEAD} months ahead. Some projects show a <Ui>Project notice</Ui>{' '}
          with their allowances (hotel, meals, housing) while they are chosen.
        </p>
        <Screenshot
          image={SCREENSHOTS.addExpense}
          alt="The Add Expense form with the expense type Meals chosen: Project, Receipt Currency, Amount, Date, Comments, the Billable checkbox, the receipt box and the Submit button."
          caption="The form once an expense type is chosen."
        />
      </HelpSection>

      <HelpSection title="Expense types">
        <ul>
          {EXPENSE_TYPES.map((type) => (
            <li key={type.id}>
              <Ui>{type.name}</Ui>: {typeRules(type)}.
            </li>
          ))}
        </ul>
        <p>
          For a hotel claimed as accommodation, choose the dates, then enter an amount for each; if one is
          missing the portal says <Message>{msg.enterAllAmounts}</Message> The Amount to be Expensed may not
          be more than the Total Amount.
        </p>
      </HelpSection>

      <HelpSection title="Receipts">
        <ul>
          <li>
            One PDF file of at most {megabytes(MAX_RECEIPT_BYTES)}, or a photo (JPEG, PNG or HEIC) that the
            form turns into a PDF. Drop it on the receipt box or choose it with the file button.
          </li>
          <li>
            The portal reads the total and the date from the receipt and fills in <Ui>Amount</Ui> and{' '}
            <Ui>Date</Ui> with what it found, and says what it read. A photo is read by the portal after the
            upload: the form shows <Ui>Reading the receipt…</Ui> with its progress and you can go on filling
            it in; what it reads fills only the fields still empty, each marked <Ui>Read from the receipt</Ui>
            . Check them before you submit; when it could read nothing, enter them yourself.
          </li>
          <li>
            <Ui>Remove receipt</Ui> takes the attached receipt off the form.
          </li>
          <li>
            It refuses other files: <Message>{receiptMessages.notPdfOrPhoto}</Message>,{' '}
            <Message>{receiptMessages.tooLarge}</Message>, <Message>{receiptMessages.oneFile}</Message>
          </li>
        </ul>
      </HelpSection>

      <HelpSection title="Scan a receipt with your phone">
        <ol>
          <li>Open the Expenses page on your phone and choose the expense type.</li>
          <li>
            Press <Ui>Start camera</Ui> under the receipt box and allow the camera when the phone asks. The
            back camera is used when there is one.
          </li>
          <li>
            Hold the receipt flat and well lit, then press <Ui>Take photo</Ui>. The photo becomes a one-page
            PDF and is uploaded as the receipt.
          </li>
          <li>
            <Ui>Retake</Ui> starts the camera again for another photo; <Ui>Cancel</Ui> turns it off. Either
            way the photo taken before is no longer the receipt.
          </li>
          <li>
            Check the amount and date read from the photo, then press <Ui>Submit</Ui>.
          </li>
        </ol>
        <p>
          The camera buttons appear only in browsers that can use a camera. If the camera cannot start, the
          portal says so; allow the camera in the browser, or upload a PDF instead.
        </p>
        <h3>The guide to keep on your phone</h3>
        <ReceiptGuidePdf />
      </HelpSection>

      <HelpSection title="Currency">
        <p>
          The <Ui>Claimed</Ui> column shows the amount claimed in the project&apos;s currency: the amount
          times the exchange rate from the receipt currency on the expense&apos;s date (for today or a later
          date, the latest rate), cut (not rounded) to 2 decimals. Below the list, the contractor totals add
          the timesheet value and the expenses claimed.
        </p>
      </HelpSection>

      <HelpSection title="Saved expenses">
        <ul>
          <li>
            <Ui>Period</Ui> shows one month: the current month or one of the six before it.{' '}
            <Ui>Filter by project</Ui> narrows the list to one project.
          </li>
          <li>
            <Ui>Export</Ui> downloads the listed expenses as a spreadsheet. <Ui>Download Expenses</Ui>{' '}
            collects the receipts of a month and a project into a zip file.
          </li>
          <li>
            The edit button opens <Ui>Edit Expense</Ui> (Project, Expense Type, Not Billable, Date of Expense,
            the amount, Comments), which shows the currency rate and the amount claimed. The delete button
            asks first: <Message>{msg.confirmDelete('Project name', 'the date')}</Message>
          </li>
          <li>
            Approved expenses show <Ui>Approved</Ui> and cannot be changed. Once you have submitted a
            project&apos;s month for verification, its expenses are locked:{' '}
            <Message>{msg.notEditable('Project name')}</Message>
          </li>
        </ul>
      </HelpSection>

      <ProblemsSection
        after={
          <p>
            <Message>{msg.saveFailed}</Message> means nothing was saved; try again later.
          </p>
        }
      >
        {[
          msg.typeRequired,
          msg.projectRequired,
          msg.currencyRequired,
          msg.amountRequired,
          msg.dateRequired,
          msg.commentsRequired,
          msg.receiptRequired,
        ].map((text) => (
          <li key={text}>
            <Message>{text}</Message>
          </li>
        ))}
      </ProblemsSection>
    </HelpPage>
  );
}
