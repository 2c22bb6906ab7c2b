/**
 * For chat screens rendered without a router: `Link` as a plain link to the same place (with its
 * search as a query), so a test can assert where it leads.
 */
import type { ReactNode } from 'react';

export function Link({ to, search, className, children, ...rest }: { to: string; search?: Record<string, string | undefined>; className?: string; children?: ReactNode; 'aria-label'?: string }) {
  const query = new URLSearchParams(Object.entries(search ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return (
    <a href={query ? `${to}?${query}` : to} className={className} aria-label={rest['aria-label']}>
      {children}
    </a>
  );
}
