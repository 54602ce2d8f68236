import { AUDIT_EVENT_TYPES } from './audit-filters';
import { auditMessages, auditSearchQuerySchema } from './audit';

describe('the audit search takes event types from its list only', () => {
  it('takes each listed type, trimmed, and none when blank', () => {
    for (const type of AUDIT_EVENT_TYPES) {
      expect(auditSearchQuerySchema.parse({ type: ` ${type} ` }).type).toBe(type);
    }
    expect(auditSearchQuerySchema.parse({ type: '' }).type).toBeNull();
  });

  it.each([['expensecorrected'], ['Expense corrected'], ['DROP TABLE'], ['ExpenseCorrected2']])(
    'refuses %s with a message on type',
    (type) => {
      const parsed = auditSearchQuerySchema.safeParse({ type });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['type', auditMessages.eventType],
      ]);
    },
  );
});
