/** What a message shows once edited or deleted, and the texts of its actions (message-bubble.tsx); the feeds read the first. */
export const MESSAGE_DELETED = 'Message deleted';
export const EDITED_MARK = 'edited';
export const MESSAGE_ACTIONS = 'Message actions';
export const DELETE_QUESTION = 'Delete this message?';
export const DELETE_DETAIL = `It will show as '${MESSAGE_DELETED}' to everyone in this chat.`;
export const EDIT_BLANK = 'Enter a message first.';
export const EDIT_FAILED = 'Failed to edit message.';
export const DELETE_FAILED = 'Failed to delete message.';
/** Over the message a chat opened at from the message search. */
export const SEARCH_RESULT_MARK = 'Search result';
