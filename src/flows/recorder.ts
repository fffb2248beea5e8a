import { randomBytes } from 'node:crypto';
import { recorderLibraries, recordingBinding, RECORDER_LIBRARY_KEY } from './recording-context';
import type { EngineSession } from '../core/engine-session';
import { describeFingerprint } from '../core/act/fingerprint';
import { describeElementByAttribute } from '../core/snapshot/describe-element';
import type { ActionStep, RecordedStep } from '../schema';
import { keepSecret, type FlowVariables } from './capture';
import { RECORDING_MARK } from '../core/page/keys';
import type { RecordedEvent } from '../core/page/recorded-event';
import { locatorFor } from '../core/act/locate';
import { ariaSnapshotForFlow } from '../core/aria-snapshot';
import { byMeaning } from '../core/snapshot/by-meaning';
import { inFrame, throughFrame } from './frame-selectors';
import { CrossFrameDrags, JOIN_WITHIN_MS } from './cross-frame-drag';
import { MAX_ARIA_SNAPSHOT_CHARS, RECORD_MODE_LABELS, RECORD_MODES, type RecordMode } from '../schema';
import type { Frame, Page } from 'playwright-core';

export type RecordedVariables = FlowVariables;

export type { RecordedStep };

export interface RecorderOptions {
  /** Told about a gesture that could not be made into a step, with why: a step is never dropped silently. */
  readonly onProblem?: (message: string) => void;
  /** Told the locator of an element the person picked in the toolbar's Pick locator mode. */
  readonly onPicked?: (selector: string) => void;
}

/** The recording under way in each session, for the toolbar's mode to be set from outside (VS Code). */
const running = new WeakMap<EngineSession, Recorder>();

/** What a frame's recorder offers the engine (see installRecorder). */
interface FrameControl {
  setMode(mode: RecordMode): void;
  say(text: string): void;
  remove(): void;
}

/**
 * Records what a person does in the session's browser as flow steps. Each element is described in the page at the
 * start of the gesture (role, name, the anchor of an unnamed element, selectors that find it alone), by the function
 * replay checks targets with. Typing into a password field becomes a secret variable: the value is never kept.
 */
/** What a frame's recorder hands back when it stops: what it held, and how many events it had sent until then. */
interface HandedBack {
  readonly events?: unknown;
  readonly document?: unknown;
  readonly sent?: unknown;
}

/** How long Stop waits for the events a page sent before it to arrive (they come within milliseconds). */
const ARRIVAL_MS = 2000;

export class Recorder {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  /** How many events each document's recorder sent through the binding that have arrived here. */
  private readonly arrived = new Map<string, number>();
  private arrival = () => undefined as void;
  readonly steps: RecordedStep[] = [];
  readonly problems: string[] = [];
  /** The main frame's address and document at the last action there, and whether that action may have led elsewhere. */
  private lastPlace?: { url: string; document?: string | undefined; mayLeave: boolean };
  private unfollow = () => undefined as void;
  private uninstall = async () => undefined as void;

  /** The halves of drags from one frame into another, joined as they come. */
  private readonly crossFrame = new CrossFrameDrags();

  /** What a click in the browser does now: the toolbar's mode, the same in every frame. */
  private mode: RecordMode = 'record';
  private readonly followNavigation = (frame: Frame) => {
    if (this.mode !== 'record') void this.control(frame, 'setMode', this.mode);
  };

  private constructor(private readonly session: EngineSession, private readonly token: string, private readonly onStep: (recorded: RecordedStep) => void | Promise<void>, private readonly options: RecorderOptions) {}

  /** The recording under way in a session, if there is one. */
  static of(session: EngineSession): Recorder | undefined {
    return running.get(session);
  }

  get currentMode(): RecordMode {
    return this.mode;
  }

  /** Sets what a click in the browser does, in every frame of every page (the toolbar shows it). */
  async setMode(mode: RecordMode): Promise<void> {
    this.mode = mode;
    await Promise.all(this.frames().map((frame) => this.control(frame, 'setMode', mode)));
  }

  private frames(): Frame[] {
    return this.session.page().context().pages().flatMap((page) => page.frames());
  }

