/** The legend shared by every chart: a colour, the method's name and what it does, in plain words. */
import { ARMS, METHOD_SPECS, type MethodName } from '../../core/experiment/methods';
import { METHOD_COLORS } from '../charts/colors';

export function MethodLegend({ methods }: { methods: readonly MethodName[] }) {
  return (
    <ul className="legend" data-testid="method-legend">
      {methods.map((m) => (
        <li key={m}>
          <span className={ARMS[METHOD_SPECS[m].arm]?.kind === 'base' ? 'swatch swatch-dashed' : 'swatch'} style={{ borderColor: METHOD_COLORS[m] }} />
          <strong>{METHOD_SPECS[m].label}</strong>
          <span className="legend-explain">{METHOD_SPECS[m].explain}</span>
        </li>
      ))}
    </ul>
  );
}
