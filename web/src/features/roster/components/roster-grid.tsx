import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RosterMatrix } from '@portal/contracts';
import { PHONE_LAYOUT, useMediaQuery } from '../../../lib/use-media-query';
import { cellKey, isTicked, type CellKey, type PendingChanges, type RosterSort } from '../roster-model';

/** Fixed sizes: rows and columns are virtualised, and moving the focus scrolls by arithmetic. */
const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 88;
const PAGE_ROWS = 10;
/** The name column and project columns, wide and on a phone. */
const WIDTHS = { wide: { name: 220, column: 132 }, phone: { name: 136, column: 112 } } as const;

/** Grid coordinates: row 0 is the header row, column 0 the name column. */
interface Cell {
  readonly r: number;
  readonly c: number;
}

export interface RosterGridProps {
  readonly matrix: RosterMatrix;
  /** The row order: indexes into `matrix.people`. */
  readonly rows: readonly number[];
  readonly saved: ReadonlySet<CellKey>;
  readonly pending: PendingChanges;
  readonly canEdit: boolean;
  readonly sort: RosterSort;
  readonly onSort: (clicked: 'name' | number) => void;
  readonly onToggle: (employeeId: number, projectId: number) => void;
  /** The person-project cell that holds (or last held) the focus; null on a header or a name. */
  readonly onActiveCell?: (cell: RosterCellRef | null) => void;
}

/** A person-project cell, named for the page (its History of the focused cell). */
export interface RosterCellRef {
  readonly employeeId: number;
  readonly projectId: number;
  readonly name: string;
}

const cellId = ({ r, c }: Cell) => `${r}:${c}`;

function cellOf(target: EventTarget | null): Cell | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-cell]') : null;
  const [r, c] = (element?.dataset.cell ?? '').split(':').map(Number);
  return element && Number.isInteger(r) && Number.isInteger(c) ? { r, c } : null;
}

/** Where a key moves the focus from `at`; null when the key is not the grid's (Tab out at a row's end). */
function moveFor(event: KeyboardEvent, at: Cell, last: Cell): Cell | null {
  const clamp = (r: number, c: number) => ({
    r: Math.max(0, Math.min(last.r, r)),
    c: Math.max(0, Math.min(last.c, c)),
  });
  switch (event.key) {
    case 'ArrowRight':
      return clamp(at.r, at.c + 1);
    case 'ArrowLeft':
      return clamp(at.r, at.c - 1);
    case 'ArrowDown':
      return clamp(at.r + 1, at.c);
    case 'ArrowUp':
      return clamp(at.r - 1, at.c);
    case 'PageDown':
      return clamp(at.r + PAGE_ROWS, at.c);
    case 'PageUp':
      return clamp(at.r - PAGE_ROWS, at.c);
    case 'Home':
      return event.ctrlKey ? clamp(0, 0) : clamp(at.r, 0);
    case 'End':
      return event.ctrlKey ? clamp(last.r, last.c) : clamp(at.r, last.c);
    case 'Tab':
      if (event.shiftKey) return at.c > 0 ? clamp(at.r, at.c - 1) : null;
      return at.c < last.c ? clamp(at.r, at.c + 1) : null;
    default:
      return null;
  }
}

/**
 * The roster matrix: people (rows) by projects (columns), both virtualised (only what is in view
 * and a margin is in the DOM), the header row and the name column sticky. One cell at a time is in
 * the Tab order (a roving tabindex): arrows, Page Up/Down, Home/End and Tab move it (Tab leaves the
 * grid at a row's end), Space toggles a box. Editors get checkboxes named 'person may bill
 * project'; everyone else reads 'Yes' where a person may bill.
 */