  /** Calls the recorder's control in a frame; a frame that is gone or not yet recording is left alone. */
  private async control<K extends keyof FrameControl>(frame: Frame, name: K, ...args: Parameters<FrameControl[K]>): Promise<void> {
    await frame.evaluate(([key, method, values]) => {
      const control = (window as unknown as Record<symbol, Record<string, (...inputs: unknown[]) => void> | undefined>)[Symbol.for(key)];
      control?.[method]?.(...values);
    }, [`rehearse.recorder.${this.token}.control`, name, args] as const).catch(() => undefined);
  }

  /** A line in the toolbar (the top frame's of each page). */
  private say(text: string): void {
    for (const page of this.session.page().context().pages()) void this.control(page.mainFrame(), 'say', text);
  }

  static async start(session: EngineSession, onStep: (recorded: RecordedStep) => void | Promise<void> = () => undefined, options: RecorderOptions = {}): Promise<Recorder> {
    // Unguessable names: a page cannot find the binding by name, nor forge events without the token.
    const token = randomBytes(16).toString('hex');
    const recorder = new Recorder(session, token, onStep, options);
    recorder.lastPlace = { url: session.page().url(), mayLeave: false };
    const context = session.page().context();
    const bound = await recordingBinding(context);
    const binding = bound.name;
    bound.recordings.set(token, (source, event) => {
      recorder.arrived_(event.via);
      if (event.kind === 'mode') {
        if ((RECORD_MODES as readonly unknown[]).includes(event.mode)) void recorder.setMode(event.mode as RecordMode);
        return;
      }
      recorder.receive(event, source.frame);
    });
    const follow = (page: Page) => page.on('framenavigated', recorder.followNavigation);
    context.pages().forEach(follow);
    context.on('page', follow);
    recorder.unfollow = () => {
      context.off('page', follow);
      for (const page of context.pages()) page.off('framenavigated', recorder.followNavigation);
    };
    running.set(session, recorder);
    // The recorder's code and Playwright's selector engine (which proves the selectors it writes) are installed once
    // per browser context, as inert functions; each recording only calls them. Playwright keeps every init script's
    // source until its context closes, disposed or not: 400 KB a recording added up, hour after hour, in one session.
    const libraries = await recorderLibraries(context);
    const script = `(() => { const install = window[Symbol.for(${JSON.stringify(RECORDER_LIBRARY_KEY)})]; if (install) install(${JSON.stringify(binding)}, ${JSON.stringify(token)}); })()`;
    const installed = await context.addInitScript(script);
    // A stopped recorder leaves nothing behind: no toolbar, no listeners, in pages loaded later either.
    recorder.uninstall = async () => {
      bound.recordings.delete(token);
      await installed.dispose().catch(() => undefined);
    };
    for (const page of context.pages()) {
      for (const frame of page.frames()) {
        for (const library of libraries) await frame.evaluate(library).catch(() => undefined);
        await frame.evaluate(script).catch(() => undefined);
      }
    }
    return recorder;
  }

  /** Takes a recording mark off its element, in every frame and shadow root. */
  private async unmark(mark: string): Promise<void> {
    for (const frame of this.session.page().context().pages().flatMap((page) => page.frames())) {
      await frame.evaluate(removeMarks, [RECORDING_MARK, mark] as const).catch(() => undefined);
    }
  }

  /** Counts an event that came through the binding, for `stop` to know when all a document sent has arrived. */
  private arrived_(via: { document?: unknown; sent?: unknown } | undefined): void {
    if (typeof via?.document !== 'string' || typeof via.sent !== 'number') return;
    this.arrived.set(via.document, Math.max(this.arrived.get(via.document) ?? 0, via.sent));
    this.arrival();
  }

