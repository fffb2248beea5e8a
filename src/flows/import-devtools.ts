import { FLOW_VERSION, isNavigable, RecordingSchema, summarizeProblems, validate, type ActionStep, type Flow, type FlowStep, type RecorderSelector, type RecorderStep, type Recording } from '../schema';

/** A recording as a flow, and what of it has no equivalent in a flow (each said, with its step). */
export interface ImportedRecording {
  readonly flow: Flow;
  readonly problems: readonly string[];
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/** A recording's text (`name` says whose, in the error): its JSON, checked as a Recorder recording. */
export function parseRecording(text: string, name: string): Recording {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const checked = validate(RecordingSchema, raw);
  if (!checked.ok) throw new Error(`${name} is not a DevTools Recorder recording: ${summarizeProblems(checked.problems)}`);
  return checked.value;
}

/** One Recorder selector as a Playwright selector, or why there is none. */
function oneSelector(selector: string): string | { readonly problem: string } {
  if (selector.startsWith('aria/')) {
    const aria = /^aria\/(.*?)(?:\[role="([^"]+)"\])?$/.exec(selector)!;
    const [, name, role] = aria;
    // A name alone: what Playwright finds by its label (getByLabel), as the Recorder does for a field.
    if (!role) return `internal:label=${JSON.stringify(name)}s`;
    return `role=${role}[name=${JSON.stringify(name)}s]`;
  }
  if (selector.startsWith('text/')) return `text=${JSON.stringify(selector.slice('text/'.length))}`;
  if (selector.startsWith('xpath/')) return `xpath=${selector.slice('xpath/'.length)}`;
  // Playwright's CSS goes into open shadow roots, as pierce/ does.
  if (selector.startsWith('pierce/')) return `css=${selector.slice('pierce/'.length)}`;
  return `css=${selector}`;
}

/** A selector or a path through shadow roots (each searched inside the previous one) as one Playwright selector. */
function toSelector(selector: RecorderSelector, frame: readonly number[] | undefined): string | { readonly problem: string } {
  const parts = (typeof selector === 'string' ? [selector] : selector).map(oneSelector);
  const problem = parts.find((part) => typeof part !== 'string');
  if (problem) return problem;
  const chain = (parts as string[]).join(' >> ');
  if (!frame?.length) return chain;
  if (frame.length > 1) return { problem: `frames within frames (${JSON.stringify(frame)})` };
  return `frame:xpath=(//iframe|//frame)[${frame[0]! + 1}] >>> ${chain}`;
}

/** What a person would call the element: the accessible name the Recorder read, else its first selector. */
function describe(selectors: readonly RecorderSelector[]): { description: string; target?: { role: string; name: string } } {
  for (const selector of selectors) {
    const first = typeof selector === 'string' ? selector : selector.at(-1) ?? '';
    const aria = /^aria\/(.*?)\[role="([^"]+)"\]$/.exec(first);
    if (aria) return { description: aria[1]!, target: { role: aria[2]!, name: aria[1]! } };
  }
  const first = selectors[0];
  return { description: (typeof first === 'string' ? first : first?.join(' ')) ?? 'element' };
}

/**
 * A Chrome DevTools Recorder recording as a flow: each selector alternative becomes the step's selector or one of its
 * fallbacks, an `aria/Name[role]` selector its target (replay checks the element found is that one), `setViewport` the
 * flow's viewport, the first navigation its start URL, navigation assertions and `waitForElement` expectations and
 * waits. Steps a flow cannot hold (`waitForExpression`, `close`, `customStep`…) are listed in `problems`.
 */
