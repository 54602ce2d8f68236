import type { RecentCombination } from '@portal/contracts';
import { Button } from '../../../ui/button';

/** "Pipeline Integrity Review / Phase 2: Survey", as a recent combination's button reads. */
export function combinationLabel(combination: RecentCombination): string {
  const project = combination.subProjectName
    ? `${combination.projectName} / ${combination.subProjectName}`
    : combination.projectName;
  return `${project}: ${combination.activity}`;
}

/**
 * The person's recent combinations of project, sub-project and activity, offered before the
 * project list: one press fills the project, the sub-project and the days' comments.
 */
export function RecentCombinations({
  combinations,
  onChoose,
}: {
  combinations: readonly RecentCombination[];
  onChoose: (combination: RecentCombination) => void;
}) {
  if (combinations.length === 0) return null;
  return (
    <div className="entry-form__recent" role="group" aria-labelledby="entry-form-recent-title">
      <p id="entry-form-recent-title" className="entry-form__recent-title">
        Recent
      </p>
      <div className="entry-form__recent-list">
        {combinations.map((combination) => (
          <Button
            key={`${combination.projectId}/${combination.subProjectId ?? ''}/${combination.activity}`}
            variant="secondary"
            className="entry-form__recent-choice"
            onPress={() => onChoose(combination)}
          >
            {combinationLabel(combination)}
          </Button>
        ))}
      </div>
    </div>
  );
}
