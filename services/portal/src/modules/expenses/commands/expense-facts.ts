import { Injectable, Optional } from '@nestjs/common';
import {
  conversionFor,
  expenseMessages as msg,
  type BusinessDate,
  type ExpenseProblem,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import { ExchangeRates } from '../../exchange-rates';
import { RosterQueries } from '../../roster';
import { ReceiptQueries } from '../receipts/receipt-queries';

/** The project facts an expense needs: its name (for '{project} is not editable') and currency. */
export interface ExpenseProject {
  readonly projectId: number;
  readonly name: string;
  readonly invoiceCurrency: string | null;
}

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

  /** The project as the person may see it: null when unknown or outside their owner scope (same answer). */
  async project(person: Pick<Principal, 'userType'>, projectId: number): Promise<ProjectView | null> {
    const project = await this.projects.get(projectId);
    const scope = ownerScopeOf(person);
    return project && (scope === null || project.ownerId === scope) ? project : null;
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
  async rate(currency: string, projectCurrency: string | null, date: BusinessDate): Promise<string> {
    return (await this.conversion(currency, projectCurrency, date)).rate;
  }

  /** The rate as `rate` gives it, and whether a conversion applies and its rate was found. */
  async conversion(
    currency: string,
    projectCurrency: string | null,
    date: BusinessDate,
  ): Promise<{ rate: string; converted: boolean; found: boolean }> {
    const pair = conversionFor(currency, projectCurrency);
    if (!pair) return { rate: '1', converted: false, found: true };
    const rate = this.rates ? await this.rates.rateFor(pair.from, pair.to, date) : null;
    return { rate: rate ?? '1', converted: true, found: rate !== null };
  }

  /** Answers every problem at once (a 400 naming each field), without repeats. */
  static throwIfAny(problems: readonly ExpenseProblem[]): void {
    DomainError.throwIfAny(problems);
  }
}