  /** Waits, at most `ms`, until every event each document says it sent has arrived. */
  private async allArrived(sentBy: ReadonlyMap<string, number>, ms: number): Promise<void> {
    const missing = () => [...sentBy].some(([document, sent]) => (this.arrived.get(document) ?? 0) < sent);
    const until = Date.now() + ms;
    while (missing() && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, until - Date.now()));
        this.arrival = () => { clearTimeout(timer); resolve(); };
      });
    }
    this.arrival = () => undefined;
  }

  /** Stops recording and waits for the steps already under way. */
  async stop(): Promise<RecordedStep[]> {
    // Clicks the page still holds back (waiting to see whether they become a double click) are sent now.
    const sentBy = new Map<string, number>();
    for (const frame of this.session.page().context().pages().flatMap((page) => page.frames())) {
      const held = await frame.evaluate((key) => (window as unknown as Record<symbol, (() => unknown) | undefined>)[Symbol.for(key)]?.(), `rehearse.recorder.${this.token}`).catch(() => undefined) as HandedBack | undefined;
      if (typeof held?.document === 'string' && typeof held.sent === 'number') sentBy.set(held.document, held.sent);
      for (const event of Array.isArray(held?.events) ? held.events as (RecordedEvent & { token?: unknown })[] : []) if (event?.token === this.token) this.receive(event, frame);
    }
    // A step the page sent just before Stop may still be on its way: the last gesture before Stop is kept.
    await this.allArrived(sentBy, ARRIVAL_MS);
    await this.queue;
    this.expireCrossFrame(true);
    this.stopped = true;
    this.unfollow();
    await this.uninstall();
    if (running.get(this.session) === this) running.delete(this.session);
    for (const frame of this.frames()) {
      await frame.evaluate(removeMarks, [RECORDING_MARK, undefined] as const).catch(() => undefined);
      await this.control(frame, 'remove');
    }
    return this.steps;
  }

  private receive(event: RecordedEvent, frame: Frame): void {
    const inMainFrame = frame === frame.page().mainFrame();
    if (this.stopped) return;
    // Selectors made in the page serve for the main document; elements in frames and shadow roots are named by the
    // engine's snapshot, which knows the hops. Asked at once: the element may be gone after the click. The mark is
    // taken off the element then: nothing of the recorder stays in the page's content.
    const fromSnapshot = event.page || !event.mark || (inMainFrame && event.selectors.length) ? undefined
      : describeElementByAttribute(this.session.page(), RECORDING_MARK, event.mark).catch(() => undefined).finally(() => void this.unmark(event.mark));
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      if (event.problem && event.assert) return this.problem(`${RECORD_MODE_LABELS[event.assert]} on ${describeFingerprint(event.fingerprint)} was not recorded: ${event.problem}.`);
      if (event.problem) return this.problem(`${event.kind}${event.kind === 'press' && event.value ? ` ${event.value}` : ''} on ${describeFingerprint(event.fingerprint)} was not recorded: ${event.problem}. Record it again, or add the step by hand.`);
      const snapshot = fromSnapshot ? await fromSnapshot : undefined;
      // An element of a frame gone before the snapshot looked (a heading a key deleted as its click was sent): the
      // selectors its frame made and proved, behind the way into that frame.
      const selectors = snapshot ? [...inFrame(event.selectors, snapshot.selector), snapshot.selector, ...snapshot.fallbacks]
        : inMainFrame ? event.selectors : await throughFrame(this.session.page(), frame, event.selectors);
      const described = describeFingerprint(event.fingerprint);
      if (event.kind === 'dialog') {
        return this.problem(`a dialog answered after a step on ${described} (${event.dialog?.accept ? 'accepted' : 'dismissed'}) could not be tied to the step that opened it; replay will dismiss it: add "dialog": ${JSON.stringify(event.dialog)} to that step by hand`);
      }
      if (!selectors.length) return this.problem(`${event.kind} on ${described} was not recorded: the element could not be found again to name it (it left the page at once). Record that step again, or add it by hand.`);
      // A drag made in a frame names its drop target as that frame's page did: behind the way into the frame.
      if (event.kind === 'drag' && !inMainFrame && event.destination?.selectors.length) {
        event = { ...event, destination: { ...event.destination, selectors: await throughFrame(this.session.page(), frame, event.destination.selectors) } };
      }
      if (event.kind === 'dragOut' || event.kind === 'dropIn') {
        const { joined, unjoined } = this.crossFrame.add({ event, selectors, described });
        if (unjoined) this.problem(unjoined);
        // The other half may never come: said once its time is up.
        if (!joined) setTimeout(() => void (this.queue = this.queue.then(() => this.expireCrossFrame())), JOIN_WITHIN_MS + 100);
        if (joined) await this.emit(toStep(joined.event, joined.selectors, joined.described));
        return;
      }
      if (event.kind === 'drag' && !event.destination?.selectors.length) {
        return this.problem(`dragging ${described} was not recorded: where it was dropped (${event.destination ? describeFingerprint(event.destination.fingerprint) : 'unknown'}) has no selector that finds it alone`);
      }
      if (inMainFrame && event.url) await this.waitIfMoved(event.url, event.kind, event.document);
      if (event.kind === 'assert') return await this.asserted(event, byMeaning(selectors)!, described);
      await this.emit(toStep(event, selectors, described));
    }).catch(() => undefined);
  }

  /** A click in an assert mode: the expect step about its element, written where it was made; or the locator picked. */
  private async asserted(event: RecordedEvent, selector: string, described: string): Promise<void> {
    switch (event.assert) {
      case 'locator':
        this.say(`Locator: ${selector}`);
        this.options.onPicked?.(selector);
        return;
      case 'visible': return this.emit({ step: { expect: { selector, state: 'visible' } } });
      case 'text': return this.emit({ step: { expect: { selector, text: event.value ?? '' } } });
      case 'value': return this.emit({ step: { expect: event.checked === undefined ? { selector, value: event.value ?? '' } : { selector, state: event.checked ? 'checked' : 'unchecked' } } });
      case 'snapshot': {
        const snapshot = await ariaSnapshotForFlow(locatorFor(this.session.page(), selector)).catch((error: Error) => error);
        if (snapshot instanceof Error) return this.problem(`Assert snapshot on ${described} was not recorded: its ARIA snapshot could not be read (${snapshot.message.split('\n')[0]}).`);
        if ('refused' in snapshot) return this.problem(`Assert snapshot on ${described} was not recorded: ${snapshot.refused}.`);
        if (snapshot.aria.length > MAX_ARIA_SNAPSHOT_CHARS) return this.problem(`Assert snapshot on ${described} was not recorded: its ARIA snapshot is ${snapshot.aria.length} characters, more than a flow holds (${MAX_ARIA_SNAPSHOT_CHARS}); pick a smaller region.`);
        return this.emit({ step: { expect: { selector, aria: snapshot.aria } } });
      }
      default: return this.problem(`a click in an unknown mode on ${described} was not recorded`);
    }
  }

  private async emit(recorded: RecordedStep): Promise<void> {
    this.steps.push(recorded);
    await this.onStep(recorded);
  }

  private expireCrossFrame(force = false): void {
    const unjoined = this.stopped && !force ? undefined : this.crossFrame.expire(Date.now(), force);
    if (unjoined) this.problem(unjoined);
  }

  private problem(message: string): void {
    this.problems.push(message);
    this.say(message);
    this.options.onProblem?.(message);
  }

  /**
   * When an action took the page to another address, the next step waits for it: replay must not act on the page being
   * left (a menu on both pages, say). Only after a gesture that can lead away; the address is kept without its origin.
   */
  private async waitIfMoved(url: string, kind: RecordedEvent['kind'], document: string | undefined): Promise<void> {
    const before = this.lastPlace;
    this.lastPlace = { url, document, mayLeave: ['click', 'doubleClick', 'press', 'select', 'check', 'uncheck'].includes(kind) };
    if (!before?.mayLeave || samePlace(before.url, url)) return;
    // The same document at another address (a hash, pushState): no page was loaded, so there is none to wait for, and
    // another routing style of the same app (`#active`, `#!/active`) replays as well.
    if (before.document && document && before.document === document) return;
    const pattern = addressPattern(url);
    if (pattern) await this.emit({ step: { wait: { url: pattern } } });
  }
}

