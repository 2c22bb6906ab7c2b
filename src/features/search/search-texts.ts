/** The message search's words (the spec has no search screen; docs/decisions.md). */
export const SearchText = {
  title: 'Search messages',
  field: 'Search for',
  allChats: 'All chats',
  searchAll: 'Search all chats',
  inThisChat: 'Search in this chat',
  searching: 'Searching the server…',
  offline: 'Offline: showing matches among the messages on this device.',
  failed: 'The server search did not answer: showing matches among the messages on this device.',
  none: 'No messages found.',
  more: 'Showing the newest matches. Add a word to narrow the search.',
  deviceOnly: 'On this device',
} as const;
