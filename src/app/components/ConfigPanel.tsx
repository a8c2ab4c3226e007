/**
 * Setting up an experiment: task, base pair, methods (with what each one does),
 * run length and the hyperparameters under their GRPO names. Locked while a run is going.
 */
import { METHOD_SPECS, METHODS, type MethodName } from '../../core/experiment/methods';
import { PRESETS, type PresetName } from '../../core/experiment/presets';
import { METHOD_COLORS } from '../charts/colors';
import { issueFor } from '../store/config-form';
import { useAppStore } from '../store/app-store';
import { BasePairPicker } from './BasePairPicker';
import { NumberField, SeedsField, SelectField } from './fields';
import { SweepEditor } from './SweepEditor';
import { Variants } from './Variants';

const PRESET_LABELS: Record<PresetName, string> = {
  'agon-vs-grpo': 'Agon vs GRPO (headline)',
  classroom: 'Classroom: a few minutes on a CPU (60 steps, 200 test problems: wide intervals)',
  'lecture-bonus-weight': 'Lecture: the bonus weight swept 0-3 (5 Agon arms and GRPO, 200 steps; made for the paper-premise pair)',
  'paper-table': "Every row of the paper's table",
  smoke: 'Smoke test (every method, 2 steps)',
  micro: 'Micro (4 methods, 2 steps, seconds on a GPU)',
};

function useLocked(): boolean {
  return useAppStore((s) => s.run.status === 'loading' || s.run.status === 'running' || s.run.status === 'paused');
}

function PresetPicker({ disabled }: { disabled: boolean }) {
  const preset = useAppStore((s) => s.form.preset);
  const choosePreset = useAppStore((s) => s.choosePreset);
  return (
    <div className="field">
      <label htmlFor="preset">Preset</label>
      <select id="preset" value={preset} disabled={disabled} onChange={(e) => choosePreset(e.target.value as PresetName)}>
        {preset === 'custom' && <option value="custom">custom (edited)</option>}
        {(Object.keys(PRESETS) as PresetName[]).map((p) => (
          <option key={p} value={p}>
            {PRESET_LABELS[p]}
          </option>
        ))}
      </select>
    </div>
  );
}

function MethodPicker({ disabled }: { disabled: boolean }) {
  const chosen = useAppStore((s) => (Array.isArray(s.form.draft.methods) ? (s.form.draft.methods as MethodName[]) : []));
  const issue = useAppStore((s) => issueFor(s.form, 'methods'));
  const setField = useAppStore((s) => s.setField);
  const toggle = (m: MethodName, on: boolean) => setField('methods', on ? METHODS.filter((x) => x === m || chosen.includes(x)) : chosen.filter((x) => x !== m));
  return (
    <fieldset className="methods" data-testid="method-picker">
      <legend>Methods to compare</legend>
      {METHODS.map((m) => (
        <label key={m} className="method-option">
          <input type="checkbox" name="method" value={m} checked={chosen.includes(m)} disabled={disabled} onChange={(e) => toggle(m, e.target.checked)} />
          <span className="dot" style={{ background: METHOD_COLORS[m] }} />
          <span>
            <strong>{METHOD_SPECS[m].label}</strong>
            <span className="method-explain">{METHOD_SPECS[m].explain}</span>
          </span>
        </label>
      ))}
      {issue && (
        <span className="field-issue" role="alert" data-testid="issue-methods">
          {issue}
        </span>
      )}
    </fieldset>
  );
}

const gname = (name: string) => <code className="gname">{name}</code>;

/** What a problem of each family is and what A and B were taught, in one line. */
const TASK_HINTS: Record<string, string> = {
  math: 'the last digit of a sum of products (3*7+5*2); A and B were taught different parts of the times table',
  code: 'a list program from its function\'s name and three examples (qv|314..:524..); A and B were taught what different names do',
};

export function ConfigPanel() {
  const locked = useLocked();
  const showAnswer = useAppStore((s) => s.form.draft.show_draft_answer === true);
  const setField = useAppStore((s) => s.setField);
  const task = useAppStore((s) => String(s.form.draft.task ?? ''));
  return (
    <section className="panel config" aria-labelledby="config-title" data-testid="config-panel">
      <h2 id="config-title">Experiment</h2>
      <PresetPicker disabled={locked} />
      <SelectField path="task" label="Task family" options={['math', 'code']} {...(TASK_HINTS[task] ? { hint: TASK_HINTS[task] } : {})} disabled={locked} />
      <BasePairPicker disabled={locked} />
      <MethodPicker disabled={locked} />
      <Variants disabled={locked} />
      <SweepEditor disabled={locked} />
      <fieldset>
        <legend>Run</legend>
        <div className="field-grid">
          <NumberField path="steps" label="steps" hint="training rounds per method" disabled={locked} />
          <NumberField path="problems_per_step" label="problems per step" disabled={locked} />
          <NumberField path="eval_every" label="eval every" hint="steps between evaluations" disabled={locked} />
          <NumberField path="eval_problems" label="eval problems" hint="of test-hard and validation" disabled={locked} />
          <NumberField path="eval_samples" label="eval samples" hint="per test-hard problem, for pass@k" disabled={locked} />
          <NumberField path="pass_k" label="pass@k: k" disabled={locked} />
          <SeedsField disabled={locked} />
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={showAnswer} disabled={locked} onChange={(e) => setField('show_draft_answer', e.target.checked)} /> show the draft's final answer to the solver
        </label>
      </fieldset>
      <fieldset>
        <legend>Hyperparameters (GRPO names)</legend>
        <div className="field-grid">
          <NumberField path="rl.num_generations" label={gname('num_generations')} hint="group size N" disabled={locked} />
          <NumberField path="rl.learning_rate" label={gname('learning_rate')} disabled={locked} />
          <NumberField path="rl.beta" label={gname('beta')} hint="KL weight, 0 = none" disabled={locked} />
          <NumberField path="rl.epsilon" label={gname('epsilon')} hint="clip" disabled={locked} />
          <NumberField path="rl.epsilon_high" label={gname('epsilon_high')} disabled={locked} />
          <NumberField path="rl.num_iterations" label={gname('num_iterations')} hint="updates per batch" disabled={locked} />
          <NumberField path="rl.temperature" label={gname('temperature')} disabled={locked} />
          <NumberField path="rl.top_p" label={gname('top_p')} disabled={locked} />
          <NumberField path="rl.max_completion_length" label={gname('max_completion_length')} hint="set by the task's layout" disabled={locked} />
          <NumberField path="rl.format_weight" label={gname('format_weight')} hint="λ of the format reward" disabled={locked} />
          <SelectField path="rl.loss_type" label={gname('loss_type')} options={['grpo', 'dapo', 'dr_grpo']} disabled={locked} />
          <SelectField path="rl.scale_rewards" label={gname('scale_rewards')} options={['group', 'batch', 'none']} disabled={locked} />
        </div>
      </fieldset>
    </section>
  );
}
