/** The frame of the public account pages: brand link, one card, a heading. */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <Link to="/" className="brand-link">
          PodTable
        </Link>
      </header>
      <main className="auth-card card">
        <h1>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
      </main>
    </div>
  );
}
