/**
 * `npm test`: the code check, the formatting check (Prettier), the type check, the unit and API tests and the build run side by side, then
 * the end-to-end tests on that build. In turn they took 32 minutes on CI's two cores (the budget is 30):
 * the type check is one thread and the unit tests wait on PostgreSQL and on child processes, so each
 * leaves a core idle at times another fills. The end-to-end tests run alone: they keep both cores busy
 * by themselves, and beside the unit tests their slowest cases ran into their time limits.
 * Each stage's lines carry its name; every stage runs to its end, and the run fails if any of them failed.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const phases = [
  [
    { name: 'unit', script: 'test:unit' },
    { name: 'build', script: 'build' },
    { name: 'types', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
    { name: 'format', script: 'format:check' },
  ],
  [{ name: 'e2e', script: 'test:e2e:built' }],
];

const npm = process.env.npm_execpath;
const started = Date.now();
const seconds = (from) => `${Math.round((Date.now() - from) / 1000)} s`;

function run({ name, script }) {
  const at = Date.now();
  // npm_execpath is npm's own script when this runs under npm; otherwise npm from the PATH
  const [command, args] = npm ? [process.execPath, [npm, 'run', '--silent', script]] : ['npm', ['run', '--silent', script]];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (!line.includes('Unknown user config "nodedir"')) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      process.stdout.write(`[${name}] ${status === 0 ? '通过' : `失败（退出码 ${status}）`}，用时 ${seconds(at)}\n`);
      resolve({ name, status });
    });
  });
}

const results = [];
for (const [index, stages] of phases.entries()) {
  const done = await Promise.all(stages.map(run));
  results.push(...done);
  // the end-to-end tests need the build; without it they would only repeat its failure
  if (index === 0 && done.some((r) => r.name === 'build' && r.status !== 0)) break;
}
const failed = results.filter((r) => r.status !== 0).map((r) => r.name);
process.stdout.write(`[test] ${failed.length ? `失败：${failed.join('、')}` : '全部通过'}，共用时 ${seconds(started)}\n`);
process.exit(failed.length ? 1 : 0);
