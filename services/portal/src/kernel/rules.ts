/** Small pure checks the deciders share. */
export function isPositiveWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

export function isFilledText(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}
