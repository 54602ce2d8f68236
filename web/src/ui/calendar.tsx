import { useRef } from 'react';
import { type CalendarDate, parseDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';
import { businessToday } from '../lib/business-day';

export interface MultiDateCalendarProps {
  /** Accessible name of the calendar grid. */
  readonly label: string;
  /** Selected days, 'YYYY-MM-DD'. */
  readonly value: readonly string[];
  readonly onChange: (days: string[]) => void;
  /** First and last selectable day, 'YYYY-MM-DD'. */
  readonly minValue: string;
  readonly maxValue: string;
  /** The day whose month shows first (today), 'YYYY-MM-DD'. */
  readonly focusDay: string;
  /**
   * Days to mark, 'YYYY-MM-DD' -> what the mark says (e.g. 'On leave (Vacation)'): shown on the
   * day and added to its accessible name. Marked days stay selectable.
   */
  readonly marks?: ReadonlyMap<string, string>;
}

/** How react-aria begins the accessible name of the day it takes for today. */
const TODAY_PREFIX = 'Today, ';

/**
 * A day of the grid. Today is the owner's business day (businessToday()), not the browser's: the
 * accessible name says "Today" on that day only and a ring marks it. A marked day says its mark
 * after the date in its accessible name and shows a dot and a tooltip.
 */
function DayCell({ date, mark }: { date: CalendarDate; mark: string | undefined }) {
  const isBusinessToday = date.toString() === businessToday();
  const className = [
    'calendar__cell',
    mark !== undefined && 'calendar__cell--marked',
    isBusinessToday && 'calendar__cell--today',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <CalendarCell
      date={date}
      className={className}
      render={(props, { isToday }) => {
        let label = props['aria-label'] ?? date.toString();
        if (isToday && !isBusinessToday && label.startsWith(TODAY_PREFIX))
          label = label.slice(TODAY_PREFIX.length);
        if (isBusinessToday && !isToday) label = `${TODAY_PREFIX}${label}`;
        if (mark !== undefined) label = `${label}, ${mark}`;
        return (
          <div
            {...props}
            aria-label={label}
            title={mark}
            aria-current={isBusinessToday ? 'date' : undefined}
          />
        );
      }}
    />
  );
}

function daysFrom(a: CalendarDate, b: CalendarDate): string[] {
  const [first, last] = a.compare(b) <= 0 ? [a, b] : [b, a];
  const days: string[] = [];
  for (let day = first; day.compare(last) <= 0; day = day.add({ days: 1 })) days.push(day.toString());
  return days;
}

/**
 * A month calendar where a click (or Enter/Space) toggles a day and Shift+click adds every day
 * from the last clicked day to this one. Weeks start on Monday.
 */
export function MultiDateCalendar({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  focusDay,
  marks,
}: MultiDateCalendarProps) {
  const shiftHeld = useRef(false);
  const lastToggled = useRef<CalendarDate | null>(null);
  const selected = value.map((day) => parseDate(day));
  const min = parseDate(minValue);
  const max = parseDate(maxValue);

  const handleChange = (next: readonly CalendarDate[]) => {
    const before = new Set(value);
    const after = new Set(next.map((d) => d.toString()));
    const toggled =
      next.find((d) => !before.has(d.toString())) ?? selected.find((d) => !after.has(d.toString()));
    if (toggled && shiftHeld.current && lastToggled.current) {
      for (const day of daysFrom(lastToggled.current, toggled)) {
        if (day >= minValue && day <= maxValue) after.add(day);
      }
    }
    if (toggled) lastToggled.current = toggled;
    onChange([...after].sort());
  };

  return (
    <div
      className="calendar-frame"
      onPointerDownCapture={(event) => {
        shiftHeld.current = event.shiftKey;
      }}
      onKeyDownCapture={(event) => {
        shiftHeld.current = event.shiftKey;
      }}
    >
      <AriaCalendar
        aria-label={label}
        selectionMode="multiple"
        value={selected}
        onChange={(next) => handleChange(next as readonly CalendarDate[])}
        defaultFocusedValue={parseDate(focusDay)}
        minValue={min}
        maxValue={max}
        firstDayOfWeek="mon"
        className="calendar"
      >
        <header className="calendar__header">
          <AriaButton slot="previous" className="btn btn--icon" aria-label="Previous month">
            ‹
          </AriaButton>
          <Heading className="calendar__heading" />
          <AriaButton slot="next" className="btn btn--icon" aria-label="Next month">
            ›
          </AriaButton>
        </header>
        <CalendarGrid className="calendar__grid">
          <CalendarGridHeader>
            {(day) => <CalendarHeaderCell className="calendar__weekday">{day}</CalendarHeaderCell>}
          </CalendarGridHeader>
          <CalendarGridBody>
            {(date) => <DayCell date={date} mark={marks?.get(date.toString())} />}
          </CalendarGridBody>
        </CalendarGrid>
      </AriaCalendar>
      <p className="calendar__hint">
        Click a day (or press Enter) to add or remove it; Shift+click (Shift+Enter) adds the range from the
        last day chosen.
      </p>
    </div>
  );
}
