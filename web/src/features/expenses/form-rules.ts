/** A decimal string from the API as a NumberField value (NaN when empty). */
export function amountNumber(text: string | null | undefined): number {
  if (text === null || text === undefined || text.trim() === '') return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}
