import {
  ONBOARDING_FLAGS,
  ONBOARDING_LABELS,
  onboardingDone,
  type OnboardingChecklist as Checklist,
  type OnboardingFlag,
} from '@portal/contracts';
import { Checkbox } from '../../../ui/checkbox';

/** The 16 yes/no items of spec §3 with the progress 'n of 16' as they are ticked. */
export function OnboardingChecklist({
  checklist,
  onChange,
  isDisabled,
}: {
  readonly checklist: Checklist;
  readonly onChange: (flag: OnboardingFlag, ticked: boolean) => void;
  readonly isDisabled?: boolean;
}) {
  return (
    <fieldset className="staff-form__group">
      <legend>
        Onboarding checklist{' '}
        <span className="staff-form__progress" role="status">
          {onboardingDone(checklist)} of {ONBOARDING_FLAGS.length}
        </span>
      </legend>
      <div className="staff-form__checks">
        {ONBOARDING_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            isSelected={checklist[flag]}
            onChange={(ticked) => onChange(flag, ticked)}
            isDisabled={isDisabled}
          >
            {ONBOARDING_LABELS[flag]}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
}
