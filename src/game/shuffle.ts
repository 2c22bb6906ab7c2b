/** Seating order on the layout page: Shuffle (uniform) and drag-to-reorder. Pure; inputs are not changed. */

/**
 * Fisher–Yates: every order equally likely when `random` is uniform on [0, 1) (Math.random by
 * default; inject a seeded one in tests). A `random` that returns 1 is tolerated.
 */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    // j is uniform on 0..i (inclusive): drawing from 0..length-1 instead is the classic bias.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `order` with the item at `from` moved to index `to`, the others keeping their relative order. */
export function moveSeat<T>(order: readonly T[], from: number, to: number): T[] {
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < order.length;
  if (!inRange(from) || !inRange(to)) throw new RangeError(`Cannot move seat ${from} to ${to} of ${order.length}.`);
  const out = [...order];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
}
