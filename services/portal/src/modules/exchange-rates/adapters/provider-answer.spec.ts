// Fixed dates: a provider's answer, as sent, to parse.
import { parseProviderAnswer, quoteJsonNumbers } from './provider-answer';

describe('quoteJsonNumbers', () => {
  it('turns every number literal into a string of its own text', () => {
    expect(quoteJsonNumbers('{"a": 1.10, "b": [-2, 3e-4], "c": "9.5", "d": true, "e": null}')).toBe(
      '{"a": "1.10", "b": ["-2", "3e-4"], "c": "9.5", "d": true, "e": null}',
    );
  });

  it('leaves digits inside strings alone, escaped quotes included', () => {
    const text = '{"n\\"1": "say \\"42\\"", "x": 7}';
    expect(JSON.parse(quoteJsonNumbers(text))).toEqual({ 'n"1': 'say "42"', x: '7' });
  });
});

describe('parseProviderAnswer', () => {
  it('keeps every digit a float would lose', () => {
    const answer = parseProviderAnswer(
      '{"base":"USD","date":"2026-11-20","rates":{"CAD":1.39120000000000000001,"EUR":"0.9215","INR":83.125}}',
      'USD',
    );
    expect(answer.rates).toEqual({ CAD: '1.39120000000000000001', EUR: '0.9215', INR: '83.125' });
  });

  it('normalises codes and decimals and accepts exponent notation', () => {
    expect(
      parseProviderAnswer('{"base":"cad","rates":{"usd":"0.71880000","jpy":1.2e2}}', 'CAD').rates,
    ).toEqual({ USD: '0.7188', JPY: '120' });
  });

  it('leaves out entries that are not positive decimals', () => {
    expect(
      parseProviderAnswer(
        '{"base":"USD","rates":{"CAD":"abc","EUR":0,"GBP":-1,"AUD":null,"INR":"83.1","TOOLONG":1}}',
        'USD',
      ).rates,
    ).toEqual({ INR: '83.1' });
  });

  it('refuses an answer that is not JSON, for another base, or without rates', () => {
    expect(() => parseProviderAnswer('<html>', 'USD')).toThrow('not JSON');
    expect(() => parseProviderAnswer('{"base":"EUR","rates":{}}', 'USD')).toThrow('base is "EUR", not USD');
    expect(() => parseProviderAnswer('{"base":"USD"}', 'USD')).toThrow('no "rates" object');
    expect(() => parseProviderAnswer('[1]', 'USD')).toThrow();
  });
});
