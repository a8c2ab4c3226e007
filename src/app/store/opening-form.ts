/**
 * What the playground opens with, when no link or edit says otherwise: Agon against GRPO on the
 * paper-premise code pair. It is the pair where the paper's story shows in a teacher's time: GRPO
 * cannot find a rival's programs by trying (it stays at zero-shot), while Agon's cascade climbs
 * within 100-150 steps (docs/results.md, "What the playground opens with"). A shared link or a
 * saved run keeps its own pair.
 */
import type { PresetName } from '../../core/experiment/presets';
import { formFromPreset, type ConfigForm } from './config-form';

const OPENING_PRESET: PresetName = 'agon-vs-grpo';
const OPENING_TASK = 'code';
const OPENING_BASE_PAIR = 'premise';

export const openingForm = (): ConfigForm => formFromPreset(OPENING_PRESET, OPENING_TASK, { base_pair: OPENING_BASE_PAIR });
