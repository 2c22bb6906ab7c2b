/**
 * One message of a direct or pod chat: its bubble (the text, or 'Message deleted' once deleted),
 * the time with 'edited' once edited, the pending mark while a write about it waits, and the
 * refused write with Retry / Discard. On the user's own messages a "Message actions" button
 * offers Edit (an inline editor under the composer's rules: at most MESSAGE_MAX_LENGTH
 * characters, the count near the limit; Enter saves, Shift+Enter starts a new line, Escape
 * cancels) and Delete (after 'Delete this message?'). Edits and deletions are queued writes like
 * a send (the outbox): they show at once, wait offline, and are marked pending until the server
 * takes them. A deleted message, one being edited and one whose send was refused offer no actions.
 * Its place in the thread (message-runs.ts) adds the date line of a day's first message, the
 * sender's head (avatar and name) on a run's first message, and the run's spacing.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../contract/limits';
import { isValidationError } from '../../contract/validation';
import type { OutboxEntry, PendingMark } from '../../db/schema';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FailedWrite, QueuedMark } from '../../ui/pending-mark';
import { Time } from '../../ui/time';
import { REMAINING_WARNING_AT } from './composer';
import type { ThreadPlace } from './message-runs';
import { DELETE_DETAIL, DELETE_FAILED, DELETE_QUESTION, EDIT_BLANK, EDIT_FAILED, EDITED_MARK, MESSAGE_ACTIONS, MESSAGE_DELETED, SEARCH_RESULT_MARK } from './message-texts';

interface ChatMessage extends PendingMark {
  id: string;
  content: string;
  createdAt: string;
  editedAt?: string | null;
  deletedAt?: string | null;
}

/** Which write about the message was refused: its send, an edit or a deletion. */
function failedWrite(message: ChatMessage, entries: readonly OutboxEntry[]): { kind: 'send' | 'edit' | 'delete'; entry?: OutboxEntry } | null {
  const entry = entries.find((each) => each.status === 'failed');
  if (entry) return { kind: entry.name.endsWith('.edit') ? 'edit' : entry.name.endsWith('.delete') ? 'delete' : 'send', entry };
  // Marked failed with no refused entry at hand: shown as a refused send, as before edits existed.
  return message.syncState === 'failed' ? { kind: 'send' } : null;
}

function MoreIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

interface MessageActionsProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onEdit(): void;
  onDelete(): void;
}

/** How the menu was first asked for: from the keyboard its first item takes focus, as Radix does. */
type OpenedBy = 'pointer' | 'keyboard';

/**
 * The menu of one's own message. Until it is first opened, only its button: the same element
 * Radix's trigger renders (its name, aria-haspopup, aria-expanded, data-state) answering the same
 * presses (a primary pointer down; Enter, Space or ArrowDown). That press mounts the Radix menu,
 * open, in its place, and it stays mounted: a thread of hundreds of one's own messages does not
 * render hundreds of menus. Choosing Edit leaves focus to the editor, not the button.
 */
function MessageActions(props: MessageActionsProps) {
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  if (openedBy) return <MessageMenu {...props} openedBy={openedBy} />;
  return (
    <button
      ref={props.triggerRef}
      type="button"
      className="message-actions"
      aria-label={MESSAGE_ACTIONS}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger: the button does not take focus, the opening menu does.
        event.preventDefault();
        setOpenedBy('pointer');
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpenedBy('keyboard');
      }}
    >
      <MoreIcon />
    </button>
  );
}

