import { type Ref, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { NavGroup, NavItem, NavLinkItem, NavSubgroup } from './navigation';

function containsPath(items: readonly NavItem[], path: string): boolean {
  return items.some((item) =>
    item.kind === 'subgroup' ? containsPath(item.items, path) : item.kind === 'link' && item.to === path,
  );
}

function Collapsible({
  label,
  level,
  initiallyOpen,
  children,
}: {
  label: string;
  level: 'group' | 'subgroup';
  initiallyOpen: boolean;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  return (
    <div className={`sidebar__${level}`}>
      <button
        type="button"
        className={`sidebar__${level}-toggle`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{label}</span>
        <span aria-hidden="true" className="sidebar__chevron">
          {open ? '▾' : '▸'}
        </span>
      </button>
      <ul id={panelId} className="sidebar__list" hidden={!open}>
        {children}
      </ul>
    </div>
  );
}

function LinkEntry({ item, onNavigate }: { item: NavLinkItem; onNavigate: () => void }) {
  return (
    <li>
      <NavLink to={item.to} end className="sidebar__link" onClick={onNavigate}>
        <span>{item.label}</span>
        {item.built ? null : (
          <span className="sidebar__soon" aria-label="(coming soon)">
            soon
          </span>
        )}
      </NavLink>
    </li>
  );
}

function Entry({ item, onNavigate, path }: { item: NavItem; onNavigate: () => void; path: string }) {
  if (item.kind === 'link') return <LinkEntry item={item} onNavigate={onNavigate} />;
  if (item.kind === 'external') {
    return (
      <li>
        <a href={item.href} target="_blank" rel="noopener noreferrer" className="sidebar__link">
          <span>{item.label}</span>
          <span aria-label="(opens in a new tab)" className="sidebar__external">
            ↗
          </span>
        </a>
      </li>
    );
  }
  return <SubgroupEntry group={item} onNavigate={onNavigate} path={path} />;
}

function SubgroupEntry({
  group,
  onNavigate,
  path,
}: {
  group: NavSubgroup;
  onNavigate: () => void;
  path: string;
}) {
  return (
    <li>
      <Collapsible label={group.label} level="subgroup" initiallyOpen={containsPath(group.items, path)}>
        {group.items.map((item) => (
          <Entry key={item.label} item={item} onNavigate={onNavigate} path={path} />
        ))}
      </Collapsible>
    </li>
  );
}

/** The left navigation; on small screens it slides in over the page. */
export function Sidebar({
  ref,
  id,
  groups,
  isOpen,
  onNavigate,
}: {
  ref?: Ref<HTMLElement>;
  id: string;
  groups: readonly NavGroup[];
  isOpen: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav ref={ref} id={id} aria-label="Main navigation" className="sidebar" data-open={isOpen || undefined}>
      {groups.map((group) =>
        group.items.length === 1 && group.items[0].kind === 'link' && group.items[0].label === group.label ? (
          <ul key={group.id} className="sidebar__list sidebar__list--top">
            <LinkEntry item={group.items[0]} onNavigate={onNavigate} />
          </ul>
        ) : (
          <Collapsible key={group.id} label={group.label} level="group" initiallyOpen>
            {group.items.map((item) => (
              <Entry key={item.label} item={item} onNavigate={onNavigate} path={pathname} />
            ))}
          </Collapsible>
        ),
      )}
    </nav>
  );
}
