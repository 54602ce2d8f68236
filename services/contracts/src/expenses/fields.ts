import { z } from 'zod';
import { CURRENCIES, EXPENSE_COMMENTS_MAX_LENGTH, type Currency } from '../kernel/constants';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import { anyValue, booleanField, isBlank, refuse } from '../kernel/fields';
import { bodyIdField } from '../kernel/ids';
import { checkDecimal, type DecimalRule } from '../kernel/decimal-rules';
import { freeTextProblem } from '../kernel/text';
import { normaliseCurrencyCode } from '../exchange-rates/rates';
import { MAX_EXPENSE_AMOUNT, expenseMessages as msg } from './messages';
import { expenseTypeOf } from './types';

/** Field parsers of the expense requests (requests.ts). */

/** Amount step 0.01 (spec §5): money has at most 2 decimals. */
export const EXPENSE_AMOUNT_STEP = '0.01';

/** The rule of an amount field (the web's field checks the same): > 0, at most 1,000,000, 2 decimals. */
export const expenseAmountRule: DecimalRule = {
  step: EXPENSE_AMOUNT_STEP,
  max: MAX_EXPENSE_AMOUNT,
  messages: {
    notNumber: msg.amountNotNumber,
    notPositive: msg.amountNotPositive,
    tooLarge: msg.amountTooLarge,
    offStep: msg.amountTooPrecise,
  },
};

/** The type of expense: a JSON number of the list (id 0, meals, is a real type). */
export const categoryField = anyValue().transform((value, ctx): number => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: msg.typeRequired });
    return z.NEVER;
  }
  const id = typeof value === 'number' && Number.isInteger(value) ? value : null;
  if (id === null || !expenseTypeOf(id)) {
    ctx.addIssue({ code: 'custom', message: msg.unknownType });
    return z.NEVER;
  }
  return id;
});

export const projectField = bodyIdField('Project', msg.projectRequired);

export const currencyField = anyValue().transform((value, ctx): Currency => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: msg.currencyRequired });
    return z.NEVER;
  }
  const code = typeof value === 'string' ? normaliseCurrencyCode(value) : null;
  if (code === null || !(CURRENCIES as readonly string[]).includes(code)) {
    ctx.addIssue({ code: 'custom', message: msg.unknownCurrency });
    return z.NEVER;
  }
  return code as Currency;
});

/** A money amount: > 0, at most 2 decimals, at most 1,000,000; a normalised decimal string. */
export function expenseAmountField(missingMessage: string = msg.amountRequired) {
  return anyValue().transform((value, ctx): string => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: missingMessage });
      return z.NEVER;
    }
    const checked = checkDecimal(value, expenseAmountRule);
    if ('problem' in checked) {
      ctx.addIssue({ code: 'custom', message: checked.problem });
      return z.NEVER;
    }
    return checked.value;
  });
}

/** Blank means not given (null); otherwise the same rules as an amount. */
export function optionalAmountField() {
  const amount = expenseAmountField();
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const result = amount.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return result.data;
  });
}

export function expenseDateField(missingMessage: string = msg.dateRequired) {
  return anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: missingMessage });
      return z.NEVER;
    }
    if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
      ctx.addIssue({ code: 'custom', message: msg.dateFormat });
      return z.NEVER;
    }
    return value.trim();
  });
}

export const optionalDateField = anyValue().transform((value, ctx): BusinessDate | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
    ctx.addIssue({ code: 'custom', message: msg.dateFormat });
    return z.NEVER;
  }
  return value.trim();
});

export const commentsField = anyValue().transform((value, ctx): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: msg.commentsRequired });
    return z.NEVER;
  }
  const problem = freeTextProblem('Comments', text, EXPENSE_COMMENTS_MAX_LENGTH, msg.commentsTooLong);
  return problem ? refuse(ctx, problem) : text;
});

/** The billable checkbox: true or false; absent means billable. */
export const billableField = booleanField('Billable', true);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A receipt id (a UUID); absent or null mean none (a blank string is not an id). */
export const receiptField = anyValue().transform((value, ctx): string | null => {
  if (value === null) return null;
  if (typeof value !== 'string' || !UUID.test(value.trim())) {
    ctx.addIssue({ code: 'custom', message: msg.receiptInvalid });
    return z.NEVER;
  }
  return value.trim().toLowerCase();
});
