/** A megabyte as the portal's file limits count it (10 MB is 10,485,760 bytes). */
export const MEGABYTE = 1024 * 1024;

/** A size limit as a person reads it in a message: '10 MB' (to one decimal when not whole). */
export function megabytes(bytes: number): string {
  const value = bytes / MEGABYTE;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}
