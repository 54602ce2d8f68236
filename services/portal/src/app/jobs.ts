/** The name of every job; the worker refuses to start if one has no processor. */
export const JOB_NAMES: readonly string[] = ['timesheets.late-entry-email', 'expenses.receipts-zip'];
