import { Injectable, Optional } from '@nestjs/common';
import {
  conversionFor,
  expenseMessages as msg,
  type BusinessDate,
  type ExpenseProblem,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { ExchangeRates } from '../../exchange-rates';
import { DomainError } from '../../../kernel/domain-error';
import { ProjectDirectory, type ProjectView } from '../../catalog/queries/project-directory';
import { RosterQueries } from '../../roster/queries/roster-queries';
import { ReceiptQueries } from '../receipts/receipt-queries';

/** The project facts an expense needs: its name (for '{project} is not editable') and currency. */
export interface ExpenseProject {
  readonly projectId: number;
  readonly name: string;
  readonly invoiceCurrency: string | null;
}

/** How a rate is found: the ExchangeRates port, or fixed demo rates in the seed. */
export type RateSource = (from: string, to: string, date: BusinessDate) => Promise<string | null>;

/**
 * What only the server knows: the project (catalog), whether the person may bill it (roster),
 * whose receipt a receipt id is, and the exchange rate.
 */
@Injectable()
export class ExpenseFacts {
  constructor(
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
    private readonly receipts: ReceiptQueries,
    @Optional() private readonly rates?: ExchangeRates,
  ) {}

  async project(projectId: number): Promise<ProjectView | null> {
    return this.projects.get(projectId);
  }

  /** Unknown, inactive, or not on the person's roster: each a 400 on projectId. */
  async projectProblems(
    employeeId: number,
    projectId: number,
    project: ProjectView | null,
  ): Promise<ExpenseProblem[]> {
    if (!project) return [{ path: 'projectId', message: msg.unknownProject(projectId) }];
    if (!project.isActive) return [{ path: 'projectId', message: msg.projectInactive }];
    if (!(await this.roster.canBill(employeeId, projectId))) {
      return [{ path: 'projectId', message: msg.projectNotBillable }];
    }
    return [];
  }

  /** An unknown receipt is a 400 on receiptId; another person's receipt is refused (403). */
  async receiptProblems(person: Principal, receiptId: string | null): Promise<ExpenseProblem[]> {
    if (receiptId === null) return [];
    const receipt = await this.receipts.get(receiptId);
    if (!receipt) return [{ path: 'receiptId', message: msg.receiptNotFound }];
    if (receipt.employeeId !== person.staffId) throw DomainError.forbidden(msg.notYourReceipt);
    return [];
  }

  /**
   * The rate from the receipt currency to the project's currency for the expense date: '1' when
   * either is missing or they are the same, when the port is not there or does not know the pair.
   */
  readonly rateFor: RateSource = async (from, to, date) => {
    if (!this.rates) return null;
    return this.rates.rateFor(from, to, date);
  };

  static async rate(
    source: RateSource,
    currency: string,
    projectCurrency: string | null,
    date: BusinessDate,
  ): Promise<string> {
    const pair = conversionFor(currency, projectCurrency);
    if (!pair) return '1';
    return (await source(pair.from, pair.to, date)) ?? '1';
  }

  /** Answers every problem at once (a 400 naming each field), without repeats. */
  static throwIfAny(problems: readonly ExpenseProblem[]): void {
    DomainError.throwIfAny(problems);
  }
}
