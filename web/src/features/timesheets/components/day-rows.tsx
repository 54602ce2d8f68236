import {
  COMMENT_MAX_LENGTH,
  limitCharacters,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
} from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { NumberField } from '../../../ui/number-field';
import { TextField } from '../../../ui/text-field';
import type { FieldErrors } from '../../../lib/form-errors';

export interface DayEntry {
  readonly date: string;
  /** NaN while empty. */
  readonly hours: number;
  readonly overtimeHours: number;
  readonly comment: string;
}

export interface DayRowsProps {
  readonly days: readonly DayEntry[];
  readonly showOvertime: boolean;
  readonly hoursStep: number;
  readonly errors: FieldErrors;
  readonly onChange: (index: number, change: Partial<DayEntry>) => void;
  readonly onRemove: (index: number) => void;
}

/** One row per selected day: hours, overtime (when allowed) and the required comment. */
export function DayRows({ days, showOvertime, hoursStep, errors, onChange, onRemove }: DayRowsProps) {
  if (days.length === 0) {
    return <p className="day-rows__empty muted">Choose days in the calendar to enter hours.</p>;
  }
  return (
    <table className="day-rows">
      <caption className="visually-hidden">Selected days</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">{label.hours}</th>
          {showOvertime ? <th scope="col">{label.overtimeHours}</th> : null}
          <th scope="col">{label.comment}</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((day, index) => (
          <tr key={day.date}>
            <th scope="row" className="day-rows__date">
              <time dateTime={day.date}>{formatTableDate(day.date)}</time>
              {errors[`items.${index}.date`] ? (
                <span className="field__error">{errors[`items.${index}.date`]}</span>
              ) : null}
            </th>
            <td data-label={label.hours}>
              <NumberField
                label={`${label.hours} for ${day.date}`}
                hideLabel
                value={day.hours}
                onChange={(hours) => onChange(index, { hours })}
                step={hoursStep}
                minValue={0}
                errorMessage={errors[`items.${index}.hours`]}
              />
            </td>
            {showOvertime ? (
              <td data-label={label.overtimeHours}>
                <NumberField
                  label={`${label.overtimeHours} for ${day.date}`}
                  hideLabel
                  value={day.overtimeHours}
                  onChange={(overtimeHours) => onChange(index, { overtimeHours })}
                  step={hoursStep}
                  minValue={0}
                  errorMessage={errors[`items.${index}.overtimeHours`]}
                />
              </td>
            ) : null}
            <td data-label={label.comment} className="day-rows__comment">
              <TextField
                label={`${label.comment} for ${day.date}`}
                hideLabel
                placeholder={msg.commentPlaceholder}
                value={day.comment}
                onChange={(comment) =>
                  onChange(index, { comment: limitCharacters(comment, COMMENT_MAX_LENGTH) })
                }
                errorMessage={errors[`items.${index}.comment`]}
              />
            </td>
            <td>
              <Button
                variant="icon"
                className="btn--danger-icon"
                aria-label={`Remove ${day.date}`}
                onPress={() => onRemove(index)}
              >
                ×
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
