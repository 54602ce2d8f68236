/**
 * The planned-hours cell rules (admin spec §5), one pure set for the grid in the browser and the
 * API: whole numbers only, minimum 0; leading zeros stripped; a negative or non-integer value is
 * floored and clamped to 0; empty is allowed and saved as null; anything else (letters, a number
 * above the most hours a month holds) is invalid and highlighted; a zero is cleared on focus.
 */

/** The most hours one person can be planned for in one month: 31 days of 24 hours. */
export const PLANNED_HOURS_MAX = 744;

export const plannedCellMessages = {
  invalid: `Planned hours must be a whole number from 0 to ${PLANNED_HOURS_MAX}, or empty`,
} as const;

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * What a cell shows once the person leaves it: '' stays empty, '007' becomes '7', '-3' becomes
 * '0', '2.7' becomes '2'. Text that is not a number is kept as typed (it is invalid, see
 * `plannedCellProblem`), so the person sees what to correct.
 */
export function normalisePlannedCell(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (!NUMBER_TEXT.test(trimmed)) return text;
  const floored = Math.floor(Number(trimmed));
  return String(Math.max(0, floored));
}

/** The value a cell's text stands for after the rules: a whole number, null (empty), or undefined (invalid). */
export function plannedHoursOf(text: string): number | null | undefined {
  const normal = normalisePlannedCell(text);
  if (normal === '') return null;
  if (!/^\d+$/.test(normal)) return undefined;
  const value = Number(normal);
  return value <= PLANNED_HOURS_MAX ? value : undefined;
}

/** Why a cell's text cannot be saved (null: it can). */
export function plannedCellProblem(text: string): string | null {
  return plannedHoursOf(text) === undefined ? plannedCellMessages.invalid : null;
}

/** A value as sent and stored: null or a whole number from 0 to PLANNED_HOURS_MAX. */
export function isPlannedHoursValue(value: unknown): value is number | null {
  return (
    value === null ||
    (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= PLANNED_HOURS_MAX)
  );
}

/** The text a cell holds when the person focuses it: a zero is cleared, anything else stays. */
export function plannedCellOnFocus(text: string): string {
  return text.trim() === '0' ? '' : text;
}

/** The text a stored value is edited as: null is an empty cell. */
export function plannedCellText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
