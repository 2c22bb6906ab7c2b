/**
 * The logout warning when the outbox still holds writes (docs/architecture.md, "Logout and the
 * privacy of the mirror").
 */
export function unsentChangesText(count: number): string {
  return `You have ${count} unsent ${count === 1 ? 'change' : 'changes'}. If you log out now they will be lost.`;
}
