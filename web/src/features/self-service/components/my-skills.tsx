import { useState } from 'react';
import { SKILL_LEVEL_NAMES, SKILLS, skillMessages, type MySkill } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { EmptyState, QueryState } from '../../../ui/query-state';
import { Select } from '../../../ui/select';
import { showToast } from '../../../ui/toast';
import { useAssessSkill, useMySkills, useRemoveSkill } from '../api/skills-api';

const LEVELS = [1, 2, 3, 4, 5].map((n) => ({ id: String(n), name: `${n} – ${SKILL_LEVEL_NAMES[n]}` }));

/** One rated skill: its level can be changed in place, or the skill removed. */
function SkillRow({ skill }: { skill: MySkill }) {
  const assess = useAssessSkill();
  const remove = useRemoveSkill();
  return (
    <li className="my-skills__row">
      <Select
        label={`${skill.name} level`}
        options={LEVELS}
        value={String(skill.level)}
        isDisabled={assess.isPending}
        onChange={(key) => {
          if (key === null || Number(key) === skill.level) return;
          assess.mutate(
            { skill: skill.skill, level: Number(key) },
            {
              onSuccess: () => showToast(`${skill.name} set to ${key}.`, 'success'),
              onError: (error) => showToast(errorMessage(error), 'danger'),
            },
          );
        }}
      />
      <Button
        variant="secondary"
        aria-label={`Remove ${skill.name}`}
        isPending={remove.isPending}
        onPress={() =>
          remove.mutate(skill.skill, {
            onSuccess: () => showToast(`${skill.name} removed.`, 'success'),
            onError: (error) => showToast(errorMessage(error), 'danger'),
          })
        }
      >
        Remove
      </Button>
    </li>
  );
}

/** The profile's 'My skills': add a skill of the firm's list with a level 1 to 5, change, remove. */
export function MySkills() {
  const skills = useMySkills();
  const assess = useAssessSkill();
  const [skill, setSkill] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ skill?: string; level?: string }>({});
  const rated = new Set((skills.data ?? []).map((s) => s.skill));
  const choices = SKILLS.filter((s) => !rated.has(s.code)).map((s) => ({ id: s.code, name: s.name }));

  const add = () => {
    const problems = {
      skill: skill ? undefined : skillMessages.skillRequired,
      level: level ? undefined : skillMessages.levelRequired,
    };
    setErrors(problems);
    if (!skill || !level) return;
    assess.mutate(
      { skill, level: Number(level) },
      {
        onSuccess: () => {
          setSkill(null);
          setLevel(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.problems.length > 0)
            setErrors({ skill: error.problemAt('skill'), level: error.problemAt('level') });
          else showToast(errorMessage(error), 'danger');
        },
      },
    );
  };

  return (
    <section className="card my-skills" aria-labelledby="my-skills-title">
      <h2 id="my-skills-title" className="card__title">
        My skills
      </h2>
      <p className="muted">
        Rate yourself from 1 (beginner) to 5 (expert); the admins see it in the skills matrix.
      </p>
      <QueryState
        query={skills}
        what="your skills"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>You have not rated any skill yet.</EmptyState>}
      >
        {(list) => (
          <ul className="my-skills__list" aria-label="Your rated skills">
            {list.map((s) => (
              <SkillRow key={s.skill} skill={s} />
            ))}
          </ul>
        )}
      </QueryState>
      {/* A group, not a form: an invalid select would hold a native submit back (react-aria sets its validity). */}
      <div className="my-skills__add" role="group" aria-label="Add a skill">
        <Select
          label="Skill"
          options={choices}
          value={skill}
          placeholder="Choose a skill"
          onChange={(key) => {
            setSkill(key === null ? null : String(key));
            setErrors((e) => ({ ...e, skill: undefined }));
          }}
          errorMessage={errors.skill}
        />
        <Select
          label="Level"
          options={LEVELS}
          value={level}
          placeholder="Choose a level"
          onChange={(key) => {
            setLevel(key === null ? null : String(key));
            setErrors((e) => ({ ...e, level: undefined }));
          }}
          errorMessage={errors.level}
        />
        <Button onPress={add} isPending={assess.isPending}>
          Add skill
        </Button>
      </div>
    </section>
  );
}
