/** Small inline icons of the playmat; decorative (labels and hidden texts carry the meaning). */
import type { ReactNode } from 'react';

function Icon({ children, size = 16 }: { children: ReactNode; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="currentColor" className="icon">
      {children}
    </svg>
  );
}

export const PoisonIcon = () => (
  <Icon>
    <path d="M12 2c3 4.5 6 8 6 12a6 6 0 0 1-12 0c0-4 3-7.5 6-12z" />
  </Icon>
);

export const EnergyIcon = () => (
  <Icon>
    <path d="M13 2 4 14h6l-1 8 9-12h-6z" />
  </Icon>
);

export const ExperienceIcon = () => (
  <Icon>
    <path d="m12 2 2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" />
  </Icon>
);

export const TaxIcon = () => (
  <Icon>
    <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5zm-3 6h6v2h-2v7h-2v-7H9z" />
  </Icon>
);

export const CrownIcon = () => (
  <Icon>
    <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 12H5zm2 14h14v-1H5z" />
  </Icon>
);

export const InitiativeIcon = () => (
  <Icon>
    <path d="M5 3h2v18H5zm3 1h10l-2.5 4L18 12H8z" />
  </Icon>
);

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
