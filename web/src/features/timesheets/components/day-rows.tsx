import {
  COMMENT_MAX_LENGTH,
  type DecimalRule,
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
  /** Decimal text, '' while empty. */
  readonly hours: string;
  readonly overtimeHours: string;
  readonly comment: string;
}

export interface DayRowsProps {
  readonly days: readonly DayEntry[];
  readonly showOvertime: boolean;
  readonly hoursRule: DecimalRule;
  readonly overtimeRule: DecimalRule;
  readonly errors: FieldErrors;
  readonly onChange: (index: number, change: Partial<DayEntry>) => void;
  readonly onRemove: (index: number) => void;
}

/** One row per selected day: hours, overtime (when allowed) and the required comment. */
export function DayRows(props: DayRowsProps) {
  const { days, showOvertime, hoursRule, overtimeRule, errors, onChange, onRemove } = props;
  if (days.length === 0) {
    return <p className="day-rows__empty muted">Choose days in the calendar to enter hours.</p>;
  }
  return (
    <table className="day-rows">
      <caption className="visually-hidden">Selected days</caption>
      <colgroup>
        <col className="day-rows__date-col" />
        <col className="day-rows__hours-col" />
        {showOvertime ? <col className="day-rows__hours-col" /> : null}
        <col />
        <col className="day-rows__remove-col" />
      </colgroup>
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
            <td data-label={label.hours} className="day-rows__hours">
              <NumberField
                label={`${label.hours} for ${day.date}`}
                hideLabel
                value={day.hours}
                onChange={(hours) => onChange(index, { hours })}
                rule={hoursRule}
                errorMessage={errors[`items.${index}.hours`]}
              />
            </td>
            {showOvertime ? (
              <td data-label={label.overtimeHours} className="day-rows__overtime">
                <NumberField
                  label={`${label.overtimeHours} for ${day.date}`}
                  hideLabel
                  value={day.overtimeHours}
                  onChange={(overtimeHours) => onChange(index, { overtimeHours })}
                  rule={overtimeRule}
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
            <td className="day-rows__remove">
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
