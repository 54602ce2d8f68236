/** The bench firm's admin (owner 1, no roster, no entries): a module of its own so a child process can name it without loading the dataset. */
export const BENCH_ADMIN_ID = 999;
