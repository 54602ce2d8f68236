import { pinnedInstant } from '../../../e2e/support/test-now';
import { describeEveryDayAround } from './date-windows.testing';

/**
 * The date windows' properties on every day around the run's pinned "now" (PORTAL_NOW), so
 * `npm run test:dates` and any other instant move them; date-windows.spec.ts checks them around
 * awkward instants of its own.
 */
describeEveryDayAround([pinnedInstant().toISOString()]);
