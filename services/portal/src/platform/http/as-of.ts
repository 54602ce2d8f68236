import { asOfMessages, asOfQuerySchema } from '@portal/contracts';
import { DomainError } from '../../kernel/domain-error';
import type { Clock } from '../clock/clock';
import { parseQuery } from './validation';

/**
 * Takes the `asOf` parameter of an "as of" read endpoint off its query string: the instant (UTC
 * ISO) or null for the live view, and the rest for the endpoint's own schema. A value that is not
 * an instant with a zone, or one after the Clock's now, is a 400 naming `asOf`.
 */
export function takeAsOf(
  query: unknown,
  clock: Clock,
): { asOf: string | null; rest: Record<string, unknown> } {
  const { asOf, ...rest } = (query ?? {}) as Record<string, unknown>;
  const parsed = parseQuery(asOfQuerySchema, { asOf }).asOf;
  if (parsed !== null && Date.parse(parsed) > clock.now().getTime())
    throw DomainError.validation([{ path: 'asOf', message: asOfMessages.future }]);
  return { asOf: parsed, rest };
}
