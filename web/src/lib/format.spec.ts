import { describe, expect, it } from '@jest/globals';
import { businessDateOf, startOfMonthOffset } from '@portal/contracts';
import { pinnedInstant } from '../../../e2e/support/test-now';
import { formatTableDate } from './format';

const today = businessDateOf(pinnedInstant());
const year = today.slice(0, 4);

describe('formatTableDate', () => {
  it("shows a date of today's year as the spec's short date, without the year", () => {
    const shown = formatTableDate(today, today);
    expect(shown).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2}$/);
    expect(shown).not.toContain(year);
  });

  it('says the year of a date in another year, before or after this one', () => {
    const nextYear = startOfMonthOffset(today, 12);
    const lastYear = startOfMonthOffset(today, -12);
    expect(formatTableDate(nextYear, today)).toMatch(
      new RegExp(`^[A-Z][a-z]{2} [A-Z][a-z]{2} 01, ${nextYear.slice(0, 4)}$`),
    );
    expect(formatTableDate(lastYear, today)).toMatch(new RegExp(`, ${lastYear.slice(0, 4)}$`));
    expect(formatTableDate(nextYear, nextYear)).not.toContain(nextYear.slice(0, 4));
  });
});