/** Runs in the page: removes the recorder's marks (one, or all), in shadow roots too. */
function removeMarks([attribute, value]: readonly [string, string | undefined]): void {
  const selector = value === undefined ? `[${attribute}]` : `[${attribute}~="${CSS.escape(value)}"]`;
  const visit = (root: Document | ShadowRoot) => {
    root.querySelectorAll(selector).forEach((element) => {
      const left = value === undefined ? '' : (element.getAttribute(attribute) ?? '').split(/\s+/).filter((mark) => mark && mark !== value).join(' ');
      if (left) element.setAttribute(attribute, left);
      else element.removeAttribute(attribute);
    });
    root.querySelectorAll('*').forEach((element) => {
      if (element.shadowRoot) visit(element.shadowRoot);
    });
  };
  visit(document);
}

function samePlace(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return a === b;
  const [first, second] = [new URL(a), new URL(b)];
  return first.pathname === second.pathname && first.hash === second.hash;
}

/**
 * An address as a wait step matches it on any origin: the path and hash (`/commands/actions`, `/#/active`); the page
 * itself as a pattern for the root; numbers and long ids in the path, which change between runs, match anything.
 */
function addressPattern(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const { pathname, hash, protocol } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  const place = pathname + hash;
  if (place === '/') return '/^[a-z]+:\\/\\/[^/]+\\/?(\\?[^#]*)?$/';
  const varying = /^(\d+|[0-9a-f]{16,}|[0-9a-f-]{36})$/i;
  const parts = place.split('/');
  if (!parts.some((part) => varying.test(part))) return place;
  return `*${parts.map((part) => (varying.test(part) ? '*' : part)).join('/')}*`;
}


