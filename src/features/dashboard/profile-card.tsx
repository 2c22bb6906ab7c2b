/** The dashboard's profile card: avatar, name, e-mail and the default deck line. */
import type { UserRow } from '../../db/schema';
import { Avatar } from '../profile/avatar';
import { useDefaultDeckLine } from './use-default-deck-line';

export function ProfileCard({ user }: { user: UserRow }) {
  const deckLine = useDefaultDeckLine(user);
  const name = user.displayName?.trim() || user.username;

  return (
    <section className="card profile-card" aria-labelledby="profile-card-name">
      <Avatar username={user.username} avatarUrl={user.avatarUrl} displayName={name} size={72} />
      <div className="profile-card-text">
        <h2 id="profile-card-name">{name}</h2>
        {user.email ? <p className="muted">{user.email}</p> : null}
        <p>{deckLine}</p>
      </div>
    </section>
  );
}
