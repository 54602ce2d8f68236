import { characterCount, exceedsCharacters, limitCharacters } from './text';

describe('characters as a person sees them (grapheme clusters)', () => {
  it('counts an emoji, a flag, a family and an accented letter as one character each', () => {
    expect(characterCount('😀')).toBe(1);
    expect(characterCount('🇨🇦')).toBe(1);
    expect(characterCount('👩‍👩‍👧')).toBe(1);
    expect(characterCount('e\u0301')).toBe(1); // e + combining acute accent
    expect(characterCount('Café 😀!')).toBe(7);
    expect(characterCount('')).toBe(0);
  });

  it('stops counting at the bound it is given', () => {
    expect(characterCount('😀'.repeat(1000), 51)).toBe(51);
    expect(characterCount('x'.repeat(1000), 51)).toBe(51);
  });

  it('tells whether a text is over a limit', () => {
    expect(exceedsCharacters('😀'.repeat(50), 50)).toBe(false);
    expect(exceedsCharacters('😀'.repeat(51), 50)).toBe(true);
    expect(exceedsCharacters('x'.repeat(51), 50)).toBe(true);
  });

  it('cuts a text to a limit without splitting a character', () => {
    expect(limitCharacters('👍🏽'.repeat(3), 2)).toBe('👍🏽👍🏽');
    expect(limitCharacters('ab🇨🇦cd', 3)).toBe('ab🇨🇦');
    expect(limitCharacters('short', 50)).toBe('short');
  });
});
