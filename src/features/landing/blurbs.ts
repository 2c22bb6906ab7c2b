/** What the landing page promises; each line is something the app does today or in this release. */
export interface Blurb {
  title: string;
  text: string;
  detail: string;
}

export const BLURBS: Blurb[] = [
  {
    title: 'Live pod chat',
    text: 'Talk with your playgroup in pods and direct messages, delivered live.',
    detail:
      'Pods are your regular playgroups. Chat as a group, invite friends, and keep direct messages in the same inbox. Messages you write without signal are kept and sent when you are back online.',
  },
  {
    title: 'A playmat that works with no signal',
    text: 'Track life, poison, energy, experience and commander damage at any table.',
    detail:
      'The playmat runs on your phone, not on the server: basements, game stores and trains with no signal are fine. Every change is logged in a recent-events list and synced when the connection returns.',
  },
  {
    title: 'Your decks',
    text: 'Keep your decks with their commanders and links, and pick a default deck.',
    detail:
      'Store each deck with its commander (or partner commanders) and links to your favourite deck builder, and choose the deck you play most as your default.',
  },
  {
    title: 'Install on your home screen',
    text: 'Add PodTable to your phone like an app and open it even offline.',
    detail:
      'PodTable is an installable web app: add it to your home screen from the browser and it opens full screen, starts fast and keeps working when the network does not.',
  },
];
