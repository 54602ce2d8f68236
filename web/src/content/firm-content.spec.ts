import { describe, expect, it } from '@jest/globals';
import content from './firm-content.json';
import { firmContentProblems } from './firm-content.schema';

/** A deep copy of the shipped file to break one thing in. */
function copy(): typeof content {
  return JSON.parse(JSON.stringify(content)) as typeof content;
}

describe('the firm content file', () => {
  it('passes its schema', () => {
    expect(firmContentProblems(content)).toEqual([]);
  });

  it('holds what the specification names', () => {
    expect(content.companyValues.map((value) => value.name)).toEqual([
      'Integrity',
      'Leadership',
      'Collaboration',
      'Enthusiasm',
    ]);
    expect(content.laptops.options).toHaveLength(4);
    expect(content.laptops.costRange).toEqual({ min: '1500', max: '3500', currency: 'USD' });
    expect(content.monitors.map((m) => [m.sizeInches, m.price, m.currency])).toEqual([
      [27, '189.99', 'USD'],
      [27, '175', 'USD'],
    ]);
    expect(content.software).toHaveLength(12);
    expect(content.skillSurveys).toHaveLength(4);
    expect(content.onboarding).toMatchObject({
      invoiceDueDay: 25,
      invoicePaidDay: 1,
      bioWithinDays: 60,
      officeDevices: 5,
      giftThresholds: [
        { amount: '100', currency: 'USD' },
        { amount: '50', currency: 'CAD' },
      ],
    });
    expect(content.topNavigation.projects).toHaveLength(4);
    expect(content.topNavigation.pages.map((link) => link.label)).toEqual([
      'Management',
      'Time on Tools',
      'Blogs',
      'Social',
    ]);
  });

  it('names the field and the rule of each mistake', () => {
    const broken = copy() as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    broken.monitors[0].price = '189.9';
    broken.software[3].href = 'http://portal.azure.com';
    delete broken.laptops.options[1].memory;
    broken.laptops.costRange.min = '4000';
    broken.onboarding.invoiceDueDay = 31;
    broken.topNavigation.pages[0].path = 'management';
    broken.skillSurveys = [];
    broken.extra = true;

    expect(firmContentProblems(broken)).toEqual([
      "topNavigation.pages.0.path: must be a path starting with '/'",
      'skillSurveys: Too small: expected array to have >=1 items',
      'onboarding.invoiceDueDay: must be a day that every month has (1 to 28)',
      'laptops.costRange.min: min must not be more than max',
      'laptops.options.1.memory: Invalid input: expected string, received undefined',
      'monitors.0.price: must be an amount such as 175 or 189.99',
      'software.3.href: must be an https:// address',
      '(the file): Unrecognized key: "extra"',
    ]);
  });

  it('refuses something that is not a content file at all', () => {
    expect(firmContentProblems(null)).toEqual(['(the file): Invalid input: expected object, received null']);
  });
});
