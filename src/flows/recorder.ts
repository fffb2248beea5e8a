import { randomBytes } from 'node:crypto';
import type { EngineSession } from '../core/engine-session';
import { describeFingerprint } from '../core/act/fingerprint';
import { describeInPage } from '../core/page/describe-in-page';
import { selectorsInPage } from '../core/page/selectors-in-page';
import { describeElementByAttribute } from '../core/snapshot/describe-element';
import type { ActionStep, Flow } from '../schema';
import { installRecorder, MARK_ATTRIBUTE, type RecordedEvent } from './recorder-script';

export type RecordedVariables = NonNullable<Flow['variables']>;

export interface RecordedStep {
  readonly step: ActionStep;
  /** Variables the step introduces (a secret for what was typed into a password field). */
  readonly variables?: RecordedVariables;
}

export interface RecorderOptions {
  /** Told about a gesture that could not be made into a step, with why: a step is never dropped silently. */
  readonly onProblem?: (message: string) => void;
}

let recorders = 0;

/**
 * Records what a person does in the session's browser as flow steps. Each element is described in the page at the
 * start of the gesture (role, name, the anchor of an unnamed element, selectors that find it alone), by the function
 * replay checks targets with. Typing into a password field becomes a secret variable: the value is never kept.
 */
export class Recorder {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  readonly steps: RecordedStep[] = [];
  readonly problems: string[] = [];

  private constructor(private readonly session: EngineSession, private readonly token: string, private readonly onStep: (recorded: RecordedStep) => void | Promise<void>, private readonly options: RecorderOptions) {}

  static async start(session: EngineSession, onStep: (recorded: RecordedStep) => void | Promise<void> = () => undefined, options: RecorderOptions = {}): Promise<Recorder> {
    // Unguessable names: a page cannot find the binding by name, nor forge events without the token.
    const binding = `__rehearseRecord${++recorders}_${randomBytes(8).toString('hex')}`;
    const token = randomBytes(16).toString('hex');
    const recorder = new Recorder(session, token, onStep, options);
    const context = session.page().context();
    await context.exposeBinding(binding, (source, event: RecordedEvent & { token?: unknown }) => {
      if (event?.token === token) recorder.receive(event, source.frame === source.page.mainFrame());
    });
    const script = `(${installRecorder.toString()})(${JSON.stringify(binding)}, ${JSON.stringify(MARK_ATTRIBUTE)}, ${JSON.stringify(token)}, ${describeInPage.toString()}, ${selectorsInPage.toString()})`;
    await context.addInitScript(script);
    for (const page of context.pages()) {
      for (const frame of page.frames()) await frame.evaluate(script).catch(() => undefined);
    }
    return recorder;
  }

  /** Stops recording and waits for the steps already under way. */
  async stop(): Promise<RecordedStep[]> {
    // Clicks the page still holds back (waiting to see whether they become a double click) are sent now.
    for (const frame of this.session.page().frames()) {
      await frame.evaluate((key) => (window as unknown as Record<symbol, (() => void) | undefined>)[Symbol.for(key)]?.(), `rehearse.recorder.${this.token}`).catch(() => undefined);
    }
    await this.queue;
    this.stopped = true;
    for (const frame of this.session.page().frames()) {
      await frame.evaluate((mark) => document.querySelectorAll(`[${mark}]`).forEach((element) => element.removeAttribute(mark)), MARK_ATTRIBUTE).catch(() => undefined);
    }
    return this.steps;
  }

  private receive(event: RecordedEvent, inMainFrame: boolean): void {
    if (this.stopped) return;
    // Selectors made in the page serve for the main document; elements in frames and shadow roots are named by the
    // engine's snapshot, which knows the hops. Asked at once: the element may be gone after the click.
    const fromSnapshot = event.page || (inMainFrame && event.selectors.length) ? undefined : describeElementByAttribute(this.session.page(), MARK_ATTRIBUTE, event.mark).catch(() => undefined);
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      const snapshot = fromSnapshot ? await fromSnapshot : undefined;
      const selectors = snapshot ? [snapshot.selector, ...snapshot.fallbacks] : event.selectors;
      const described = describeFingerprint(event.fingerprint);
      if (!selectors.length) {
        const problem = `${event.kind} on ${described} was not recorded: the element could not be found again to name it (it left the page at once). Record that step again, or add it by hand.`;
        this.problems.push(problem);
        this.options.onProblem?.(problem);
        return;
      }
      const recorded = toStep(event, selectors, described);
      this.steps.push(recorded);
      await this.onStep(recorded);
    }).catch(() => undefined);
  }
}

function variableName(field: string | undefined, name: string): string {
  const base = (field || name || 'secret').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(base) ? base : `field_${base}`;
}

function toStep(event: RecordedEvent, [selector, ...fallbacks]: readonly string[], description: string): RecordedStep {
  const { role, anchor } = event.fingerprint;
  // A count in the name is written as a pattern (README: flow files, target names).
  const name = event.namePattern ? `/${event.namePattern}/i` : event.fingerprint.name;
  const base = { ...(fallbacks.length ? { fallbacks } : {}), target: { role, name, ...(anchor ? { anchor } : {}) } };
  const action = (method: string, args: string[]) => ({ action: { selector: selector!, description, method, arguments: args }, ...base });
  switch (event.kind) {
    case 'fill': {
      if (!event.secret) return { step: action('fill', [event.value ?? '']) };
      const variable = variableName(event.field, event.fingerprint.name);
      return { step: action('fill', [`%${variable}%`]), variables: { [variable]: { description: `typed into ${description}`, secret: true } } };
    }
    case 'select': return { step: action('selectOption', event.values ? [...event.values] : [event.value ?? '']) };
    case 'doubleClick': return { step: action('doubleClick', []) };
    case 'rightClick': return { step: action('rightClick', []) };
    case 'scroll': {
      const scrolled = action('scrollTo', [event.value ?? '0']);
      // The page itself is not an element a person names: no target to check.
      if (!event.page) return { step: scrolled };
      const { target: _none, fallbacks: _others, ...page } = scrolled;
      return { step: { ...page, action: { ...page.action, description: 'the page' } } };
    }
    case 'check': return { step: action('check', []) };
    case 'uncheck': return { step: action('uncheck', []) };
    case 'press': return { step: action('press', [event.value ?? 'Enter']) };
    default: return { step: action('click', []) };
  }
}
