/** A page whose feature ships in a later update: a real heading and an honest line. */
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';

export function ComingSoon({ title, line, children }: { title: string; line: string; children?: ReactNode }) {
  return (
    <main className="page">
      <PageHeader title={title} />
      <section className="card">
        <p className="muted">{line}</p>
        {children}
      </section>
    </main>
  );
}
