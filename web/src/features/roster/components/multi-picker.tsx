import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, Label, Tag, TagGroup, TagList } from 'react-aria-components';
import { ComboBox } from '../../../ui/combo-box';
import type { SelectOption } from '../../../ui/select';

export interface MultiPickerProps {
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly value: readonly number[];
  readonly onChange: (ids: number[]) => void;
}

/**
 * A multi-select over many choices (a firm's 1,500 projects): type to narrow, choose to add; the
 * chosen ones show as tags below, each with a remove button. The text box empties after each
 * choice and keeps the focus, so several can be added in a row.
 */
export function MultiPicker({ label, options, value, onChange }: MultiPickerProps) {
  const [round, setRound] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const chosen = new Set(value);
  const names = new Map(options.map((o) => [Number(o.id), o.name]));

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    box.current?.querySelector('input')?.focus();
  }, [round]);

  return (
    <div className="roster-picker">
      <div ref={box}>
        <ComboBox
          key={round}
          label={label}
          options={options.filter((o) => !chosen.has(Number(o.id)))}
          value={null}
          placeholder={value.length > 0 ? `Add to ${value.length} chosen` : 'All'}
          onChange={(key) => {
            if (key === null) return;
            onChange([...value, Number(key)]);
            refocus.current = true;
            setRound((n) => n + 1);
          }}
        />
      </div>
      {value.length > 0 ? (
        <TagGroup
          className="roster-picker__tags"
          onRemove={(keys) => onChange(value.filter((id) => !keys.has(id)))}
        >
          <Label className="visually-hidden">{`Chosen ${label.toLowerCase()}`}</Label>
          <TagList className="roster-picker__list">
            {value.map((id) => (
              <Tag key={id} id={id} textValue={names.get(id) ?? String(id)} className="roster-picker__tag">
                {names.get(id) ?? id}
                <AriaButton
                  slot="remove"
                  className="roster-picker__remove"
                  aria-label={`Remove ${names.get(id) ?? id}`}
                >
                  ×
                </AriaButton>
              </Tag>
            ))}
          </TagList>
        </TagGroup>
      ) : null}
    </div>
  );
}