export function RosterGrid({
  matrix,
  rows,
  saved,
  pending,
  canEdit,
  sort,
  onSort,
  onToggle,
  onActiveCell,
}: RosterGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Cell>({ r: 0, c: 0 });
  // The cell the focus is moving to, until it is rendered and focused. Held apart from the render's
  // `active` so a frame that runs before React re-renders still focuses the new cell, not the old.
  const focusPending = useRef<Cell | null>(null);
  const { people, projects } = matrix;
  const { name: nameWidth, column: columnWidth } = WIDTHS[useMediaQuery(PHONE_LAYOUT) ? 'phone' : 'wide'];
  const last: Cell = { r: rows.length, c: projects.length };

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: projects.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => columnWidth,
    overscan: 4,
  });
  // A phone turning (or a window narrowing) changes the column width: measure the columns again.
  useEffect(() => columnVirtualizer.measure(), [columnVirtualizer, columnWidth]);
  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = nameWidth + columnVirtualizer.getTotalSize();

  // A new filter may leave the focus outside the grid's new size.
  const at: Cell = { r: Math.min(active.r, last.r), c: Math.min(active.c, last.c) };
  const activePerson = at.r > 0 ? people[rows[at.r - 1]] : undefined;
  const activeProject = at.c > 0 ? projects[at.c - 1] : undefined;
  useEffect(() => {
    onActiveCell?.(
      activePerson && activeProject
        ? {
            employeeId: activePerson.staffId,
            projectId: activeProject.projectId,
            name: `${activePerson.name} on ${activeProject.name}`,
          }
        : null,
    );
  }, [onActiveCell, activePerson, activeProject]);
  const activeRendered =
    (at.r === 0 || virtualRows.some((v) => v.index === at.r - 1)) &&
    (at.c === 0 || virtualColumns.some((v) => v.index === at.c - 1));

  /** Scrolls so the cell is in view below the sticky header and right of the sticky names. */
  function reveal({ r, c }: Cell) {
    const element = scroller.current;
    if (!element) return;
    if (r > 0) {
      const top = (r - 1) * ROW_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (HEADER_HEIGHT + top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
        element.scrollTop = HEADER_HEIGHT + top + ROW_HEIGHT - element.clientHeight;
    }
    if (c > 0) {
      const left = (c - 1) * columnWidth;
      if (left < element.scrollLeft) element.scrollLeft = left;
      else if (nameWidth + left + columnWidth > element.scrollLeft + element.clientWidth)
        element.scrollLeft = nameWidth + left + columnWidth - element.clientWidth;
    }
  }

  function moveTo(cell: Cell) {
    setActive(cell);
    focusPending.current = cell;
    reveal(cell);
    // Should no render follow the scroll, look again for a few frames.
    let frames = 0;
    const retry = () => {
      if (focusTarget.current()) return;
      if (++frames < 30) requestAnimationFrame(retry);
      else if (focusPending.current === cell) focusPending.current = null; // never rendered: give up
    };
    requestAnimationFrame(retry);
  }

  /** Focuses the cell the focus is moving to, if it is rendered; true when done (or nothing to do). */
  const focusTarget = useRef<() => boolean>(() => true);
  focusTarget.current = () => {
    const target = focusPending.current;
    if (!target) return true;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-cell="${cellId(target)}"]`);
    if (!element) return false;
    focusPending.current = null;
    // The grid has scrolled it into view already; this brings the grid itself into the page's view.
    element.focus();
    return true;
  };

  // After a move, focus the cell once it is rendered (scrolling renders it a frame or two later).
  useEffect(() => {
    focusTarget.current();
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = cellOf(event.target);
    if (!from) return;
    const to = moveFor(event, from, last);
    if (to) {
      event.preventDefault();
      moveTo(to);
    } else if (event.key === ' ' && !(event.target instanceof HTMLInputElement) && from.r > 0 && from.c > 0) {
      event.preventDefault(); // a read-only cell: Space would scroll the page
    }
  }

  const tabIndexOf = (cell: Cell) => (cell.r === at.r && cell.c === at.c ? 0 : -1);
  const nameSort = sort.by === 'name' ? sort.direction : undefined;

  return (
    <div
      ref={scroller}
      className="roster-grid"
      // When the focused cell has scrolled out of the DOM, the grid itself takes Tab and hands on.
      tabIndex={activeRendered ? -1 : 0}
      role="region"
      aria-label="Roster matrix"
      onFocus={(event) => {
        if (event.target === scroller.current) moveTo(at);
      }}
    >
      <div
        role="grid"
        aria-label="Employee - Project Roster"
        aria-rowcount={rows.length + 1}
        aria-colcount={projects.length + 1}
        className="roster-grid__table"
        style={{ width: totalWidth, height: HEADER_HEIGHT + rowVirtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const cell = cellOf(event.target);
          if (cell && (cell.r !== at.r || cell.c !== at.c)) setActive(cell);
        }}
      >
        <div role="row" aria-rowindex={1} className="roster-grid__header" style={{ width: totalWidth }}>
          <div
            role="columnheader"
            aria-colindex={1}
            aria-sort={nameSort ?? 'none'}
            className="roster-grid__corner"
            style={{ width: nameWidth, height: HEADER_HEIGHT }}
          >
            <button
              type="button"
              className="roster-grid__sort"
              data-cell="0:0"
              tabIndex={tabIndexOf({ r: 0, c: 0 })}
              onClick={() => onSort('name')}
            >
              Name {nameSort === 'ascending' ? '▲' : nameSort === 'descending' ? '▼' : ''}
            </button>
          </div>
          {virtualColumns.map((column) => {
            const project = projects[column.index];
            const sorted = sort.by === 'project' && sort.projectId === project.projectId;
            return (
              <div
                key={project.projectId}
                role="columnheader"
                aria-colindex={column.index + 2}
                aria-sort={sorted ? 'other' : 'none'}
                className="roster-grid__column"
                style={{ left: nameWidth + column.start, width: columnWidth, height: HEADER_HEIGHT }}
              >
                <button
                  type="button"
                  className={`roster-grid__sort${sorted ? ' roster-grid__sort--active' : ''}`}
                  data-cell={`0:${column.index + 1}`}
                  tabIndex={tabIndexOf({ r: 0, c: column.index + 1 })}
                  title={`${project.name}: those who can bill it first`}
                  onClick={() => onSort(project.projectId)}
                >
                  {project.name}
                </button>
              </div>
            );
          })}
        </div>
        <div role="rowgroup" className="roster-grid__body" style={{ height: rowVirtualizer.getTotalSize() }}>
          {virtualRows.map((row) => {
            const person = people[rows[row.index]];
            const r = row.index + 1;
            return (
              <div
                key={person.staffId}
                role="row"
                aria-rowindex={r + 1}
                className="roster-grid__row"
                style={{ top: row.start, width: totalWidth, height: ROW_HEIGHT }}
              >
                <div
                  role="rowheader"
                  aria-colindex={1}
                  className="roster-grid__name"
                  style={{ width: nameWidth }}
                  data-cell={`${r}:0`}
                  tabIndex={tabIndexOf({ r, c: 0 })}
                >
                  <span className="roster-grid__name-text" title={person.name}>
                    {person.name}
                  </span>
                </div>
                {virtualColumns.map((column) => {
                  const project = projects[column.index];
                  const key = cellKey(person.staffId, project.projectId);
                  const ticked = isTicked(pending, saved, key);
                  const c = column.index + 1;
                  const here = { r, c };
                  // A read-only cell is itself the focus target; an editor's is its checkbox.
                  return (
                    <div
                      key={project.projectId}
                      role="gridcell"
                      aria-colindex={c + 1}
                      className={`roster-grid__cell${pending.has(key) ? ' roster-grid__cell--pending' : ''}`}
                      style={{ left: nameWidth + column.start, width: columnWidth }}
                      data-cell={canEdit ? undefined : cellId(here)}
                      tabIndex={canEdit ? undefined : tabIndexOf(here)}
                    >
                      {canEdit ? (
                        <input
                          type="checkbox"
                          className="roster-grid__box"
                          aria-label={`${person.name} may bill ${project.name}`}
                          checked={ticked}
                          data-cell={cellId(here)}
                          tabIndex={tabIndexOf(here)}
                          onChange={() => onToggle(person.staffId, project.projectId)}
                        />
                      ) : ticked ? (
                        'Yes'
                      ) : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
