/**
 * Leaving a game: the seat stays at the table for the others as a guest seat with
 * my name; the game leaves my lists and I hear no more of it. Queued like every write: the game
 * goes from this device at once, and the dashboard is where the player lands.
 */
import { useNavigate } from '@tanstack/react-router';
import { actions } from '../../../sync/app';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export const LeaveGameText = {
  title: 'Leave this game?',
  description: 'Your seat stays at the table for the others, under your name. The game leaves your lists.',
  confirm: 'Leave game',
} as const;

export function LeaveGameDialog({ open, gameId, onClose }: { open: boolean; gameId: string; onClose(): void }) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      title={LeaveGameText.title}
      description={LeaveGameText.description}
      confirmLabel={LeaveGameText.confirm}
      danger
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void actions.mutate('game.leave', { gameId }).then(() => navigate({ to: '/dashboard' }));
      }}
    />
  );
}
