import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { periodTitle, type VerificationInvoice } from '@portal/contracts';
import { formatDecimal, formatFullDate, formatTableDate } from '../../lib/format';

/**
 * The verification invoice as a PDF (pdf-lib, loaded only when a person asks for the file). One
 * Letter page per ~40 lines, Helvetica; amounts are the invoice's decimal strings, only formatted.
 */

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;
const LINE = 15;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

interface Column {
  readonly x: number;
  readonly align?: 'right';
  readonly width?: number;
}

/** Writes lines top to bottom, starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Helvetica's WinAnsi encoding lacks most scripts: such characters print as '?'. */
  private printable(text: string): string {
    return [...text]
      .map((ch) => {
        try {
          this.font.encodeText(ch);
          return ch;
        } catch {
          return '?';
        }
      })
      .join('');
  }

  private fit(text: string, font: PDFFont, size: number, width: number | undefined): string {
    let shown = this.printable(text);
    if (width === undefined) return shown;
    while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = `${shown.slice(0, -2)}…`;
    return shown;
  }

  private room(lines: number): void {
    if (this.y - lines * LINE >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  gap(lines = 1): void {
    this.y -= LINE * lines;
  }

  text(text: string, options: { size?: number; bold?: boolean; muted?: boolean; x?: number } = {}): void {
    const size = options.size ?? 10;
    this.room(1);
    this.page.drawText(this.printable(text), {
      x: options.x ?? MARGIN,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.font,
      color: options.muted ? MUTED : INK,
    });
    this.y -= Math.max(LINE, size + 5);
  }

  row(cells: readonly string[], columns: readonly Column[], bold = false): void {
    const size = 9;
    const font = bold ? this.bold : this.font;
    this.room(1);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const shown = this.fit(cell, font, size, column.width);
      const x = column.align === 'right' ? column.x - font.widthOfTextAtSize(shown, size) : column.x;
      this.page.drawText(shown, { x, y: this.y, size, font, color: INK });
    });
    this.y -= LINE;
  }

  rule(): void {
    this.room(1);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + LINE - 4 },
      end: { x: PAGE.width - MARGIN, y: this.y + LINE - 4 },
      thickness: 0.5,
      color: MUTED,
    });
  }
}

const TIME_COLUMNS: readonly Column[] = [
  { x: MARGIN, width: 70 },
  { x: MARGIN + 75, width: 230 },
  { x: 420, align: 'right' },
  { x: 480, align: 'right' },
  { x: PAGE.width - MARGIN, align: 'right' },
];
const EXPENSE_COLUMNS: readonly Column[] = [
  { x: MARGIN, width: 70 },
  { x: MARGIN + 75, width: 300 },
  { x: 480, align: 'right' },
  { x: PAGE.width - MARGIN, align: 'right' },
];

export async function invoicePdf(invoice: VerificationInvoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setSubject(`${invoice.project.name}, ${periodTitle(invoice.period)}`);
  doc.setAuthor(invoice.from.name);
  doc.setProducer('Portal');
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(`Invoice ${invoice.number}`, { size: 18, bold: true });
  w.gap(0.5);
  w.text(invoice.from.name, { bold: true });
  if (invoice.from.businessName) w.text(invoice.from.businessName);
  for (const line of invoice.from.addressLines) w.text(line);
  w.gap();
  w.text(`Project: ${invoice.project.name}`);
  w.text(`Period: ${periodTitle(invoice.period)}`);
  w.text(`Due by: ${formatFullDate(invoice.dueDate)}`);
  w.text(`Paid on: ${formatFullDate(invoice.paymentDate)}`, { muted: true });
  w.gap();

  w.text('Hours', { size: 12, bold: true });
  w.row(['Date', 'Description', 'Hours', 'Rate', 'Amount'], TIME_COLUMNS, true);
  w.rule();
  if (invoice.timeLines.length === 0) w.text('No hours in this period.', { muted: true });
  for (const line of invoice.timeLines) {
    w.row(
      [
        formatTableDate(line.date),
        line.description,
        formatDecimal(line.hours),
        formatDecimal(line.rate, 2),
        formatDecimal(line.amount, 2),
      ],
      TIME_COLUMNS,
    );
  }
  w.row(
    ['Total', '', formatDecimal(invoice.totals.hours), '', formatDecimal(invoice.totals.timeAmount, 2)],
    TIME_COLUMNS,
    true,
  );
  w.gap();

  w.text('Expenses', { size: 12, bold: true });
  w.row(['Date', 'Description', 'Currency', 'Claimed'], EXPENSE_COLUMNS, true);
  w.rule();
  if (invoice.expenseLines.length === 0) w.text('No expenses in this period.', { muted: true });
  for (const line of invoice.expenseLines) {
    w.row(
      [formatTableDate(line.date), line.description, line.currency, formatDecimal(line.amount, 2)],
      EXPENSE_COLUMNS,
    );
  }
  w.row(['Total', '', '', formatDecimal(invoice.totals.expensesClaimed, 2)], EXPENSE_COLUMNS, true);
  w.gap();

  w.row(
    ['Contractor total', '', '', formatDecimal(invoice.totals.contractorTotal, 2)],
    EXPENSE_COLUMNS,
    true,
  );
  return doc.save();
}