/**
 * A step on the page itself (its scroll, a key with no element focused) names no element: no target to check, whatever
 * the page's text is by then.
 */
function onThePage(step: ActionStep, event: RecordedEvent): RecordedStep {
  if (!event.page) return { step };
  const { target: _none, fallbacks: _others, ...page } = step;
  return { step: { ...page, action: { ...page.action, description: 'the page' } } };
}

function toStep(event: RecordedEvent, [selector, ...fallbacks]: readonly string[], description: string): RecordedStep {
  const { role, anchor, section, cell } = event.fingerprint;
  // A count in the name is written as a pattern (README: flow files, target names).
  const name = event.namePattern ? `/${event.namePattern}/i` : event.fingerprint.name;
  const base = { ...(fallbacks.length ? { fallbacks } : {}), target: { role, name, ...(anchor ? { anchor } : {}), ...(section ? { section } : {}), ...(cell ? { cell } : {}) } };
  const { order, ...states } = event.effect ?? {};
  const effect = event.effect ? { effect: { ...states, ...(order ? { order: [...order] } : {}) } } : {};
  const action = (method: string, args: string[]): ActionStep => ({ action: { selector: selector!, description, method, arguments: args }, ...base, ...(event.dialog ? { dialog: event.dialog } : {}), ...effect });
  const position = event.position ? event.position.map(String) : [];
  switch (event.kind) {
    case 'fill': {
      const filled = action('fill', [event.value ?? '']);
      return event.secret ? keepSecret(filled, event.field || event.fingerprint.name) : { step: filled };
    }
    case 'type': return { step: action('type', [event.value ?? '']) };
    case 'select': return { step: action('selectOption', event.values ? [...event.values] : [event.value ?? '']) };
    case 'doubleClick': return { step: action('doubleClick', position) };
    case 'rightClick': return { step: action('rightClick', position) };
    case 'hover': return { step: action('hover', []) };
    case 'focus': return { step: action('focus', []) };
    case 'blur': return { step: action('blur', []) };
    case 'drag': {
      const { selectors, offset, picked, trail } = event.destination!;
      return { step: action('dragAndDrop', [selectors[0]!, ...(offset ? [...offset, ...(picked ?? [])] : []).map(String), ...(offset && picked && trail ? [trail] : [])]) };
    }
    case 'upload': return { step: action('setInputFiles', [...(event.files ?? [])]) };
    case 'scroll': return onThePage(action('scrollTo', [event.value ?? '0', ...(event.scrollLeft ? [event.scrollLeft] : [])]), event);
    case 'check': return { step: action('check', []) };
    case 'uncheck': return { step: action('uncheck', []) };
    case 'press': return onThePage(action('press', [event.value ?? 'Enter']), event);
    default: return { step: action('click', position) };
  }
}
