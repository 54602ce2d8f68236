import { Button } from '../../ui/button';
import { Menu, MenuItem } from '../../ui/menu';
import { Tooltip } from '../../ui/tooltip';
import type { CurrentUser } from '../../lib/current-user';

/** The avatar (first letter of the name); its tooltip is the username; its menu has help and logout. */
export function AccountMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Menu
      label="Account"
      trigger={
        <Tooltip content={user.username}>
          <Button variant="icon" className="avatar" aria-label={`Account menu for ${user.name}`}>
            <span aria-hidden="true">{initial}</span>
          </Button>
        </Tooltip>
      }
    >
      <MenuItem id="help" href="/user-help">
        Need Help?
      </MenuItem>
      <MenuItem id="logout" onAction={onLogout}>
        Logout
      </MenuItem>
    </Menu>
  );
}
