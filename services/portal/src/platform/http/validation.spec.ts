import { clientRequestSchema, textMessages } from '@portal/contracts';
import { z } from 'zod';
import { DomainError } from '../../kernel/domain-error';
import { parseBody, parseQuery } from './validation';

/** The problems a refused parse answers (400), or 'parsed'. */
function problemsOf(parse: () => unknown): unknown {
  try {
    parse();
    return 'parsed';
  } catch (error) {
    if (error instanceof DomainError && error.code === 'validation') return error.problems;
    throw error;
  }
}

describe('text no schema reads as free text still follows the free-text rule', () => {
  const query = z.object({ service: z.string().optional(), tags: z.array(z.string()).optional() });

  it('refuses a query value with a NUL or a lone surrogate, on its field', () => {
    expect(problemsOf(() => parseQuery(query, { service: 'Storage\u0000' }))).toEqual([
      { path: 'service', message: textMessages.brokenCharacters('service') },
    ]);
    expect(problemsOf(() => parseQuery(query, { tags: ['ok', '\ud800'] }))).toEqual([
      { path: 'tags.1', message: textMessages.brokenCharacters('tags.1') },
    ]);
  });

  it('refuses a key with a broken character', () => {
    const loose = z.record(z.string(), z.number());
    expect(problemsOf(() => parseBody(loose, { ['a\u0000']: 1 }))).toEqual([
      { path: 'a\u0000', message: textMessages.brokenCharacters('A field name') },
    ]);
  });

  it("says a free-text field's problem once, in the field's own words", () => {
    expect(problemsOf(() => parseBody(clientRequestSchema, { name: 'Acme\u0000' }))).toEqual([
      { path: 'name', message: textMessages.brokenCharacters('Client Name') },
    ]);
  });

  it('lets text a person types through', () => {
    expect(problemsOf(() => parseQuery(query, { service: 'Café\t👍🏽', tags: ['a\nb'] }))).toBe('parsed');
  });
});
