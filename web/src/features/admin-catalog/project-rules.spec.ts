import { describe, expect, it } from '@jest/globals';
import { deleteOutcomeMessage } from './project-rules';

describe('deleteOutcomeMessage', () => {
  it('says what the delete did: removed, deactivated, or nothing for a project already inactive', () => {
    expect(deleteOutcomeMessage('Harbour', 'removed')).toBe('Project Harbour has been deleted.');
    expect(deleteOutcomeMessage('Harbour', 'deactivated')).toBe(
      'Project Harbour has recorded history: it has been deactivated.',
    );
    expect(deleteOutcomeMessage('Harbour', 'unchanged')).toBe(
      'Project Harbour has recorded history and is already inactive: nothing was changed.',
    );
  });
});