export function importRecording(recording: Recording): ImportedRecording {
  const problems: string[] = [];
  const steps: FlowStep[] = [];
  let startUrl: string | undefined;
  let viewport: Flow['viewport'];
  let held: string[] = [];
  const say = (index: number, step: RecorderStep, why: string) => problems.push(`step ${index + 1} (${step.type}): ${why}`);

  /** The step's element as a flow action: its selectors, in the Recorder's order, those that convert. */
  const actionOn = (index: number, step: RecorderStep, method: string, args: string[] = []): ActionStep | undefined => {
    const converted = (step.selectors ?? []).map((selector) => toSelector(selector, step.frame));
    const selectors = converted.filter((selector): selector is string => typeof selector === 'string');
    const skipped = converted.filter((selector): selector is { problem: string } => typeof selector !== 'string');
    if (!selectors.length) {
      say(index, step, `no selector Rehearse can use${skipped.length ? ` (${skipped.map((skip) => skip.problem).join('; ')})` : ''}; not imported`);
      return undefined;
    }
    for (const skip of skipped) say(index, step, `a selector alternative was left out: ${skip.problem}`);
    const { description, target } = describe(step.selectors ?? []);
    return {
      action: { selector: selectors[0]!, description, method, arguments: args },
      ...(selectors.length > 1 ? { fallbacks: selectors.slice(1) } : {}),
      ...(target ? { target } : {}),
      ...(step.timeout ? { timeout: step.timeout } : {}),
    };
  };
  const add = (step: FlowStep | undefined) => {
    if (step) steps.push(step);
  };
  const assertions = (index: number, step: RecorderStep) => {
    for (const event of step.assertedEvents ?? []) {
      if (event.type !== 'navigation') say(index, step, `an asserted ${event.type} event has no equivalent; not imported`);
      if (event.url) add({ expect: { url: event.url } });
      if (event.title) add({ expect: { title: event.title } });
    }
  };

  recording.steps.forEach((step, index) => {
    switch (step.type) {
      case 'setViewport':
        if (!viewport && step.width && step.height) viewport = { width: Math.max(100, Math.round(step.width)), height: Math.max(100, Math.round(step.height)) };
        else say(index, step, 'a flow has one viewport, the first one set; not imported');
        break;
      case 'navigate':
        if (!step.url) say(index, step, 'no url; not imported');
        else if (!isNavigable(step.url)) say(index, step, `${step.url} is not an address a flow may go to (http(s), data: or about:blank); not imported`);
        else if (startUrl === undefined && !steps.length && /^https?:\/\//i.test(step.url)) startUrl = step.url;
        else add({ navigate: step.url });
        assertions(index, step);
        break;
      case 'click':
        add(actionOn(index, step, step.button === 'secondary' ? 'rightClick' : 'click'));
        assertions(index, step);
        break;
      case 'doubleClick':
        add(actionOn(index, step, 'doubleClick'));
        assertions(index, step);
        break;
      case 'hover':
        add(actionOn(index, step, 'hover'));
        break;
      case 'change':
        add(actionOn(index, step, 'fill', [step.value ?? '']));
        break;
      case 'keyDown': {
        const key = step.key ?? '';
        if (MODIFIERS.has(key)) held = [...held.filter((modifier) => modifier !== key), key];
        // The Recorder sends keys to the element that has the focus.
        else add(actionOn(index, { ...step, selectors: ['*:focus'] }, 'press', [[...held, key].join('+')]));
        break;
      }
      case 'keyUp':
        held = held.filter((modifier) => modifier !== step.key);
        break;
      case 'scroll': {
        const where = [String(Math.round(step.y ?? 0)), ...(step.x ? [String(Math.round(step.x))] : [])];
        if (step.selectors?.length) add(actionOn(index, step, 'scrollTo', where));
        else add({ action: { selector: 'css=html', description: 'the page', method: 'scrollTo', arguments: where } });
        break;
      }
      case 'waitForElement': {
        const counted = step.count !== undefined && !(step.count === 1 && (step.operator ?? '==') !== '<=');
        if (counted || step.attributes) {
          say(index, step, `waiting for a count of elements or their attributes has no equivalent${step.count !== undefined ? ` (count ${step.operator ?? '=='} ${step.count})` : ''}; not imported`);
          break;
        }
        const found = actionOn(index, step, 'click');
        if (!found) break;
        const value = step.properties?.value;
        if (typeof value === 'string') add({ expect: { selector: found.action.selector, value }, ...(step.timeout ? { timeout: step.timeout } : {}) });
        else add({ wait: { selector: found.action.selector, state: step.visible === false ? 'hidden' : 'visible' }, ...(step.timeout ? { timeout: step.timeout } : {}) });
        const others = Object.keys(step.properties ?? {}).filter((name) => name !== 'value');
        if (others.length) say(index, step, `waiting for the properties ${others.join(', ')} has no equivalent; only the element's presence is imported`);
        break;
      }
      case 'waitForExpression':
        say(index, step, 'a flow never runs JavaScript from its file; not imported');
        break;
      default:
        say(index, step, 'no equivalent in a flow; not imported');
    }
  });
  return {
    flow: { version: FLOW_VERSION, name: recording.title || 'Imported recording', ...(startUrl ? { startUrl } : {}), ...(viewport ? { viewport } : {}), steps },
    problems,
  };
}
