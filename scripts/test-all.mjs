/**
 * `npm test`: the code check, the type check, the unit and API tests and the end-to-end tests, run side by
 * side rather than one after the other. Run in turn they took 32 minutes on CI's two cores (the budget is
 * 30): the type check is one thread, the unit tests wait on PostgreSQL and on child processes, the
 * end-to-end tests on the browser and the server, so each leaves the cores idle at times that another fills.
 * Each stage's lines carry its name; every stage runs to its end, and the run fails if any of them failed.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const stages = [
  // the longest first: it starts by building the bundle it tests
  { name: 'e2e', script: 'test:e2e' },
  { name: 'unit', script: 'test:unit' },
  { name: 'types', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
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

const results = await Promise.all(stages.map(run));
const failed = results.filter((r) => r.status !== 0).map((r) => r.name);
process.stdout.write(`[test] ${failed.length ? `失败：${failed.join('、')}` : '全部通过'}，共用时 ${seconds(started)}\n`);
process.exit(failed.length ? 1 : 0);
