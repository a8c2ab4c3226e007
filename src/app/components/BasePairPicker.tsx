/**
 * The base pair the methods start from: the shipped checkpoints, or a pair pretrained
 * from scratch in this tab before the experiment (with its settings under the CLI's names).
 */
import { familyByName } from '../../core/tasks/families';
import type { TaskFamilyName } from '../../core/tasks/task';
import { PRETRAIN_BUDGETS } from '../../core/train/pretrain-defaults';
import { premiseHeadline } from '../premise/headline';
import { manifestKey, shippedPairOf } from '../../core/experiment/shipped-pair';
import { passAtKCard } from '../premise/pass-at-k-card';
import { useShippedHardSplit, useShippedPairs, useShippedPassAtK, useShippedPremise } from '../premise/use-shipped-premise';
import { useAppStore } from '../store/app-store';
import { NumberField } from './fields';

/** What pretraining does and how long it takes, from the defaults (a CPU's wasm backend trained the shipped pair at about a step a second). */
function pretrainExplain(task: TaskFamilyName): string {
  const budget = PRETRAIN_BUDGETS[task];
  const steps = (budget.trunkSteps + 2 * budget.forkSteps).toLocaleString('en');
  return `Trains a fresh model on worked examples of the facts both models share until its held-out loss flattens, then splits it into A and B (B with a little noise) and teaches each its own facts and to read the other's drafts, again until the loss flattens (a validation target below can stop a stage sooner; 1 means off). Takes minutes or more: at most ${steps} steps, about three a second on a CPU.`;
}

type Choice = 'shipped' | 'premise' | 'pretrain';

/** The choices; the paper-premise pair only where the family ships one. */
const sources = (task: TaskFamilyName, hasPremisePair: boolean) =>
  [
    { value: 'shipped', label: 'shipped checkpoints', explain: 'The pair made by npm run pretrain and served with the page (public/checkpoints): each model taught its own facts and to read a rival\'s draft, so even the untrained cascade gains a lot. Starts at once.' },
    ...(hasPremisePair
      ? [{ value: 'premise', label: 'paper-premise checkpoints', explain: 'A pair that starts where the paper\'s base did: weaker single models that read a rival\'s draft only a little, so training has more to teach. Starts at once.' }]
      : []),
    { value: 'pretrain', label: 'pretrain from scratch in this tab', explain: pretrainExplain(task) },
  ] as { value: Choice; label: string; explain: string }[];

function PairLoaded() {
  const pair = useAppStore((s) => s.run.basePair);
  if (!pair) return null;
  const how = pair.pretrained ? `pretrained here (trunk ${pair.pretrained.trunk}, A ${pair.pretrained.A}, B ${pair.pretrained.B} steps)` : `${pair.files.a} + ${pair.files.b}`;
  return (
    <span className="base-pair" data-testid="base-pair">
      this run: {how}, id {pair.id}
    </span>
  );
}

