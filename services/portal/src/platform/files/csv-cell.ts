/**
 * The one way the portal writes a CSV cell (every CSV it writes goes through here).
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 * `-` or `@` as a formula, and tab or carriage return first can hide such a start. A text cell
 * starting with any of these six gets a leading single quote, so it is shown as text (a staff
 * job title `-2+3+cmd|calc` comes out as `'-2+3+cmd|calc`). A plain number (`-12.5`, `+3`) is
 * left as it is: a spreadsheet reads it as that number and runs nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The text neutralised against formula injection (see above); other text is returned as is. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A CSV cell (RFC 4180): neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
