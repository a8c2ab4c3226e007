/**
 * The legend shared by every chart: a colour, each row's name and what it does, in plain words.
 * A row of the config's own (an arm, a sweep's point) says where it differs from Agon, with what
 * each changed field means.
 */
import { FIELD_EXPLAIN } from '../../core/experiment/arm-fields';
import { changedFields, type RunRow } from '../../core/experiment/run-rows';
import { NO_ROW_COLOR, rowColors } from '../charts/colors';

function ChangedFields({ row }: { row: RunRow }) {
  const changed = changedFields(row.fields);
  if (row.source === 'method' || changed.length === 0) return null;
  return (
    <ul className="legend-fields">
      {changed.map((f) => (
        <li key={f} title={FIELD_EXPLAIN[f]}>
          <code>
            {f} {String(row.fields[f])}
          </code>
          : {FIELD_EXPLAIN[f]}
        </li>
      ))}
    </ul>
  );
}

export function MethodLegend({ rows }: { rows: readonly RunRow[] }) {
  const colors = rowColors(rows);
  return (
    <ul className="legend" data-testid="method-legend">
      {rows.map((row) => (
        <li key={row.name} data-row={row.name}>
          <span className={row.fields.training === 'none' ? 'swatch swatch-dashed' : 'swatch'} style={{ borderColor: colors.get(row.name) ?? NO_ROW_COLOR }} />
          <strong>{row.label}</strong>
          <span className="legend-explain">{row.explain}</span>
          <ChangedFields row={row} />
        </li>
      ))}
    </ul>
  );
}
