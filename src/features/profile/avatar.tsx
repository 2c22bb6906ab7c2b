/** A user's picture; falls back to the default image when it fails to load. */
import { useState } from 'react';
import { chooseAvatarSrc, type AvatarOwner } from './avatar-src';

interface AvatarProps extends AvatarOwner {
  displayName?: string | null;
  size?: number;
}

export function Avatar({ username, avatarUrl, displayName, size = 64 }: AvatarProps) {
  const wanted = chooseAvatarSrc({ username, avatarUrl });
  // Remember which source failed, so a new avatarUrl gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = chooseAvatarSrc({ username, avatarUrl }, failedSrc === wanted);
  const name = displayName?.trim() || username?.trim() || 'User';

  return (
    <img
      className="avatar"
      src={src}
      alt={name}
      width={size}
      height={size}
      onError={() => {
        if (src === wanted) setFailedSrc(wanted);
      }}
    />
  );
}
