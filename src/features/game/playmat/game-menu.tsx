/**
 * The game menu of the playmat: the recent events, the table tools, letting someone join, the
 * read-only TV view (a link for a TV or a tablet), pausing or resuming the
 * clocks, the view (my seat at the bottom, or the table from the middle), End game, the summary
 * of an ended game, and a way out to the dashboard while the game goes on (an installed app on
 * iOS has no back button).
 * Items that open a sheet only report the choice; the sheets live outside the menu so focus
 * returns correctly.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '@tanstack/react-router';
import { PAUSE_CLOCK, RESUME_CLOCK } from '../texts';
import { MenuIcon } from './table/icons';
import type { TableView } from './use-table-view';

export type GameSheet = 'events' | 'tools' | 'end' | 'leave' | 'join' | 'watch';

interface GameMenuProps {
  live: boolean;
  view: TableView | null;
  onOpen(sheet: GameSheet): void;
  onView(view: TableView): void;
  onSummary?: () => void;
  /** Shown to account players other than the creator (who deletes instead). */
  canLeave?: boolean;
  /** Whether the clocks are paused, and how to pause or resume them (a live game only). */
  paused?: boolean;
  onClock?: (action: 'pause' | 'resume') => void;
}

export function GameMenu({ live, view, onOpen, onView, onSummary, canLeave, paused, onClock }: GameMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="bar-button" aria-label="Game menu">
        <MenuIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="bottom" align="start" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Item className="menu-item" onSelect={() => onOpen('events')}>
            Recent events
          </DropdownMenu.Item>
          {live ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => onOpen('tools')}>
              Table tools
            </DropdownMenu.Item>
          ) : null}
          {live ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => onOpen('join')}>
              Let someone join
            </DropdownMenu.Item>
          ) : null}
          {live ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => onOpen('watch')}>
              TV view
            </DropdownMenu.Item>
          ) : null}
          {live && onClock ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => onClock(paused ? 'resume' : 'pause')}>
              {paused ? RESUME_CLOCK : PAUSE_CLOCK}
            </DropdownMenu.Item>
          ) : null}
          {view === 'middle' ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => onView('mine')}>
              My seat at the bottom
            </DropdownMenu.Item>
          ) : null}
          {view === 'mine' ? (
            <DropdownMenu.Item className="menu-item" onSelect={() => onView('middle')}>
              Phone in the middle of the table
            </DropdownMenu.Item>
          ) : null}
          {onSummary ? (
            <DropdownMenu.Item className="menu-item" onSelect={onSummary}>
              Game summary
            </DropdownMenu.Item>
          ) : null}
          {live ? (
            <DropdownMenu.Item className="menu-item menu-item--danger" onSelect={() => onOpen('end')}>
              End game
            </DropdownMenu.Item>
          ) : null}
          {canLeave ? (
            <DropdownMenu.Item className="menu-item menu-item--danger" onSelect={() => onOpen('leave')}>
              Leave this game
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={() => void navigate({ to: '/dashboard' })}>
            {live ? 'Leave to dashboard (the game goes on)' : 'Back to dashboard'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
