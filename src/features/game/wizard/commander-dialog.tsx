/** The commander selection modal of the layout page: a commander and an optional partner. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { CommanderField } from './commander-field';

interface CommanderDialogProps {
  /** Whose commander is chosen; null closes the dialog. */
  playerName: string | null;
  commanderName: string;
  partnerCommanderName: string;
  onSave(commanderName: string, partnerCommanderName: string | null): void;
  onClose(): void;
}

function CommanderForm({ playerName, commanderName, partnerCommanderName, onSave, onClose }: CommanderDialogProps & { playerName: string }) {
  const [commander, setCommander] = useState(commanderName);
  const [partner, setPartner] = useState(partnerCommanderName);

  function submit(event: FormEvent) {
    event.preventDefault();
    // A partner alone leads as the commander.
    const lead = commander.trim() || partner.trim();
    const second = commander.trim() ? partner.trim() : '';
    onSave(lead, second || null);
    onClose();
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Dialog.Title>Choose commander</Dialog.Title>
      <Dialog.Description className="muted">For {playerName}.</Dialog.Description>
      <CommanderField id="dialog-commander" label="Commander" value={commander} onChange={setCommander} />
      <CommanderField id="dialog-partner" label="Partner commander" partner value={partner} onChange={setPartner} />
      <div className="dialog-actions">
        <Dialog.Close type="button" className="button button--secondary">
          Cancel
        </Dialog.Close>
        <button type="submit" className="button">
          Save
        </button>
      </div>
    </form>
  );
}

export function CommanderDialog(props: CommanderDialogProps) {
  const { playerName, onClose } = props;
  return (
    <Dialog.Root open={playerName !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          {/* Mounted per opening, so the fields start from the player's current commanders. */}
          {playerName !== null ? <CommanderForm {...props} playerName={playerName} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
