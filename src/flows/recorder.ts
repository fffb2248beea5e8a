import { randomBytes } from 'node:crypto';
import type { EngineSession } from '../core/engine-session';
import { describeElementByAttribute, type ElementDescription } from '../core/snapshot/describe-element';
import type { ActionStep, Flow } from '../schema';
import { installRecorder, MARK_ATTRIBUTE, type RecordedEvent } from './recorder-script';

export type RecordedVariables = NonNullable<Flow['variables']>;

export interface RecordedStep {
  readonly step: ActionStep;
  /** Variables the step introduces (a secret for what was typed into a password field). */
  readonly variables?: RecordedVariables;
}

let recorders = 0;

/**
 * Records what a person does in the session's browser as flow steps, with the engine's durable selectors and each
 * element's role and name. Typing into a password field becomes a secret variable: the value is never kept.
 */
export class Recorder {
  private readonly descriptions = new Map<string, Promise<ElementDescription | undefined>>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  readonly steps: RecordedStep[] = [];

  private constructor(private readonly session: EngineSession, private readonly onStep: (recorded: RecordedStep) => void | Promise<void>) {}

  static async start(session: EngineSession, onStep: (recorded: RecordedStep) => void | Promise<void> = () => undefined): Promise<Recorder> {
    const recorder = new Recorder(session, onStep);
    // Unguessable names: a page cannot find the binding by name, nor forge events without the token.
    const binding = `__rehearseRecord${++recorders}_${randomBytes(8).toString('hex')}`;
    const token = randomBytes(16).toString('hex');
    const context = session.page().context();
    await context.exposeBinding(binding, (_source, event: RecordedEvent & { token?: unknown }) => {
      if (event?.token === token) recorder.receive(event);
    });
    const script = `(${installRecorder.toString()})(${JSON.stringify(binding)}, ${JSON.stringify(MARK_ATTRIBUTE)}, ${JSON.stringify(token)})`;
    await context.addInitScript(script);
    for (const page of context.pages()) {
      for (const frame of page.frames()) await frame.evaluate(script).catch(() => undefined);
    }
    return recorder;
  }

  /** Stops recording and waits for the steps already under way. */
  async stop(): Promise<RecordedStep[]> {
    await this.queue;
    this.stopped = true;
    for (const frame of this.session.page().frames()) {
      await frame.evaluate((mark) => document.querySelectorAll(`[${mark}]`).forEach((element) => element.removeAttribute(mark)), MARK_ATTRIBUTE).catch(() => undefined);
    }
    return this.steps;
  }

  private describe(mark: string): Promise<ElementDescription | undefined> {
    let description = this.descriptions.get(mark);
    if (!description) {
      description = describeElementByAttribute(this.session.page(), MARK_ATTRIBUTE, mark).catch(() => undefined);
      this.descriptions.set(mark, description);
    }
    return description;
  }

  private receive(event: RecordedEvent): void {
    if (this.stopped) return;
    // Describe at once (the element may be gone after the click), record in order.
    const description = this.describe(event.mark);
    if (event.kind === 'target') return;
    this.queue = this.queue.then(async () => {
      const described = await description;
      if (!described || this.stopped) return;
      const recorded = toStep(event, described);
      this.steps.push(recorded);
      await this.onStep(recorded);
    }).catch(() => undefined);
  }
}

function variableName(field: string | undefined, fingerprint: ElementDescription['fingerprint']): string {
  const base = (field || fingerprint.name || 'secret').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(base) ? base : `field_${base}`;
}

function toStep(event: RecordedEvent, element: ElementDescription): RecordedStep {
  const description = `${element.fingerprint.role === 'generic' ? 'element' : element.fingerprint.role} "${element.fingerprint.name}"`;
  const base = { fallbacks: [...element.fallbacks], target: element.fingerprint };
  const action = (method: string, args: string[]) => ({ action: { selector: element.selector, description, method, arguments: args }, ...base });
  switch (event.kind) {
    case 'fill': {
      if (!event.secret) return { step: action('fill', [event.value ?? '']) };
      const name = variableName(event.field, element.fingerprint);
      return { step: action('fill', [`%${name}%`]), variables: { [name]: { description: `typed into ${description}`, secret: true } } };
    }
    case 'select': return { step: action('selectOption', [event.value ?? '']) };
    case 'check': return { step: action('check', []) };
    case 'uncheck': return { step: action('uncheck', []) };
    case 'press': return { step: action('press', [event.value ?? 'Enter']) };
    default: return { step: action('click', []) };
  }
}