/** A shipped pair's headline premise figures, when its manifest entry has them (npm run pretrain or npm run diagnose -- --record). */
function ShippedPremise({ name }: { name: string }) {
  const premise = useShippedPremise(name);
  if (!premise) return null;
  const headline = premiseHeadline(premise);
  return (
    <div className="method-explain" data-testid="base-pair-premise">
      {headline.basis}
      {headline.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

/** What a difficulty counts, per family. */
const DIFFICULTY_UNIT: Record<TaskFamilyName, string> = { math: 'products', code: 'primitives' };

/** Where a shipped pair was made for a hard split of its own: runs on it are trained and measured there. */
function ShippedHardSplit({ name, task }: { name: string; task: TaskFamilyName }) {
  const hard = useShippedHardSplit(name);
  const own = familyByName(task).hardDifficulties;
  if (!hard || (hard.length === own.length && hard.every((d, i) => d === own[i]))) return null;
  return (
    <div className="method-explain" data-testid="base-pair-hard-split">
      This pair was made for a test-hard of {hard.join(' and ')} {DIFFICULTY_UNIT[task]} only ({task}'s own test-hard: {own.join(' and ')}): a run on it trains and is measured on that split, and its results record it (hard_difficulties).
    </div>
  );
}

/** A shipped pair's pass@k alone by knowledge group, when its manifest entry has it (npm run diagnose -- --record). */
function ShippedPassAtK({ name }: { name: string }) {
  const passAtK = useShippedPassAtK(name);
  if (!passAtK) return null;
  const card = passAtKCard(passAtK);
  return (
    <div className="method-explain" data-testid="base-pair-pass-at-k">
      {card.basis}
      <table className="results pass-at-k">
        <thead>
          <tr>
            <th>problems needing</th>
            {card.heads.map((head) => (
              <th key={head} className="num">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {card.rows.map((row) => (
            <tr key={row.group} data-group={row.group}>
              <td>{row.label}</td>
              {row.cells.map((cell, i) => (
                <td key={card.heads[i]} className="num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {card.reading}
    </div>
  );
}

function PretrainSettings({ disabled }: { disabled: boolean }) {
  return (
    <div className="field-grid" data-testid="pretrain-settings">
      <NumberField path="pretrain.trunk_steps" label="trunk steps" hint="at most; stops when its held-out loss flattens" disabled={disabled} />
      <NumberField path="pretrain.fork_steps" label="fork steps" hint="at most, for A and for B" disabled={disabled} />
      <NumberField path="pretrain.batch_size" label="batch size" hint="examples per step" disabled={disabled} />
      <NumberField path="pretrain.learning_rate" label="pretraining learning rate" hint="Adam" disabled={disabled} />
      <NumberField path="pretrain.fork_noise" label="fork noise" hint="std of the noise added to B" disabled={disabled} />
      <NumberField path="pretrain.seed" label="pretraining seed" disabled={disabled} />
      <NumberField path="pretrain.trunk_target" label="trunk target" hint="validation pass@1, 0-1 (1: off)" disabled={disabled} />
      <NumberField path="pretrain.fork_target" label="fork target" hint="validation pass@1, 0-1 (1: off)" disabled={disabled} />
      <NumberField path="pretrain.check_every" label="check every" hint="steps between validation checks" disabled={disabled} />
      <NumberField path="pretrain.check_problems" label="check problems" hint="validation problems per check" disabled={disabled} />
    </div>
  );
}

/** Sets the config fields of a choice: where the pair comes from, and which shipped pair. */
function choose(setField: (path: string, value: unknown) => void, choice: Choice) {
  setField('base_pair_source', choice === 'pretrain' ? 'pretrain' : 'shipped');
  if (choice !== 'pretrain') setField('base_pair', choice);
}

export function BasePairPicker({ disabled }: { disabled: boolean }) {
  const task = useAppStore((s) => (s.form.draft.task === 'code' ? 'code' : 'math'));
  const basePair = useAppStore((s) => (typeof s.form.draft.base_pair === 'string' ? s.form.draft.base_pair : 'shipped'));
  const pretrain = useAppStore((s) => s.form.draft.base_pair_source === 'pretrain');
  const setField = useAppStore((s) => s.setField);
  const pairs = useShippedPairs();
  const shippedPair = shippedPairOf(task, basePair, pairs);
  const source: Choice = pretrain ? 'pretrain' : shippedPair;
  return (
    <fieldset data-testid="base-pair-picker">
      <legend>Base pair</legend>
      {sources(task, manifestKey(task, 'premise') in pairs || shippedPair === 'premise').map((s) => (
        <label key={s.value} className="method-option">
          <input type="radio" name="base-pair" value={s.value} checked={source === s.value} disabled={disabled} onChange={() => choose(setField, s.value)} />
          <span>
            <strong>{s.label}</strong>
            <span className="method-explain">{s.explain}</span>
          </span>
        </label>
      ))}
      {source !== 'pretrain' && <ShippedHardSplit name={manifestKey(task, shippedPair)} task={task} />}
      {source !== 'pretrain' && <ShippedPremise name={manifestKey(task, shippedPair)} />}
      {source !== 'pretrain' && <ShippedPassAtK name={manifestKey(task, shippedPair)} />}
      {source === 'pretrain' && <PretrainSettings disabled={disabled} />}
      <PairLoaded />
    </fieldset>
  );
}
