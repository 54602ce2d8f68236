import { csvCell, neutraliseFormula } from './csv-cell';

describe('a CSV cell cannot start a formula (OWASP CSV injection)', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+', '+2+3+cmd|calc', "'+2+3+cmd|calc"],
    ['-', '-2+3+cmd|calc', "'-2+3+cmd|calc"],
    ['@', '@SUM(1+1)*cmd|calc', "'@SUM(1+1)*cmd|calc"],
    ['tab', '\t=1+1', "'\t=1+1"],
    ['carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('a text starting with %s gets a leading single quote', (_start, text, cell) => {
    expect(neutraliseFormula(text).startsWith("'")).toBe(true);
    expect(csvCell(text)).toBe(cell);
  });

  it('a plain number keeps its sign: a spreadsheet reads it as the number and runs nothing', () => {
    expect(['-12.5', '+3', '-7', '40'].map(csvCell)).toEqual(['-12.5', '+3', '-7', '40']);
    expect(csvCell('-1+1')).toBe("'-1+1");
  });

  it('other text is written as it is, quoted when it holds a quote, a comma or a line break', () => {
    expect(csvCell('Site lead')).toBe('Site lead');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('x=1')).toBe('x=1');
  });
});
