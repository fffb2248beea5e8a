/**
 * npm run bench: engine figures on this machine, printed as tables.
 *  - snapshot: median ms and prompt tokens (characters / 4) per fixture;
 *  - observe: median ms per call with the scripted model on loopback (the model's own latency is not Rehearse's);
 *  - act(Action) next to a raw Playwright locator.click() on the same element, as a ratio (target ≤ 1.2×);
 *  - the local planner's act of a plain click: median ms and model calls (target ≤ 100 ms, 0 calls);
 *  - recording that replays: the record suite's rates (round trips, kitchensink gestures replayed on another origin).
 *  - the recorder's cost: a large page's input-to-paint time with and without it (a ratio), a gesture's time to its step.
 */
import { execFile } from 'node:child_process';
import { chromiumMemoryMiB } from '../support/process-memory';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSession, type EngineSession } from '../../src/core/engine-session';
import { saveFlow } from '../../src/flows/format';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService } from '../../src/service/server';
import { replayFlow } from '../../src/flows/replay';
import type { Action, ActionOutput, Flow } from '../../src/schema';
import type { Fingerprint } from '../../src/core/snapshot/snapshot';
import { relocate } from '../../src/core/act/relocate';
import { takeSnapshot } from '../../src/core/snapshot/snapshot';
import { ScriptedModelServer } from '../support/model-server';
import { replayRates } from './replay-rates';
import { replayProcessRows } from './replay-processes';
import { liveViewRows } from './live-view';
import { recorderCostRows } from './recorder-cost';
import { median } from './stats';
import { scaleRows } from './scale';
import { SOAK_SAMPLE_HEADER, soakTables } from './soak';
import { bigFlowRows, manyFilesRows } from './big-inputs';
import { agentPlan } from '../support/agent-plan';
import { pickElementRule } from '../support/page-rule';
import { profileObserve } from './observe-profile';
import { comparePeers, stagehandReplays, type PeerFixture } from './peers';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';
import type { Page } from 'playwright-core';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function timed(run: () => Promise<unknown>, times = RUNS): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function table(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  console.log(`\n${title}`);
  for (const [index, row] of cells.entries()) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

/** What the sections share: the fixtures served on loopback, the scripted model, one engine session on its page. */
interface Bench {
  readonly models: ScriptedModelServer;
  readonly url: (path: string) => string;
  readonly session: EngineSession;
  readonly page: Page;
  readonly fixtures: readonly (PeerFixture & { fixture: string })[];
  /** The 4,000-control table. */
  readonly large: PeerFixture & { fixture: string };
}

const FORGOT = 'role=button[name="Forgot password?"]';

/** Snapshot size and time per fixture. */
async function benchSnapshot({ models, url, session, page, fixtures }: Bench): Promise<void> {
  const snapshotRows: (string | number)[][] = [];
  for (const { fixture, label, instruction } of fixtures) {
    let tokens = 0;
    let elements = 0;
    const samples: number[] = [];
    // Each snapshot on a freshly loaded page: a second one on the same page would be the kept capture.
    for (let run = 0; run < (fixture.startsWith('table') ? 7 : RUNS); run++) {
      await session.navigate(url(fixture));
      const started = performance.now();
      const snapshot = await takeSnapshot(page, { instruction });
      samples.push(performance.now() - started);
      tokens = snapshot.tokens;
      elements = snapshot.elements.size;
    }
    models.requests.length = 0;
    await session.observe(instruction);
    const promptTokens = Math.ceil(JSON.stringify(models.requests[0]?.body ?? {}).length / 4);
    snapshotRows.push([label, elements, median(samples).toFixed(0), tokens, promptTokens]);
  }
  table('Snapshot of a freshly loaded page (median ms; tokens = characters / 4)', ['fixture', 'elements', 'snapshot ms', 'outline tokens', 'prompt tokens'], snapshotRows);
}

/** Where a cold and a warm observe spend their time on the large page. */
async function benchProfile({ models, session, large }: Bench): Promise<void> {
  const profile = await profileObserve(session, models, large.url, large.instruction, 5);
  table(`Where observe spends its time on table.html (4,000 controls), median ms of 5; the model server's own time apart`, ['phase', 'cold observe', 'warm observe'], [
    ...profile.rows.map((row) => [row.phase, row.coldMs.toFixed(1), row.warmMs.toFixed(1)]),
    ['total (wall)', profile.coldMs.toFixed(0), profile.warmMs.toFixed(0)],
    ['of which the scripted model server', profile.modelServerMs.toFixed(1), '—'],
  ]);
  console.log(`Resident memory during the cold observes: the engine's process (this bench, servers included) ${profile.baseNodeMiB.toFixed(0)} MiB before, ${profile.peakNodeMiB.toFixed(0)} MiB at the peak; all Chromium processes ${profile.peakBrowserMiB.toFixed(0)} MiB (proportional set size).`);
}

/** Milliseconds as the tables show them; none (a peer that never acted) as a dash. */
function ms(value: number | undefined): string {
  return value !== undefined && Number.isFinite(value) ? value.toFixed(0) : '—';
}

/** Rehearse next to Stagehand 3 and 4: observe and act(Action) per fixture. */
async function benchPeers({ models, fixtures }: Bench): Promise<void> {
  const peers = await comparePeers(models, fixtures, 5, (text) => console.log(text));
  table(`Rehearse next to Stagehand (same pages, browser build and scripted model; median ms of 5)`,
    ['fixture', 'peer', 'cold observe', 'warm observe', 'act(Action) after observe', 'act(Action) on the page loaded anew', 'the same XPath Action for all, page loaded anew', 'raw Playwright click', 'model server', 'right pick'],
    peers.map((row) => [row.fixture, row.peer, row.coldMs.toFixed(0), row.warmMs.toFixed(0), ms(row.actMs), ms(row.replayMs), ms(row.givenReplayMs), ms(row.rawMs), row.modelMs.toFixed(1), row.right]));
  const others = [...new Set(peers.map((row) => row.peer))].filter((peer) => peer !== 'Rehearse');
  // A peer that picked nothing acted on nothing: no time to compare with.
  const ratio = (mine: number, theirs: number | undefined) => (theirs && Number.isFinite(theirs) && Number.isFinite(mine) ? `${(mine / theirs).toFixed(2)}×` : '—');
  table('Rehearse ÷ each peer (below 1: Rehearse is faster)',
    ['fixture', ...others.flatMap((peer) => [`cold ÷ ${peer}`, `warm ÷ ${peer}`, `act ÷ ${peer}`, `replayed act ÷ ${peer}`, `same XPath Action ÷ ${peer}`]), 'replayed act ÷ raw Playwright'],
    peers.filter((row) => row.peer === 'Rehearse').map((mine) => {
      const of = (peer: string) => peers.find((row) => row.peer === peer && row.fixture === mine.fixture);
      return [mine.fixture, ...others.flatMap((peer) => [ratio(mine.coldMs, of(peer)?.coldMs), ratio(mine.warmMs, of(peer)?.warmMs), ratio(mine.actMs, of(peer)?.actMs), ratio(mine.replayMs, of(peer)?.replayMs), ratio(mine.givenReplayMs ?? NaN, of(peer)?.givenReplayMs)]), ratio(mine.replayMs, mine.rawMs)];
    }));
}

/** act(Action) and the local planner next to raw Playwright. */
async function benchAct({ models, url, session, page }: Bench): Promise<void> {
  await session.navigate(url('login.html'));
  const selector = FORGOT;
  for (let warm = 0; warm < 5; warm++) await page.locator(selector).click();
  const rawMs = await timed(() => page.locator(selector).click(), 40);
  const actMs = await timed(() => session.act({ selector, description: 'Forgot password', method: 'click', arguments: [] }), 40);
  const cssRaw = await timed(() => page.locator('css=#remember').click(), 40);
  const cssAct = await timed(() => session.act({ selector: 'css=#remember', description: 'Remember me', method: 'click', arguments: [] }), 40);
  const fillRaw = await timed(() => page.locator('css=#email').fill('ada@example.com'), 40);
  const fillAct = await timed(() => session.act({ selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['ada@example.com'] }), 40);
  models.requests.length = 0;
  const plannerMs = await timed(() => session.act('click Forgot password?'), 40);
  const plannerCalls = models.requests.length;
  // What each kind of stored selector costs on the 4,000-control table, for the Edit button of row 1,500 (every
  // button there is named "Edit": a role selector alone finds 2,000, so a recorded step leads with one of these).
  await session.navigate(url('table.html'));
  const kinds = [
    ['structural css=', 'css=#orders > tbody > tr:nth-child(1500) button'],
    ['xpath=', 'xpath=//table[@id="orders"]/tbody/tr[1500]/td[4]/button'],
  ] as const;
  const tableRows: string[][] = [];
  for (const [kind, tableSelector] of kinds) {
    const raw = await timed(() => page.locator(tableSelector).click(), 20);
    const mine = await timed(() => session.act({ selector: tableSelector, description: 'Edit', method: 'click', arguments: [] }), 20);
    tableRows.push([`act(Action) click on table.html row 1,500, ${kind} selector`, mine.toFixed(2), raw.toFixed(2), `${(mine / raw).toFixed(2)}×`]);
  }
  table('act (median ms)', ['what', 'Rehearse', 'raw Playwright', 'ratio'], [
    ['act(Action) click, role= selector', actMs.toFixed(2), rawMs.toFixed(2), `${(actMs / rawMs).toFixed(2)}×`],
    ['act(Action) click, css= selector (found by the page itself)', cssAct.toFixed(2), cssRaw.toFixed(2), `${(cssAct / cssRaw).toFixed(2)}×`],
    ['act(Action) fill', fillAct.toFixed(2), fillRaw.toFixed(2), `${(fillAct / fillRaw).toFixed(2)}×`],
    ['act("click Forgot password?") local planner', plannerMs.toFixed(2), '—', `${plannerCalls} model calls`],
    ...tableRows,
  ]);
}

/** act by instruction on the large page. */
async function benchInstruction({ models, session, large }: Bench): Promise<void> {
  // Act by instruction on the large page goes the way observe does (one capture, the model's pick checked, then the act).
  const firstActs: number[] = [];
  const secondActs: number[] = [];
  models.requests.length = 0;
  for (let run = 0; run < 5; run++) {
    await session.navigate(large.url);
    for (const into of [firstActs, secondActs]) {
      const started = performance.now();
      await session.act(large.instruction);
      into.push(performance.now() - started);
    }
  }
  table(`act by instruction on table.html (4,000 controls), median ms of 5: "${large.instruction}"`, ['when', 'ms', 'model calls per act'], [
    ['first on a freshly loaded page', median(firstActs).toFixed(0), (models.requests.length / 10).toFixed(1)],
    ['again on the same page (after the first click)', median(secondActs).toFixed(0), ''],
  ]);
}

/** the agent on the large page. */
async function benchAgent({ models, session, large }: Bench): Promise<void> {
  // The agent reads the page the same way at each step; two clicks, then done, on a freshly loaded large page.
  models.answerWith(agentPlan([{ tool: 'act', find: 'button "Edit"', method: 'click' }, { tool: 'act', find: 'button "Edit"', method: 'click' }]));
  const perStep: number[] = [];
  for (let run = 0; run < 3; run++) {
    await session.navigate(large.url);
    const started = performance.now();
    const result = await session.agentExecute({}, { instruction: 'click Edit twice', maxSteps: 4 });
    if (!result.completed) throw new Error(`the bench's agent run did not complete: ${result.message}`);
    perStep.push((performance.now() - started) / result.actions.length);
  }
  models.answerWith(pickElementRule);
  table('agent on table.html (4,000 controls), median of 3 runs of 3 steps (click, click, done)', ['measure', 'ms'], [['per step (its outline, the scripted model, the action)', median(perStep).toFixed(0)]]);
}

/** The login page's elements by XPath where a step's selector names them by role. */
const XPATHS: Readonly<Record<string, string>> = {
  'role=textbox[name="Email"]': '//*[@id="email"]', 'role=textbox[name="Password"]': '//*[@id="password"]',
  'role=searchbox[name="Search"]': '//input[@type="search"]', 'role=button[name="Forgot password?"]': '//button[@type="button"]',
};

/** a 20-step flow replayed, in-process and by the CLI, and its Actions beside Stagehand's replay of them. */
async function benchReplay({ models, url, session, page }: Bench): Promise<void> {
  // A 20-step flow on the fixtures, replayed by Rehearse (verified selectors, expectations) and by a hand-written script.
  const twenty: Flow = {
    version: 1, name: 'Twenty steps', startUrl: url('login.html'),
    steps: [
      ...['Email', 'Password'].map((name, index) => ({ action: { selector: `role=textbox[name="${name}"]`, description: name, method: 'fill', arguments: [`value-${index}`] }, fallbacks: [`css=#${name.toLowerCase()}`], target: { role: 'textbox', name } })),
      { action: { selector: 'css=#remember', description: 'Remember me', method: 'check', arguments: [] }, target: { role: 'checkbox', name: 'Remember me' } },
      { action: { selector: 'css=#country', description: 'Country', method: 'selectOption', arguments: ['Japan'] }, target: { role: 'combobox', name: 'Country' } },
      ...Array.from({ length: 6 }, () => ({ action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot', method: 'click', arguments: [] }, target: { role: 'button', name: 'Forgot password?' } })),
      { action: { selector: 'role=searchbox[name="Search"]', description: 'Search', method: 'fill', arguments: ['boots'] }, target: { role: 'searchbox', name: 'Search' } },
      { action: { selector: 'role=searchbox[name="Search"]', description: 'Search', method: 'press', arguments: ['Enter'] }, target: { role: 'searchbox', name: 'Search' } },
      { action: { selector: 'css=#remember', description: 'Remember me', method: 'uncheck', arguments: [] }, target: { role: 'checkbox', name: 'Remember me' } },
      ...Array.from({ length: 5 }, (_, index) => ({ action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: [`again-${index}`] }, target: { role: 'textbox', name: 'Email' } })),
      { expect: { text: 'search boots' } },
      { expect: { selector: 'css=#email', value: 'again-4' } },
    ],
  };
  const handWritten = async () => {
    await page.goto(url('login.html'));
    await page.getByRole('textbox', { name: 'Email' }).fill('value-0');
    await page.getByRole('textbox', { name: 'Password' }).fill('value-1');
    await page.locator('#remember').check();
    await page.locator('#country').selectOption('Japan');
    for (let index = 0; index < 6; index++) await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('boots');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.locator('#remember').uncheck();
    for (let index = 0; index < 5; index++) await page.locator('#email').fill(`again-${index}`);
    await page.getByText('search boots').first().waitFor();
    if ((await page.locator('#email').inputValue()) !== 'again-4') throw new Error('hand-written script went wrong');
  };
  for (let warm = 0; warm < 2; warm++) await handWritten();
  const rawFlowMs = await timed(handWritten, 10);
  const replayMs = await timed(async () => {
    const result = await replayFlow(session, twenty);
    if (result.status !== 'passed') throw new Error(JSON.stringify(result.steps.filter((step) => step.status !== 'passed')));
  }, 10);
  // The same flow as the recorder writes it now: the checkbox steps keep their effect, which replay checks after each.
  const withEffects: Flow = {
    ...twenty,
    steps: twenty.steps.map((step) => ('action' in step && (step.action.method === 'check' || step.action.method === 'uncheck') ? { ...step, effect: { checked: step.action.method === 'check' } } : step)),
  };
  const effectSteps = withEffects.steps.filter((step) => 'effect' in step).length;
  const effectsMs = await timed(async () => {
    const result = await replayFlow(session, withEffects);
    if (result.status !== 'passed') throw new Error(JSON.stringify(result.steps.filter((step) => step.status !== 'passed')));
  }, 10);
  const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-bench-'));
  for (let index = 0; index < 4; index++) await saveFlow(path.join(dir, `flow-${index}.flow.json`), { ...twenty, name: `Twenty steps ${index}` });
  const cli = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');
  // Asynchronously: the pages the CLI loads are served by this process.
  const wall = (workers: number) => new Promise<number>((resolve, reject) => {
    const started = performance.now();
    execFile(process.execPath, [cli, 'replay', dir, '--workers', String(workers), '--reporter', 'json'], (error, _stdout, stderr) => {
      if (error) reject(new Error(stderr || error.message));
      else resolve(performance.now() - started);
    });
  });
  const one = await wall(1);
  const two = await wall(2);
  const processes = await replayProcessRows(twenty);
  // The same 20 Actions by XPath (what Stagehand records and runs; check and uncheck are clicks there), for each peer.
  const byXPath = twenty.steps.flatMap((step): ActionOutput[] => {
    if (!('action' in step)) return [];
    const xpath = XPATHS[step.action.selector] ?? `//*[@id="${/^css=#(\w+)$/.exec(step.action.selector)?.[1]}"]`;
    const method = step.action.method === 'check' || step.action.method === 'uncheck' ? 'click' : step.action.method ?? 'click';
    return [{ selector: `xpath=${xpath}`, description: step.action.description, method, arguments: step.action.arguments ?? [] }];
  });
  const sameActions: Flow = { version: 1, name: 'Twenty Actions by XPath', startUrl: url('login.html'), steps: byXPath.map((action) => ({ action })) };
  const sameMs = await timed(async () => {
    const result = await replayFlow(session, sameActions);
    if (result.status !== 'passed') throw new Error(JSON.stringify(result.steps.filter((step) => step.status !== 'passed')));
  }, 10);
  const peers = await stagehandReplays(models, url('login.html'), byXPath, 5);
  table('replay of a 20-step flow (median ms)', ['what', 'ms', 'next to', 'ratio'], [
    ['Rehearse replay (verified targets, expectations)', replayMs.toFixed(0), `hand-written Playwright ${rawFlowMs.toFixed(0)} ms`, `${(replayMs / rawFlowMs).toFixed(2)}×`],
    [`the same with ${effectSteps} steps checking their recorded effect`, effectsMs.toFixed(0), `without effects ${replayMs.toFixed(0)} ms`, `${(effectsMs / replayMs).toFixed(2)}× (${((effectsMs - replayMs) / effectSteps).toFixed(1)} ms an effect check)`],
    ['rehearse replay, 4 flows, --workers 1 (wall, incl. browser starts)', one.toFixed(0), '—', '—'],
    ['rehearse replay, 4 flows, --workers 2', two.toFixed(0), `--workers 1 ${one.toFixed(0)} ms`, `${(two / one).toFixed(2)}×`],
    ...processes,
    ['Rehearse replay of the same 20 Actions by XPath', sameMs.toFixed(0), '—', '—'],
    ...peers.map(({ peer, ms }) => [`${peer} replaying them (goto, then act each)`, ms.toFixed(0), `Rehearse ${sameMs.toFixed(0)} ms`, `Rehearse ÷ it ${(sameMs / ms).toFixed(2)}×`]),
  ]);
}

/** the service over HTTP, and 4 sessions in parallel. */
async function benchService({ models, url, session }: Bench): Promise<void> {
  // The service: the same calls over HTTP (JSON and SSE) next to in-process, and 4 sessions in parallel.
  const keys = new ProjectKeys({ 'bench-key-0123456789abcdef': 'bench' });
  // The bench's pages are on loopback, which a service refuses unless its operator allows it (README: Security model).
  const service = new RehearseService({
    keys, session: { model: { modelName: 'openai/bench-model', baseURL: models.url('/v1'), apiKey: 'bench' }, env: {}, cache: false },
    access: { network: { allowPrivate: true, allowOrigins: [] } },
  });
  const serviceUrl = await service.listen(0, '127.0.0.1');
  const post = (path: string, body: unknown, streaming: boolean) => fetch(`${serviceUrl}${path}`, {
    method: 'POST', headers: { 'x-svc-api-key': 'bench-key-0123456789abcdef', 'content-type': 'application/json', ...(streaming ? { 'x-stream-response': 'true' } : {}) }, body: JSON.stringify(body),
  }).then(async (response) => {
    const text = await response.text();
    if (response.status !== 200 || text.includes('"status":"error"')) throw new Error(text);
  });
  const started = (await (await fetch(`${serviceUrl}/v1/sessions/start`, { method: 'POST', headers: { 'x-svc-api-key': 'bench-key-0123456789abcdef' }, body: '{}' })).json()) as { data: { sessionId: string } };
  const sid = started.data.sessionId;
  await post(`/v1/sessions/${sid}/navigate`, { url: url('login.html') }, false);
  await session.navigate(url('login.html'));
  const click = { selector: FORGOT, description: 'Forgot password', method: 'click', arguments: [] };
  const rows: (string | number)[][] = [];
  for (const [label, inProcess, overHttp] of [
    ['observe', () => session.observe('click the Forgot password? button'), (streaming: boolean) => post(`/v1/sessions/${sid}/observe`, { instruction: 'click the Forgot password? button' }, streaming)],
    ['act(Action)', () => session.act(click), (streaming: boolean) => post(`/v1/sessions/${sid}/act`, { input: click }, streaming)],
  ] as const) {
    const local = await timed(inProcess, 20);
    const jsonMs = await timed(() => (overHttp)(false), 20);
    const sseMs = await timed(() => (overHttp)(true), 20);
    rows.push([label, local.toFixed(1), jsonMs.toFixed(1), `${(jsonMs / local).toFixed(2)}× (+${(jsonMs - local).toFixed(1)} ms)`, sseMs.toFixed(1), `${(sseMs / local).toFixed(2)}× (+${(sseMs - local).toFixed(1)} ms)`]);
  }
  table('service overhead (median ms)', ['call', 'in-process', 'HTTP JSON', 'ratio', 'HTTP SSE', 'ratio'], rows);
  const before = chromiumMemoryMiB();
  const ids: string[] = [];
  for (let index = 0; index < 4; index++) {
    const start = (await (await fetch(`${serviceUrl}/v1/sessions/start`, { method: 'POST', headers: { 'x-svc-api-key': 'bench-key-0123456789abcdef' }, body: '{}' })).json()) as { data: { sessionId: string } };
    ids.push(start.data.sessionId);
    await post(`/v1/sessions/${start.data.sessionId}/navigate`, { url: url('login.html') }, false);
  }
  const after = chromiumMemoryMiB();
  const parallelStarted = performance.now();
  let calls = 0;
  await Promise.all(ids.map(async (id) => {
    for (let index = 0; index < 25; index++) {
      await post(`/v1/sessions/${id}/act`, { input: click }, false);
      calls++;
    }
  }));
  const seconds = (performance.now() - parallelStarted) / 1000;
  table('4 sessions in parallel on this machine', ['measure', 'value'], [
    ['act(Action) calls per second, all sessions', (calls / seconds).toFixed(1)],
    ['memory per session (its browser processes, proportional set size, MiB)', ((after - before) / 4).toFixed(0)],
  ]);
  await service.close();
}

/** the accessibility tree over CDP, for comparison. */
async function benchAx({ url, session, page }: Bench): Promise<void> {
  // The CDP Accessibility tree that the snapshot no longer needs, for comparison on the large page.
  await session.navigate(url('table.html'));
  const cdp = await page.context().newCDPSession(page);
  const axMs = await timed(() => cdp.send('Accessibility.getFullAXTree', {}), 3);
  console.log(`\nFor comparison: Chromium's full accessibility tree of table.html alone takes ${axMs.toFixed(0)} ms over CDP.`);
}

/**
 * relocation without a model: what one step costs when every selector failed and replay scores the page, beside the
 * same step acted on by a selector that works (the path every replay takes while nothing moved).
 */
async function benchRelocation({ url, session, page }: Bench): Promise<void> {
  const cases: readonly (readonly [string, string, Fingerprint, Action])[] = [
    ['login.html, its form retitled', 'login.html', { role: 'button', name: 'Forgot password?', section: 'Sign in to Acme Cloud' },
      { selector: FORGOT, description: 'Forgot password', method: 'hover', arguments: [] }],
    ['table.html, 2,000 links "Details"', 'table.html', { role: 'link', name: 'Details', anchor: { role: 'row', name: 'Order 1500 Emeka $0.00 Edit Details' } },
      { selector: 'css=#orders tbody tr:nth-child(1500) a', description: 'Details of order 1500', method: 'hover', arguments: [] }],
  ];
  const rows: (string | number)[][] = [];
  for (const [label, fixture, target, action] of cases) {
    await session.navigate(url(fixture));
    const broken = ['css=#gone', 'css=html > body > div:nth-of-type(9) > button'];
    const outcome = await relocate(page, target, broken);
    const relocating = await timed(() => relocate(page, target, broken), 5);
    // The step as recorded on this release: its section as the page has it.
    const recorded = target.section ? { ...target, section: 'Sign in to Acme' } : target;
    const working = await timed(() => session.act(action, { target: recorded, heal: false }), 5);
    rows.push([label, relocating.toFixed(0), outcome.relocated ? 'relocated' : 'refused', working.toFixed(0)]);
  }
  table('relocation without a model (median ms per step)', ['page', 'relocating', 'outcome', 'the same step by a selector that works'], rows);
}

/** recording that replays. */
async function benchRecord(): Promise<void> {
  table('recording that replays (the record suite: npm run eval:replay)', ['measure', 'value'], (await replayRates()).rows);
}

/** flows at scale under Playwright Test. */
async function benchScale(): Promise<void> {
  table(`flows at scale: Playwright Test on this machine (${process.env.BENCH_FLOWS ?? 200} generated 4-step flows; memory = runner, workers and browsers at the peak, per worker)`,
    ['how', 'passed', 'wall s', 'flows per minute', 'peak MiB per worker'], await scaleRows());
}

/** what recording costs a page, and how soon a gesture's step arrives. */
async function benchRecorderCost(): Promise<void> {
  const site = await serveFolder(FIXTURES_DIR);
  try {
    table('the recorder\'s cost on a large page (table.html, 2,000 rows), headless', ['measure', 'value'], await recorderCostRows(site));
  } finally {
    await site.close();
  }
}

/** the live view: latency, frames and CPU, through the service. */
async function benchLiveView(): Promise<void> {
  const site = await serveFolder(FIXTURES_DIR);
  try {
    table('live view (the Browser tab in VS Code) through the HTTP service, a headless session', ['measure', 'value'], await liveViewRows(site));
  } finally {
    await site.close();
  }
}

/** big inputs: a 2,000-step flow in the editor and replayed; rehearse replay over 1,000 files. */
async function benchBig(): Promise<void> {
  const site = await serveFolder(FIXTURES_DIR);
  try {
    table('a big flow: read as the editor reads it, and replayed', ['measure', 'value'], await bigFlowRows(site));
    table('many flow files in one rehearse replay', ['measure', 'value'], await manyFilesRows(site));
  } finally {
    await site.close();
  }
}

/** the soak: the service used for minutes on end, sampled each minute. */
async function benchSoak(): Promise<void> {
  const site = await serveFolder(FIXTURES_DIR);
  try {
    const { samples, summary } = await soakTables(site);
    table('soak: the embedded service (a child process) with a live view, recordings, two replay workers and observe at once, per sample', SOAK_SAMPLE_HEADER, samples);
    table('soak: growth after warm-up, errors and browsers left', ['measure', 'value'], summary);
  } finally {
    await site.close();
  }
}

/** In this order; a standalone section runs after the shared session and servers are closed (it measures memory). */
const SECTIONS: readonly { readonly name: string; readonly run: (bench: Bench) => Promise<void>; readonly standalone?: boolean }[] = [
  { name: 'snapshot', run: benchSnapshot },
  { name: 'profile', run: benchProfile },
  { name: 'peers', run: benchPeers },
  { name: 'act', run: benchAct },
  { name: 'instruction', run: benchInstruction },
  { name: 'agent', run: benchAgent },
  { name: 'replay', run: benchReplay },
  { name: 'service', run: benchService },
  { name: 'relocation', run: benchRelocation },
  { name: 'ax', run: benchAx },
  { name: 'record', run: benchRecord, standalone: true },
  { name: 'recorder', run: benchRecorderCost, standalone: true },
  { name: 'liveview', run: benchLiveView, standalone: true },
  { name: 'scale', run: benchScale, standalone: true },
  { name: 'big', run: benchBig, standalone: true },
  { name: 'soak', run: benchSoak, standalone: true },
];

/** BENCH_ONLY=peers,replay: those sections only; unset: all. */
function chosenSections(): typeof SECTIONS {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
  if (!only?.length) return SECTIONS;
  const unknown = only.filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length) {
    console.error(`BENCH_ONLY: no section named ${unknown.join(', ')}; there are ${SECTIONS.map((section) => section.name).join(', ')}`);
    process.exit(2);
  }
  return SECTIONS.filter((section) => only.includes(section.name));
}

async function main(): Promise<void> {
  const chosen = chosenSections();
  const site = await serveFolder(FIXTURES_DIR);
  const other = await serveFolder(FIXTURES_DIR);
  const models = await ScriptedModelServer.start();
  models.answerWith(pickElementRule);
  const url = (path: string) => `${site.origin}/${path.replace('CROSS', other.origin.replace('127.0.0.1', 'localhost'))}`;
  const session = await createSession({ model: { modelName: 'openai/bench-model', baseURL: models.url('/v1'), apiKey: 'bench' }, env: {}, cache: false });
  const page = session.page();

  const fixtures: (PeerFixture & { fixture: string })[] = [
    { fixture: 'login.html', instruction: 'click the Forgot password? button', expect: /forgot/i },
    {
      fixture: 'frames.html?cross=CROSS', instruction: 'click Pay now', expect: /pay now/i,
      replayAction: { selector: 'xpath=/html/body/iframe[2]/html/body/button', description: 'Pay now button', method: 'click', arguments: [] },
    },
    { fixture: 'shadow.html', instruction: 'click Closed subscribe', expect: /closed subscribe/i },
    { fixture: 'dropdown.html', instruction: 'click Pick a color', expect: /pick a color/i },
    { fixture: 'long.html', instruction: 'click Accept terms', expect: /accept terms/i },
    { fixture: 'table.html', instruction: 'click the Edit button in the row for order 1500', expect: /tr\[1500\]/ },
  ].map((entry) => ({ ...entry, label: entry.fixture.replace('?cross=CROSS', ''), url: url(entry.fixture) }));
  // BENCH_PAGES=frames,table: only those pages where a section goes page by page.
  const pages = process.env.BENCH_PAGES?.split(',').map((name) => name.trim()).filter(Boolean);
  const chosenPages = pages ? fixtures.filter((entry) => pages.some((name) => entry.label.startsWith(name))) : fixtures;
  const bench: Bench = { models, url, session, page, fixtures: chosenPages, large: fixtures.find((entry) => entry.fixture === 'table.html')! };
  for (const section of chosen.filter((entry) => !entry.standalone)) await section.run(bench);
  await session.end();
  await Promise.all([site.close(), other.close(), models.close()]);
  for (const section of chosen.filter((entry) => entry.standalone)) await section.run(bench);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
