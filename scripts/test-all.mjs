#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, browser tests (Chromium, then Firefox ESR and
// WebKitGTK). Every stage runs even when an earlier one fails; then a summary, ending with
// exactly one line
//   tests: N passed, M failed[, K skipped]
// where N/M/K add up the unit (.test-output/unit.json), Chromium (.test-output/e2e.json and
// classroom.json) and engine (.test-output/<engine>.tap) test counts; a failed typecheck or lint stage counts as 1
// failed test, as does a test stage that fails without reporting a failed test (crash, no browser, server error).
// Before the summary it lists the slowest tests of all stages, so a new slow test shows at once, and each
// stage's time against its budget (scripts/stage-budgets.mjs), naming the stages over it: reported only, since
// timing on a shared machine is too noisy to decide the run's outcome.
// Stages of one group run at once: WebKit and Chromium's classroom run beside Firefox, whose suite leaves much of
// the second core idle (the typecheck beside lint gained nothing: each took as long as both in turn). The
// first of a group prints as it goes, the others when they end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBudgetTable } from './stage-budgets.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const OUT = '.test-output';
const UNIT_JSON = join(OUT, 'unit.json');
const E2E_JSON = join(OUT, 'e2e.json');
const CLASSROOM_JSON = join(OUT, 'classroom.json');
const ENGINES = ['firefox', 'webkit'];
const engineTap = (engine) => join(OUT, `${engine}.tap`);

mkdirSync(OUT, { recursive: true });
for (const report of [UNIT_JSON, E2E_JSON, CLASSROOM_JSON, ...ENGINES.map(engineTap)]) rmSync(report, { force: true });

function hasUnitTests(dir) {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? hasUnitTests(path) : /\.test\.[cm]?[jt]sx?$/.test(entry.name)) return true;
  }
  return false;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Vitest's json reporter (Jest-style totals). A test file that fails without a failed test
 * (e.g. it does not import) counts as 1 failed test.
 */
function unitCounts() {
  const r = readJson(UNIT_JSON);
  if (!r) return undefined;
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

/** Playwright's json reporter: stats.expected / unexpected / flaky / skipped. */
function e2eCounts(report) {
  const s = readJson(report)?.stats;
  if (!s) return undefined;
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: s.unexpected ?? 0,
    skipped: s.skipped ?? 0,
  };
}

/** node:test's TAP report (the engine suites): its closing "# pass N" lines. */
function tapCounts(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  if (Number.isNaN(count('pass'))) return undefined;
  return { passed: count('pass'), failed: count('fail') + (count('cancelled') || 0), skipped: (count('skipped') || 0) + (count('todo') || 0) };
}

/** Every test of a TAP report with its duration in ms (suites left out), prefixed with the engine. */
function tapDurations(engine) {
  let text;
  try {
    text = readFileSync(engineTap(engine), 'utf8');
  } catch {
    return [];
  }
  const out = [];
  for (const m of text.matchAll(/^\s*(?:not )?ok \d+ - (.+)\n\s*---\n\s*duration_ms: ([\d.]+)\n(\s*type: 'suite')?/gm)) {
    if (!m[3]) out.push({ name: `[${engine}] ${m[1]}`, ms: Number(m[2]) });
  }
  return out;
}

/** A node:test run of one engine's suite: its progress on the console, its TAP report to a file. */
const engineStage = (engine) => ({
  name: engine,
  cmd: process.execPath,
  args: ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${engineTap(engine)}`, `engines/${engine}.test.ts`],
  counts: () => tapCounts(engineTap(engine)),
});

/** Every unit test with its duration in ms, named by file and title. */
function unitDurations() {
  return (readJson(UNIT_JSON)?.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).map((a) => ({ name: `${relative(process.cwd(), f.name)} > ${a.fullName ?? a.title}`, ms: a.duration ?? 0 })),
  );
}

/** Every browser test with its duration in ms (all retries), named by project, file and title. */
function e2eDurations(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((s, r) => s + (r.duration ?? 0), 0);
        out.push({ name: `[${test.projectName}] ${spec.file} > ${[...titles, spec.title].join(' > ')}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of readJson(report)?.suites ?? []) walk(suite, []);
  return out;
}

const SLOWEST = 10;

const unitArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_JSON}`];
const noUnitTests = !hasUnitTests('src');
if (noUnitTests) unitArgs.push('--passWithNoTests');

const stageGroups = [
  [{ name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] }],
  [{ name: 'lint', cmd: 'npx', args: ['eslint', '.'] }],
  [{ name: 'unit', cmd: 'npx', args: unitArgs, counts: unitCounts }],
  [{ name: 'e2e', cmd: process.execPath, args: ['scripts/run-e2e.mjs'], counts: () => e2eCounts(E2E_JSON), env: { ...process.env, E2E_CLASSROOM_APART: '1' } }],
  [
    ...ENGINES.map(engineStage),
    // Minutes of wasm training on one thread, beside the engine suites, which leave a core mostly idle.
    { name: 'classroom', cmd: process.execPath, args: ['scripts/run-e2e.mjs', '--project=classroom'], counts: () => e2eCounts(CLASSROOM_JSON), env: { ...process.env, E2E_REPORT: CLASSROOM_JSON } },
  ],
];

// The browser suites share one build of the app (the Chromium stage's, unless it failed before making one); made
// here, so that suites starting at once do not each build it.
const buildApp = [process.execPath, ['--import', 'tsx', '-e', "import('./e2e/built-app.ts').then((app) => app.buildApp())"]];

const suiteStarted = Date.now();
const formatSeconds = (s) => `${Math.floor(s / 60)} min ${(s % 60).toFixed(0)} s`;
const header = (stage, beside) =>
  `\n=== ${stage.name}: ${[stage.cmd === process.execPath ? 'node' : stage.cmd, ...stage.args].join(' ')}${beside.length ? ` (beside ${beside.join(', ')})` : ''}`;

/** Runs one stage to its end: its output to the console as it goes, or (buffered) all at once when it ends. */
function runStage(stage, beside, buffered) {
  if (!buffered) console.log(header(stage, beside));
  const started = Date.now();
  const output = [];
  const child = spawn(stage.cmd, stage.args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: stage.env ?? process.env });
  if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let startError;
    child.on('error', (err) => (startError = err));
    child.on('close', (status, signal) => {
      if (buffered) {
        console.log(header(stage, beside));
        process.stdout.write(Buffer.concat(output));
      }
      if (startError) console.error(`${stage.name}: could not start: ${startError.message}`);
      resolve(stageResult(stage, status === 0, status ?? signal, (Date.now() - started) / 1000));
    });
  });
}

/** A stage's row of the summary: its counts, or one failed test where it failed without reporting one. */
function stageResult(stage, ok, exit, seconds) {
  let counts = stage.counts?.();
  let note = '';
  if (!stage.counts) {
    counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  } else if (!counts) {
    counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
    note = ok ? 'no report' : 'no report (stage failed)';
  } else if (!ok && counts.failed === 0) {
    counts = { ...counts, failed: 1 };
    note = `exit ${exit}, no failed test reported`;
  }
  if (stage.name === 'unit' && noUnitTests) note = 'no unit test files found';
  return { name: stage.name, ok, seconds, counts, counted: !!stage.counts, note };
}

const results = [];
for (const group of stageGroups) {
  if (group.some((stage) => ENGINES.includes(stage.name))) spawnSync(...buildApp, { stdio: 'inherit' });
  const names = group.map((stage) => stage.name);
  results.push(...(await Promise.all(group.map((stage, i) => runStage(stage, names.filter((name) => name !== stage.name), i > 0)))));
}

const pad = (s, n) => String(s).padEnd(n);
console.log(`\n=== the ${SLOWEST} slowest tests`);
const slowest = [...unitDurations(), ...e2eDurations(E2E_JSON), ...e2eDurations(CLASSROOM_JSON), ...ENGINES.flatMap(tapDurations)].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
for (const t of slowest) console.log(`${pad(`${(t.ms / 1000).toFixed(1)}s`, 9)}${t.name}`);

// One reading of the clock, so the budget table and the summary agree on the total.
const suiteSeconds = (Date.now() - suiteStarted) / 1000;
console.log('\n=== time against budgets (scripts/stage-budgets.mjs; going over does not fail the run)');
for (const line of formatBudgetTable(results.map((r) => ({ name: r.name, seconds: r.seconds })), suiteSeconds)) console.log(line);

console.log('\n=== summary');
console.log(`${pad('stage', 11)}${pad('result', 8)}${pad('time', 9)}tests`);
for (const r of results) {
  const c = r.counts;
  const tests = r.counted
    ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`
    : '-';
  const time = `${r.seconds.toFixed(1)}s`;
  console.log(`${pad(r.name, 11)}${pad(r.ok ? 'pass' : 'FAIL', 8)}${pad(time, 9)}${tests}${r.note ? `  (${r.note})` : ''}`);
}

const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.counts.passed, failed: t.failed + r.counts.failed, skipped: t.skipped + r.counts.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const failed = results.some((r) => !r.ok) || total.failed > 0;
console.log(`${pad('total', 27)}${formatSeconds(suiteSeconds)}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exitCode = failed ? 1 : 0;
