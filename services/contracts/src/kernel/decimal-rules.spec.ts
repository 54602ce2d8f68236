import { checkDecimal, isOnStep, stepDecimal, type DecimalRule } from './decimal-rules';

const hours: DecimalRule = {
  step: '0.1',
  max: '24',
  messages: {
    notNumber: 'Hours must be a number',
    notPositive: 'Hours must be greater than 0',
    tooLarge: 'Hours must be at most 24',
    offStep: 'Hours must be in steps of 0.1',
  },
};

describe('isOnStep compares scaled whole numbers, never floats', () => {
  it.each([
    ['7.5', '0.1', true],
    ['7.25', '0.1', false],
    ['0.3', '0.1', true], // 0.3 % 0.1 is 0.09999999999999998 in a float
    ['7.3', '0.5', false],
    ['7.5', '0.5', true],
    ['8', '0.5', true],
    ['12.34', '0.01', true],
    ['12.345', '0.01', false],
    ['1000000', '0.01', true],
  ])('%s on a step of %s: %s', (value, step, expected) => {
    expect(isOnStep(value, step)).toBe(expected);
  });

  it('refuses a step that is not positive', () => {
    expect(() => isOnStep('1', '0')).toThrow(RangeError);
  });
});

describe('checkDecimal', () => {
  it.each([
    ['7.50', { value: '7.5' }],
    [7.5, { value: '7.5' }],
    ['7.25', { problem: 'Hours must be in steps of 0.1' }],
    ['abc', { problem: 'Hours must be a number' }],
    ['0', { problem: 'Hours must be greater than 0' }],
    ['24.1', { problem: 'Hours must be at most 24' }],
  ])('%s -> %j', (input, expected) => {
    expect(checkDecimal(input, hours)).toEqual(expected);
  });
});

describe('stepDecimal: the − / + buttons and arrow keys', () => {
  it.each([
    ['', 1, '0.1'],
    ['7.2', 1, '7.3'],
    ['7.25', 1, '7.3'],
    ['7.25', -1, '7.2'],
    ['0.1', -1, '0.1'],
    ['24', 1, '24'],
    ['abc', 1, '0.1'],
  ] as const)('%s by %d -> %s', (input, direction, expected) => {
    expect(stepDecimal(input, hours, direction)).toBe(expected);
  });
});

describe('a rule that allows zero (a PO value)', () => {
  const po: DecimalRule = { ...hours, step: '0.01', max: '100', allowZero: true };
  it('takes 0 and refuses a negative value', () => {
    expect(checkDecimal('0', po)).toEqual({ value: '0' });
    expect(checkDecimal('-0.01', po)).toEqual({ problem: po.messages.notPositive });
    expect(checkDecimal('0', hours)).toEqual({ problem: hours.messages.notPositive });
  });
});
