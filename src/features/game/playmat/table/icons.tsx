/** Small inline icons of the playmat; decorative (labels and hidden texts carry the meaning). */
import type { ReactNode } from 'react';

function Icon({ children, size = 16 }: { children: ReactNode; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="currentColor" className="icon">
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon size={22}>
    <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </Icon>
);

export const UndoIcon = () => (
  <Icon size={22}>
    <path d="M8 5 3 10l5 5v-4h6a4 4 0 0 1 0 8h-3v2h3a6 6 0 0 0 0-12H8z" />
  </Icon>
);

export const PassIcon = () => (
  <Icon size={22}>
    <path d="M5 5v14l9-7zm10 0h3v14h-3z" />
  </Icon>
);

export const MoreIcon = () => (
  <Icon size={22}>
    <path d="M5 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
  </Icon>
);

export const SunIcon = () => (
  <Icon>
    <path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM11 1h2v3h-2zm0 19h2v3h-2zM1 11h3v2H1zm19 0h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zm12.1 12.1 1.4-1.4 2.1 2.1-1.4 1.4zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z" />
  </Icon>
);

export const MoonIcon = () => (
  <Icon>
    <path d="M14.5 2.5a9.5 9.5 0 1 0 7 15.9A8 8 0 0 1 14.5 2.5z" />
  </Icon>
);

/** Crossed swords: commander damage ('⚔ Ben 21'); an icon, so every phone draws it alike (no emoji). */
export const SwordsIcon = () => (
  <Icon size={14}>
    <path d="M3 3h3l9.5 9.5-3 3L3 6zm18 0h-3l-9.5 9.5 3 3L21 6zM13 17l4-4 1.4 1.4-4 4zm3.5 1.5 2-2 3 3-2 2zM11 17l-4-4-1.4 1.4 4 4zm-3.5 1.5-2-2-3 3 2 2z" />
  </Icon>
);

/** The active player's turn ('Your turn'). */
export const TurnIcon = () => (
  <Icon size={14}>
    <path d="M6 4v16l13-8z" />
  </Icon>
);
