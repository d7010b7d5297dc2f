import { STATE_COLORS } from './palette';

/** What the body colours mean (canvas scenes). */
export function Legend() {
  return (
    <ul className="legend" aria-label="Body colours">
      <li>
        <i style={{ background: STATE_COLORS.awake }} />
        awake
      </li>
      <li>
        <i style={{ background: STATE_COLORS.sleeping }} />
        sleeping
      </li>
      <li>
        <i style={{ background: STATE_COLORS.static }} />
        static
      </li>
    </ul>
  );
}
