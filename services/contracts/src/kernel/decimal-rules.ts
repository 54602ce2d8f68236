import { parseDecimal, PortalDecimal, type DecimalInput } from './money';

/**
 * The rule of a decimal form field (hours, amounts): a number greater than 0, at most `max`, on
 * a `step` (0.1 hours, 0.01 money). The same rule parses the API's requests and checks the web's
 * field, so both say the same message. Steps are checked on the decimal text as scaled whole
 * numbers (BigInt), never with floating-point arithmetic (7.25 % 0.1 is not 0.05 in a float).
 */
export interface DecimalRule {
  /** The step as a decimal string ('0.1', '0.5', '0.01'). */
  readonly step: string;
  /** The largest value allowed, as a decimal string. */
  readonly max: string;
  /** 0 is allowed too (a PO value); otherwise the value must be greater than 0. */
  readonly allowZero?: boolean;
  readonly messages: {
    readonly notNumber: string;
    readonly notPositive: string;
    readonly tooLarge: string;
    readonly offStep: string;
  };
}

/**
 * The rule of an exchange rate (the review's admin rate, the table of rates per USD): greater than
 * 0, at most `max`, at most 8 decimals.
 */
export function rateRule(max: string, messages: DecimalRule['messages']): DecimalRule {
  return { step: '0.00000001', max, messages };
}

/** A decimal as a whole number of 10^-places units ('7.25', 2 -> 725n); its own places must fit. */
function scaled(value: PortalDecimal, places: number): bigint {
  const [whole, fraction = ''] = value.abs().toFixed().split('.');
  const units = BigInt(whole + fraction.padEnd(places, '0'));
  return value.isNegative() ? -units : units;
}

/** True when `value` is a whole multiple of `step` (exact: both are scaled to whole numbers). */
export function isOnStep(value: DecimalInput, step: DecimalInput): boolean {
  const v = value instanceof PortalDecimal ? value : parseDecimal(value);
  const s = step instanceof PortalDecimal ? step : parseDecimal(step);
  if (!v || !s || s.lte(0)) throw new RangeError(`Not a value and a step: ${String(value)}, ${String(step)}`);
  const places = Math.max(v.decimalPlaces(), s.decimalPlaces());
  return scaled(v, places) % scaled(s, places) === 0n;
}

export type DecimalCheck = { readonly value: string } | { readonly problem: string };

/**
 * Checks a given (non-blank) value against the rule: the normalised decimal text ('7.50' -> '7.5')
 * or the rule's first message that applies.
 */
export function checkDecimal(input: unknown, rule: DecimalRule): DecimalCheck {
  const parsed = parseDecimal(input);
  if (!parsed) return { problem: rule.messages.notNumber };
  if (rule.allowZero ? parsed.lt(0) : parsed.lte(0)) return { problem: rule.messages.notPositive };
  if (parsed.gt(rule.max)) return { problem: rule.messages.tooLarge };
  if (!isOnStep(parsed, rule.step)) return { problem: rule.messages.offStep };
  return { value: parsed.toFixed() };
}

/**
 * The value one step up or down from `input` (blank counts as 0), on the rule's steps and between
 * one step and the rule's maximum: what the − / + buttons and the arrow keys of a field give.
 * Off-step values move to the next step in that direction (7.25 up on 0.1 -> 7.3).
 */
export function stepDecimal(
  input: string,
  rule: Pick<DecimalRule, 'step' | 'max'>,
  direction: 1 | -1,
): string {
  const step = new PortalDecimal(rule.step);
  const current = parseDecimal(input) ?? new PortalDecimal(0);
  const steps = current.dividedBy(step);
  const next = direction === 1 ? steps.floor().plus(1) : steps.ceil().minus(1);
  const value = PortalDecimal.max(step, PortalDecimal.min(rule.max, step.times(next)));
  return value.toFixed();
}
