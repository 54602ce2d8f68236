import { describe, expect, it } from '@jest/globals';
import { columnArrays } from './column-arrays';

describe('columnArrays', () => {
  it("turns rows into one array per column, each in the rows' order", () => {
    expect(
      columnArrays([
        ['e1', 7, null],
        ['e2', 8, 'late'],
      ]),
    ).toEqual([
      ['e1', 'e2'],
      [7, 8],
      [null, 'late'],
    ]);
  });

  it('answers no columns for no rows', () => {
    expect(columnArrays([])).toEqual([]);
  });
});
