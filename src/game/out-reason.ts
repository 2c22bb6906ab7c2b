/**
 * Why a player is out, in words for their tile (docs/playmat.md, "Tiles"):
 * "Out · 21 commander damage from Ben", "Out · 10 poison", "Out · 0 life". Pure and shared.
 * `isOut` (counters.ts) decides *that* a player is out; this says *why*. When several rules
 * apply, the most specific one is named: commander damage (the largest entry), then poison,
 * then life. Life is said as "0 life" whatever the total at or below 0: the rule is "0 or
 * less", and the tile shows the exact number right beside it (a life tap redraws only that
 * number, so the words never depend on it).
 */
import { LETHAL_COMMANDER_DAMAGE, LETHAL_POISON, type GameParticipant } from '../contract/game';

/** What the words need to know of a seat that dealt commander damage. */
export interface OutReasonSeat {
  name: string;
  commander: string;
  partner: string | null;
}

const DOT = '\u00b7';

/** The damage entry that put the player out: the largest one at or above lethal, or null. */
function lethalDamage(damage: Record<string, number>): { seat: number; which: string; amount: number } | null {
  let found: { seat: number; which: string; amount: number } | null = null;
  for (const [key, amount] of Object.entries(damage)) {
    if (amount < LETHAL_COMMANDER_DAMAGE || (found && found.amount >= amount)) continue;
    const [seat, which] = key.split(':');
    found = { seat: Number(seat), which: which ?? 'commander', amount };
  }
  return found;
}

/**
 * "Out · …" for a player who is out, null for one who is not. `seatOf` names the seats whose
 * commanders dealt damage; a player with a partner is named with the commander that dealt it,
 * by its first word ("from Bo’s Thrasios"), since each of the pair is lethal alone.
 */
export function outReason(
  player: Pick<GameParticipant, 'out' | 'lifeTotal' | 'poisonCounters' | 'commanderDamage'>,
  seatOf: (seat: number) => OutReasonSeat | undefined,
): string | null {
  if (!player.out) return null;
  const damage = lethalDamage(player.commanderDamage);
  if (damage) {
    const owner = seatOf(damage.seat);
    const name = owner?.name ?? `Seat ${damage.seat + 1}`;
    // Short, as the tile's damage chips name it: 'Thrasios, Triton Hero' → 'Thrasios'.
    const commander = (damage.which === 'partner' ? owner?.partner : owner?.commander)?.trim().split(/[\s,]+/)[0];
    const from = owner?.partner && commander ? `${name}\u2019s ${commander}` : name;
    return `Out ${DOT} ${damage.amount} commander damage from ${from}`;
  }
  if (player.poisonCounters >= LETHAL_POISON) return `Out ${DOT} ${player.poisonCounters} poison`;
  if (player.lifeTotal <= 0) return `Out ${DOT} 0 life`;
  // Marked out by a rule this list does not know yet: still say it.
  return 'Out';
}
