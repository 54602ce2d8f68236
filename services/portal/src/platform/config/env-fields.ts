import { z } from 'zod';

/** Text that is set or not: blank counts as not set. */
export const optionalText = z.string().trim().min(1).optional();

/** A service's base URL, kept without a trailing '/' (paths are appended to it). */
export const optionalBaseUrl = z
  .string()
  .trim()
  .min(1)
  .pipe(z.url({ message: 'must be a URL' }))
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();
