import { useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../../features/auth/session';
import type { CurrentUser } from '../../lib/current-user';
import { brandFor } from '../../lib/brand';
import { useMediaQuery } from '../../lib/use-media-query';
import { BrandLogo } from '../../ui/brand-logo';
import { Button } from '../../ui/button';
import { NewVersionNotice, WaitingToSend } from '../../ui/offline';
import { AccountMenu } from './account-menu';
import { NARROW_SCREEN, navigationFor } from './navigation';
import { Sidebar } from './sidebar';

/**
 * On a narrow screen the sidebar is a drawer over the page: opening it moves focus to its first
 * link and makes the page behind inert; Escape closes it and returns focus to the menu button;
 * following a link (or any change of route) closes it and puts focus on the page.
 */
function useDrawer() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const isOpen = open && narrow;
  // Where focus goes once the drawer has closed (the page is no longer inert by then).
  const focusAfterClose = useRef<HTMLElement | null>(null);

  // A new page (or a screen grown wide) closes the drawer.
  useEffect(() => setOpen(false), [pathname, narrow]);

  useEffect(() => {
    if (!isOpen) {
      focusAfterClose.current?.focus({ preventScroll: true });
      focusAfterClose.current = null;
      return;
    }
    drawer.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusAfterClose.current = toggle.current;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  return {
    isOpen,
    refs: { toggle, drawer, main },
    toggle: () => setOpen((value) => !value),
    close: () => setOpen(false),
    /** After a link in the drawer: the drawer closes and focus moves to the page it opened. */
    followed: () => {
      if (isOpen) focusAfterClose.current = main.current;
      setOpen(false);
    },
  };
}

/** Every route but '/': left sidebar and top bar around the page. */
export function AppShell({ user }: { user: CurrentUser }) {
  const drawer = useDrawer();
  const sidebarId = useId();
  const navigate = useNavigate();
  const logout = useLogout();
  const brand = brandFor(user.userType);

  return (
    <div className="shell" data-sidebar-open={drawer.isOpen || undefined}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Button
          ref={drawer.refs.toggle}
          variant="icon"
          className="topbar__menu-toggle"
          aria-label="Navigation menu"
          aria-expanded={drawer.isOpen}
          aria-controls={sidebarId}
          onPress={drawer.toggle}
        >
          <span aria-hidden="true">☰</span>
        </Button>
        <Link to="/" className="topbar__brand">
          <BrandLogo brand={brand.id} />
        </Link>
        <div className="topbar__spacer" />
        <span className="topbar__user">{user.name}</span>
        <AccountMenu
          user={user}
          onLogout={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
        />
      </header>
      <Sidebar
        ref={drawer.refs.drawer}
        id={sidebarId}
        groups={navigationFor(user.isAdmin, user.canEditRoster, user.isAuditor)}
        isOpen={drawer.isOpen}
        onNavigate={drawer.followed}
      />
      {drawer.isOpen ? <div className="shell__scrim" aria-hidden="true" onClick={drawer.close} /> : null}
      <main ref={drawer.refs.main} id="main" className="shell__main" tabIndex={-1} inert={drawer.isOpen}>
        <NewVersionNotice />
        <WaitingToSend />
        <Outlet />
      </main>
    </div>
  );
}
