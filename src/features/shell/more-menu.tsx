/**
 * The More menu of the bottom navigation (the spec's navigation): notifications, install (only
 * with a captured prompt), theme, the version label and logout. Items that open a dialog
 * only report the choice; the dialogs live outside the menu so focus returns correctly.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { APP_VERSION_LABEL } from '../../contract/limits';
import { promptInstall } from '../../pwa/install-prompt';
import { useUiStore } from '../../stores/ui';
import { MoreIcon } from './icons';

interface MoreMenuProps {
  onNotifications(): void;
  onLogout(): void;
}

export function MoreMenu({ onNotifications, onLogout }: MoreMenuProps) {
  const canInstall = useUiStore((state) => state.installPrompt !== null);
  const theme = useUiStore((state) => state.theme);
  const toggleTheme = useUiStore((state) => state.toggleTheme);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="nav-item">
        <MoreIcon />
        <span>More</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="top" align="end" sideOffset={8}>
          <DropdownMenu.Item className="menu-item" onSelect={onNotifications}>
            Notifications
          </DropdownMenu.Item>
          {canInstall ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => void promptInstall()}>
              Install app
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className="menu-item" onSelect={toggleTheme}>
            {theme === 'dark' ? 'Light theme' : 'Dark theme'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item menu-item--danger" onSelect={onLogout}>
            Logout
          </DropdownMenu.Item>
          <DropdownMenu.Label className="menu-label">Version {APP_VERSION_LABEL}</DropdownMenu.Label>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
