import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';

// Issue 37, "the declaration drives the write": every state change of a declared flow goes through
// platform/flow/transition.ts, which takes the new state from the declaration's `to`. This is a static
// scan of the server's sources (running every action of every flow is what the module tests do): a
// stateful action that no `transition(…)` call names fails here, and so does a state written in an
// object literal outside the declarations (`status: BatchStatus.closed`), which is how a service that
// bypassed the primitive would write it.

const SRC = path.resolve(import.meta.dirname, '..');
const isTestCode = (file: string) => /\.(test|fixtures|testkit)\.ts$|(^|\/)test-fixtures\.ts$|^test\/|\.demo[\w-]*\.ts$|^seed\//.test(file);

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

type Flow = contracts.FlowRoutes & { initial?: string };
const flows = Object.entries(contracts as Record<string, unknown>).filter(
  (e): e is [string, Flow] => typeof e[1] === 'object' && e[1] !== null && 'basePath' in e[1] && 'actions' in e[1] && !!(e[1] as Flow).stateField,
);

const sources = sourceFiles()
  .filter((file) => !isTestCode(file))
  .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), 'utf8') }));

/**
 * A `transition(t, store, <flow>, <action>, …)` call, or a decision (`decide(…, { flow: <flow>, action: <action>, …})`,
 * which takes its step through `transition`): the flow's name and the action, a literal or an expression.
 */
const TRANSITION = /\btransition\(\s*\w+,\s*\w+,\s*(\w+),\s*([^,]+),/g;
const DECIDE = /\bdecide\([^{]*\{\s*flow:\s*(\w+),\s*action:\s*([^,]+),/g;

/** The actions each file hands to `transition`: a literal names one; an expression any action of that flow named in the file. */
function coveredActions(calls = [TRANSITION, DECIDE]): Set<string> {
  const covered = new Set<string>();
  for (const { text } of sources) {
    for (const m of calls.flatMap((call) => [...text.matchAll(call)])) {
      const [, flowName, arg] = m;
      const flow = flows.find(([name]) => name === flowName)?.[1];
      if (!flow) continue;
      const literal = /^'(\w+)'$/.exec(arg.trim());
      const keys = literal ? [literal[1]] : Object.keys(flow.actions).filter((key) => text.includes(`'${key}'`));
      for (const key of keys) covered.add(`${flowName}.${key}`);
    }
  }
  return covered;
}

/** A service whose action key is an expression names the keys where it is called (pool's routes pass 'activate' …). */
function routesName(flowName: string, key: string) {
  return sources.some(({ text }) => text.includes(flowName) && text.includes(`'${key}'`) && /changeStatus|setOrgDisabled|saveEnrol|review\(/.test(text));
}

/** Every state a flow names: its initial one, and those its actions start from and lead to. */
const statesOf = (flow: Flow): string[] => [
  ...(flow.initial ? [flow.initial] : []),
  ...Object.values(flow.actions).flatMap((action) => [
    ...(action.from ?? []),
    ...(action.to === undefined ? [] : typeof action.to === 'string' ? [action.to] : Object.values(action.to)),
  ]),
];

describe('issue 37: a flow state changes only through transition(), as its declaration says', () => {
  it('finds the declared flows and the transition calls it checks (a scan of nothing would pass)', () => {
    expect(flows.map(([name]) => name)).toEqual(
      expect.arrayContaining(['claimFlow', 'batchFlow', 'rightFlow', 'bankFlow', 'orgFlow', 'orgCertifyFlow', 'poolFlow']),
    );
    expect(coveredActions().has('claimFlow.submit')).toBe(true);
    expect(coveredActions().has('rightFlow.approve')).toBe(true);
  });

  it('every action that leads to a state (`to`) is taken through transition()', () => {
    const covered = coveredActions();
    const missing = flows.flatMap(([name, flow]) =>
      Object.entries(flow.actions)
        .filter(([, action]) => action.to !== undefined)
        .map(([key]) => `${name}.${key}`)
        .filter((id) => !covered.has(id) && !routesName(id.split('.')[0], id.split('.')[1])),
    );
    expect(missing).toEqual([]);
  });

  it('every decision (an action declaring `decision`) goes through decide(), which writes its approval record', () => {
    const decided = coveredActions([DECIDE]);
    const missing = flows.flatMap(([name, flow]) =>
      Object.entries(flow.actions)
        .filter(([, action]) => action.decision)
        .map(([key]) => `${name}.${key}`)
        .filter((id) => !decided.has(id)),
    );
    expect(decided.size).toBeGreaterThanOrEqual(8);
    expect(missing).toEqual([]);
  });

  it('no state of a flow is written outside its declaration (target states come from `to`, a new record’s from `initial`)', () => {
    const stateFields = new Set(flows.map(([, flow]) => flow.stateField!));
    // the constants that spell the flows' states (ItemStatus shares their codes but is no flow's, so the list is named)
    const stateSets = ['ClaimStatus', 'BatchStatus', 'AuditStatus', 'EnterStatus', 'CertifyStatus', 'PoolStatus'];
    for (const name of stateSets) {
      const values = Object.values((contracts as unknown as Record<string, object>)[name]);
      expect(
        flows.some(([, flow]) => statesOf(flow).every((state) => values.includes(state))),
        name,
      ).toBe(true);
    }
    const written = new RegExp(`\\b(${[...stateFields].join('|')}):\\s*(${stateSets.join('|')})\\.\\w+`, 'g');
    const found = sources.flatMap(({ file, text }) => [...text.matchAll(written)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
