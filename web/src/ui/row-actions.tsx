import { Button } from './button';

export interface RowActionsProps {
  /** Approved rows show the badge instead of the buttons. */
  readonly isApproved: boolean;
  readonly approvedLabel: string;
  /** Completes the buttons' names: 'Edit {what}', 'Delete {what}'. */
  readonly what: string;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
}

/** The edit and delete icon buttons of a saved row (or its Approved badge). */
export function RowActions({ isApproved, approvedLabel, what, onEdit, onDelete }: RowActionsProps) {
  if (isApproved) return <span className="badge badge--success">{approvedLabel}</span>;
  return (
    <div className="row-actions">
      <Button variant="icon" aria-label={`Edit ${what}`} onPress={onEdit}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path
            d="M3 14.5V17h2.5l8-8-2.5-2.5-8 8zM15.7 6.8a.9.9 0 0 0 0-1.3l-1.2-1.2a.9.9 0 0 0-1.3 0l-1 1 2.5 2.5 1-1z"
            fill="currentColor"
          />
        </svg>
      </Button>
      <Button variant="icon" className="btn--danger-icon" aria-label={`Delete ${what}`} onPress={onDelete}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M6 6h8l-.7 11H6.7L6 6zm2-3h4l1 1h3v2H4V4h3l1-1z" fill="currentColor" />
        </svg>
      </Button>
    </div>
  );
}
