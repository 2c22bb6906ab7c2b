/**
 * Layout presets for the player count (the spec's "Seat layout" entity) and a preview of the 30×30 table with
 * each seat's tile where the playmat will put it, its label turned toward its player.
 */
import type { SeatLayout } from '../../../contract/game';
import { presetsFor } from '../../../game/layouts';
import { SeatTurn, seatBox } from './table-map';

interface LayoutPickerProps {
  count: number;
  /** The layout in use (layoutFor's name and seats). */
  layout: { name: string; seats: SeatLayout[] };
  names: readonly string[];
  onPick(name: string): void;
}

/** 'quad-horseshoe' → 'Quad horseshoe'. */
export function presetLabel(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function LayoutPicker({ count, layout, names, onPick }: LayoutPickerProps) {
  const presets = presetsFor(count);
  return (
    <section aria-labelledby="layout-title" className="card wizard-card">
      <h2 id="layout-title">Table layout</h2>
      {presets.length > 0 ? (
        <fieldset className="preset-list">
          <legend className="visually-hidden">Layout preset</legend>
          {presets.map((name) => (
            <label key={name} className="preset-option">
              <input type="radio" name="layout-preset" value={name} checked={layout.name === name} onChange={() => onPick(name)} />
              <span>{presetLabel(name)}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="muted">Seats for {count} players are arranged around the table.</p>
      )}
      <div className="table-preview" role="img" aria-label={`Table preview: ${layout.seats.map((seat) => `seat ${seat.seat + 1} ${names[seat.seat] ?? ''}`.trim()).join(', ')}`}>
        {layout.seats.map((seat) => (
          <div key={seat.seat} className="preview-seat" style={seatBox(seat)}>
            <SeatTurn rotation={seat.rotation} className="preview-seat-label">
              <span className="preview-seat-number">{seat.seat + 1}</span>
              <span className="preview-seat-name">{names[seat.seat] ?? ''}</span>
            </SeatTurn>
          </div>
        ))}
      </div>
    </section>
  );
}
