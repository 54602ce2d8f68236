import { useId, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { useLogout } from '../../features/auth';
import type { CurrentUser } from '../../lib/current-user';
import { brandFor } from '../../lib/brand';
import { BrandLogo } from '../../ui/brand-logo';
import { Button } from '../../ui/button';
import { AccountMenu } from './account-menu';
import { navigationFor } from './navigation';
import { Sidebar } from './sidebar';

/** Every route but '/': left sidebar and top bar around the page. */
export function AppShell({ user }: { user: CurrentUser }) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const navigate = useNavigate();
  const logout = useLogout();
  const brand = brandFor(user.userType);

  return (
    <div className="shell" data-sidebar-open={sidebarOpen || undefined}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Button
          variant="icon"
          className="topbar__menu-toggle"
          aria-label="Navigation menu"
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          onPress={() => setSidebarOpen((open) => !open)}
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
        id={sidebarId}
        groups={navigationFor(user.isAdmin)}
        isOpen={sidebarOpen}
        onNavigate={() => setSidebarOpen(false)}
      />
      {sidebarOpen ? (
        <div className="shell__scrim" aria-hidden="true" onClick={() => setSidebarOpen(false)} />
      ) : null}
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