function MessageMenu({ triggerRef, onEdit, onDelete, openedBy }: MessageActionsProps & { openedBy: OpenedBy }) {
  const editing = useRef(false);
  // Radix learns that the keyboard is in use from key presses after it mounted: the press that
  // mounted it came before, so on this first opening the first item is focused here.
  const firstFromKeyboard = useRef(openedBy === 'keyboard');
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger ref={triggerRef} className="message-actions" aria-label={MESSAGE_ACTIONS}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu menu--compact"
          align="end"
          sideOffset={4}
          onFocus={(event) => {
            // Radix focuses the menu itself on opening; from the keyboard, its first item instead.
            if (!firstFromKeyboard.current || event.target !== event.currentTarget) return;
            firstFromKeyboard.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (editing.current) event.preventDefault();
            editing.current = false;
          }}
        >
          <DropdownMenu.Item
            className="menu-item"
            onSelect={() => {
              editing.current = true;
              onEdit();
            }}
          >
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item menu-item--danger" onSelect={onDelete}>
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface MessageEditorProps {
  initial: string;
  onSave(content: string): Promise<unknown>;
  onClose(): void;
}

/** The inline editor: the composer's rules; the same text again closes it without a write. */
function MessageEditor({ initial, onSave, onClose }: MessageEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const remaining = MESSAGE_MAX_LENGTH - draft.length;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (saving) return;
    const content = draft.trim();
    if (!content) {
      setError(EDIT_BLANK);
      return;
    }
    if (content === initial) {
      onClose();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSave(content);
      onClose();
    } catch (caught) {
      setError(isValidationError(caught) ? (caught.issues[0]?.message ?? EDIT_FAILED) : EDIT_FAILED);
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  }

  const described = [error ? `${id}-error` : '', remaining <= REMAINING_WARNING_AT ? `${id}-count` : ''].filter(Boolean).join(' ');
  return (
    <form className="message-editor" onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Edit message
      </label>
      <textarea
        id={`${id}-input`}
        ref={boxRef}
        className="composer-input"
        rows={2}
        value={draft}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {remaining <= REMAINING_WARNING_AT ? (
        <p id={`${id}-count`} className={remaining === 0 ? 'composer-count composer-count--full' : 'composer-count muted'}>
          {remaining === 1 ? '1 character left' : `${remaining} characters left`}
        </p>
      ) : null}
      <div className="button-row message-editor-actions">
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--small" disabled={saving || draft.length === 0}>
          Save
        </button>
      </div>
    </form>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  /** The user sent it: it may be edited and deleted, and sits on the right in a direct chat. */
  own: boolean;
  /** Right-aligned (one's own messages). */
  alignEnd?: boolean;
  /** Where it sits in the thread: its day's date line, the start and end of its sender's run. */
  place?: ThreadPlace;
  /** The message the thread opened at (a search result): marked, and named so. */
  found?: boolean;
  /** Shown above the bubble when the message starts a run (the sender's avatar and name); hidden from screen readers, which read the sender in the text. */
  head?: ReactNode;
  /** The bubble's text line around `text` (the content or 'Message deleted'): a sender prefix, the class the chat uses. */
  renderText(text: ReactNode): ReactNode;
  /** Shown before the time (the pod owner's badge). */
  badges?: ReactNode;
  /** The outbox entries about this message, oldest first. */
  entries: readonly OutboxEntry[];
  /** What a refused send says. */
  sendFailedText: string;
  onEdit(content: string): Promise<unknown>;
  onDelete(): Promise<unknown>;
}

export function MessageBubble({ message, own, alignEnd, place, found = false, head, renderText, badges, entries, sendFailedText, onEdit, onDelete }: MessageBubbleProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  const refocus = useRef(false);
  // Deleted from here: the menu that held focus is gone, so focus lands on the message itself,
  // which now reads 'Message deleted' (not on the page's body, where a keyboard user starts over).
  const [holdFocus, setHoldFocus] = useState(false);
  const focusAfterDelete = useRef(false);
  const deleted = Boolean(message.deletedAt);
  const failed = failedWrite(message, entries);
  const canChange = own && !deleted && !editing && failed?.kind !== 'send';

  useEffect(() => {
    // Back from the editor: focus returns to the button that opened it.
    if (!editing && refocus.current) {
      refocus.current = false;
      triggerRef.current?.focus();
    }
  }, [editing]);

  async function confirmDelete() {
    setDeleteError(undefined);
    try {
      await onDelete();
      focusAfterDelete.current = true;
      setHoldFocus(true);
      setConfirming(false);
    } catch {
      setDeleteError(DELETE_FAILED);
    }
  }

  const text = deleted ? <span className="bubble-deleted">{MESSAGE_DELETED}</span> : message.content;
  const classes = [
    'message',
    alignEnd ? 'message--own' : '',
    deleted ? 'message--deleted' : '',
    place?.runStart ? 'message--run-start' : '',
    place?.runEnd ? 'message--run-end' : '',
    found ? 'message--found' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-message-id={message.id} ref={itemRef} tabIndex={holdFocus ? -1 : undefined} onBlur={(event) => event.target === event.currentTarget && setHoldFocus(false)}>
      {place?.day ? (
        <p className="day-separator">
          <span>{place.day}</span>
        </p>
      ) : null}
      {head && place?.runStart ? (
        <div className="run-head" aria-hidden="true">
          {head}
        </div>
      ) : null}
      {found ? <p className="message-found-mark">{SEARCH_RESULT_MARK}</p> : null}
      {editing ? (
        <MessageEditor
          initial={message.content}
          onSave={onEdit}
          onClose={() => {
            refocus.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <div className="message-row">
          <div className="bubble">
            {renderText(text)}
            <span className="bubble-meta">
              {badges}
              <Time iso={message.createdAt} clock={Boolean(place)} />
              {message.editedAt && !deleted ? <span className="bubble-edited">{EDITED_MARK}</span> : null}
              {message.syncState === 'queued' ? <QueuedMark entry={entries.at(-1)} /> : null}
            </span>
          </div>
          {canChange ? <MessageActions triggerRef={triggerRef} onEdit={() => setEditing(true)} onDelete={() => setConfirming(true)} /> : null}
        </div>
      )}
      {failed?.kind === 'send' ? <FailedWrite text={sendFailedText} entryId={failed.entry?.id ?? message.id} /> : null}
      {failed && failed.kind !== 'send' && failed.entry ? (
        <FailedWrite text={failed.kind === 'edit' ? EDIT_FAILED : DELETE_FAILED} detail={failed.entry.error} entryId={failed.entry.id} />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          open
          title={DELETE_QUESTION}
          description={DELETE_DETAIL}
          confirmLabel="Delete"
          danger
          error={deleteError}
          onCancel={() => {
            setConfirming(false);
            setDeleteError(undefined);
          }}
          onConfirm={() => void confirmDelete()}
          onCloseAutoFocus={(event) => {
            if (!focusAfterDelete.current) return;
            focusAfterDelete.current = false;
            event.preventDefault();
            itemRef.current?.focus();
          }}
        />
      ) : null}
    </li>
  );
}
