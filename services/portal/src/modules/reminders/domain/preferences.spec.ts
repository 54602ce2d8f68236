import { preferencesDecider } from './preferences';

describe('reminder preferences', () => {
  const off = {
    type: 'SetReminderPreferences',
    staffId: 3,
    preferences: { missingTimeEmail: false },
  } as const;

  it('starts with the missing-time mail on and records turning it off, before -> after', () => {
    const state = preferencesDecider.initialState();
    expect(state).toEqual({ missingTimeEmail: true });
    expect(preferencesDecider.decide(off, state)).toEqual([
      {
        type: 'ReminderPreferenceChanged',
        data: { staffId: 3, before: { missingTimeEmail: true }, after: { missingTimeEmail: false } },
      },
    ]);
  });

  it('records nothing when the choice is what it already is, and turns it back on', () => {
    const state = preferencesDecider
      .decide(off, preferencesDecider.initialState())
      .reduce(preferencesDecider.evolve, preferencesDecider.initialState());
    expect(state).toEqual({ missingTimeEmail: false });
    expect(preferencesDecider.decide(off, state)).toEqual([]);
    const on = { ...off, preferences: { missingTimeEmail: true } };
    expect(preferencesDecider.decide(on, state)[0]?.data).toEqual({
      staffId: 3,
      before: { missingTimeEmail: false },
      after: { missingTimeEmail: true },
    });
  });
});
