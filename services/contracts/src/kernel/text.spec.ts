import {
  characterCount,
  exceedsCharacters,
  freeTextProblem,
  hasBrokenCharacters,
  isEmailAddress,
  limitCharacters,
  textMessages,
} from './text';

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

describe('the free-text rule', () => {
  const CONTROLS = [
    ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i), // DEL and the C1 controls
  ].map((code) => String.fromCharCode(code));

  it.each(CONTROLS.map((c) => [`U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, c]))(
    'refuses the control character %s',
    (_name, control) => {
      expect(hasBrokenCharacters(`a${control}b`)).toBe(true);
    },
  );

  it('refuses a lone surrogate, high or low, wherever it stands', () => {
    for (const broken of [
      '\ud800',
      'a\ud800',
      '\ud800a',
      '\udc00',
      'a\udfffb',
      '😀'.slice(0, 1),
      '😀'.slice(1),
    ]) {
      expect(hasBrokenCharacters(broken)).toBe(true);
    }
  });

  it('lets through what a person types: tab, line breaks, accents, emoji, other scripts', () => {
    for (const text of ['a\tb', 'line 1\nline 2\r\nline 3', 'Café e\u0301', '👩‍👩‍👧 🇨🇦', '東京 Zürich', '']) {
      expect(hasBrokenCharacters(text)).toBe(false);
    }
  });

  it('names the field and the rule, before the length', () => {
    const tooLong = 'Comment must be at most 5 characters';
    expect(freeTextProblem('Comment', 'a\u0000b', 5, tooLong)).toBe(
      'Comment must not contain control characters or broken characters',
    );
    expect(freeTextProblem('Comment', '\ud800'.repeat(9), 5, tooLong)).toBe(
      textMessages.brokenCharacters('Comment'),
    );
    expect(freeTextProblem('Comment', 'abcdef', 5, tooLong)).toBe(tooLong);
    expect(freeTextProblem('Comment', 'abcde', 5, tooLong)).toBeNull();
  });

  it('an e-mail address with a control character is no address', () => {
    expect(isEmailAddress('ada@example.com')).toBe(true);
    expect(isEmailAddress('ada\u0000@example.com')).toBe(false);
    expect(isEmailAddress('ada@exa\ud800mple.com')).toBe(false);
  });
});
