import { expectationKind, stepKind, unhandledKind, type ActionStep, type Expectation, type Flow, type WaitCondition } from '../schema';

/** A step of a recording as Chrome's Recorder and `@puppeteer/replay` read it. */
type RecordingStep = Readonly<Record<string, unknown>> & { readonly type: string };

export interface ExportedRecording {
  readonly recording: { readonly title: string; readonly steps: readonly RecordingStep[] };
  /** What of the flow a recording cannot hold, or holds only approximately, each with its step. */
  readonly problems: readonly string[];
}

/** A Playwright selector as a Recorder selector, or nothing when it has no equivalent there. */
function recorderSelector(selector: string): string | undefined {
  if (selector.includes('>>') || selector.startsWith('frame:') || selector.startsWith('shadow:')) return undefined;
  const role = /^role=([\w-]+)\[name=("(?:[^"\\]|\\.)*")[is]?\]$/.exec(selector);
  if (role) return `aria/${JSON.parse(role[2]!) as string}[role="${role[1]}"]`;
  if (/^role=/.test(selector)) return undefined;
  const label = /^internal:label=("(?:[^"\\]|\\.)*")[is]?$/.exec(selector);
  if (label) return `aria/${JSON.parse(label[1]!) as string}`;
  if (selector.startsWith('internal:')) return undefined;
  if (selector.startsWith('xpath=')) return `xpath/${selector.slice('xpath='.length)}`;
  if (selector.startsWith('//') || selector.startsWith('(//')) return `xpath/${selector}`;
  if (selector.startsWith('text=')) {
    const value = selector.slice('text='.length);
    return `text/${value.startsWith('"') && value.endsWith('"') ? JSON.parse(value) as string : value}`;
  }
  const css = selector.startsWith('css=') ? selector.slice('css='.length) : selector;
  // Playwright-only pseudo-classes are not CSS a browser runs.
  if (/:(has-text|text|text-is|text-matches|visible|nth-match|right-of|left-of|above|below|near)\(|:visible\b/.test(css) || /^[a-z-]+=/.test(css)) return undefined;
  return css;
}

/** A flow's text with its variables' defaults in place; a variable without one (a secret) is left out and said. */
function filled(flow: Flow, value: string, say: (why: string) => void): string {
  return value.replace(/%([A-Za-z_][A-Za-z0-9_.-]*)%/g, (_whole, name: string) => {
    const variable = flow.variables?.[name];
    if (variable?.default !== undefined) return variable.default;
    say(`the variable %${name}% has no value to write into a recording${variable?.secret ? ' (a secret never leaves Rehearse)' : ''}; it is left empty`);
    return '';
  });
}

/** A JavaScript expression a recording waits on, true once the page's address or title matches as the flow's does. */
function matches(subject: 'location.href' | 'document.title', pattern: string): string {
  const regex = /^\/(.*)\/([a-z]*)$/.exec(pattern);
  if (regex) return `new RegExp(${JSON.stringify(regex[1])}, ${JSON.stringify(regex[2])}).test(${subject})`;
  if (pattern.includes('*')) {
    const glob = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    return `new RegExp(${JSON.stringify(`^${glob}$`)}).test(${subject})`;
  }
  return subject === 'location.href' ? `${subject}.includes(${JSON.stringify(pattern)})` : `${subject} === ${JSON.stringify(pattern)}`;
}

/**
 * A flow as a Chrome DevTools Recorder recording (the `@puppeteer/replay` UserFlow schema), which the Recorder panel
 * imports and `@puppeteer/replay` replays: the viewport, the start URL, each action with its selector and fallbacks
 * as selector alternatives, expectations and waits as `waitForElement` / `waitForExpression`. What a recording cannot
 * hold (uploads, drags, frames, effect checks, Playwright-only selectors) is listed in `problems`.
 */
export function exportRecording(flow: Flow): ExportedRecording {
  const problems: string[] = [];
  const steps: RecordingStep[] = [];
  if (flow.viewport) steps.push({ type: 'setViewport', width: flow.viewport.width, height: flow.viewport.height, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false });
  if (flow.startUrl) steps.push({ type: 'navigate', url: filled(flow, flow.startUrl, (why) => problems.push(`startUrl: ${why}`)) });

  flow.steps.forEach((step, index) => {
    const say = (why: string) => problems.push(`step ${index + 1}: ${why}`);
    const selectorsOf = (selectors: readonly string[]): string[][] | undefined => {
      const converted = selectors.map(recorderSelector).filter((selector): selector is string => selector !== undefined);
      if (!converted.length) say(`no selector of ${selectors.join(', ')} has a Recorder equivalent (frames, shadow hops and Playwright-only selectors have none); not exported`);
      return converted.length ? converted.map((selector) => [selector]) : undefined;
    };
    const waitFor = (selector: string, extra: Record<string, unknown>, timeout?: number) => {
      const selectors = selectorsOf([selector]);
      if (selectors) steps.push({ type: 'waitForElement', selectors, ...extra, ...(timeout ? { timeout } : {}) });
    };
    const expression = (text: string, timeout?: number) => steps.push({ type: 'waitForExpression', expression: text, ...(timeout ? { timeout } : {}) });
    const tagged = stepKind(step);
    switch (tagged.kind) {
      case 'action': {
        const exported = exportAction(tagged.step, selectorsOf, (value) => filled(flow, value, say), say);
        steps.push(...exported);
        break;
      }
      case 'navigate':
        steps.push({ type: 'navigate', url: filled(flow, tagged.step.navigate, say) });
        break;
      case 'expect':
        exportCheck(tagged.step.expect, tagged.step.timeout, waitFor, expression, say);
        break;
      case 'wait':
        exportWait(tagged.step.wait, tagged.step.timeout, waitFor, expression);
        break;
      default:
        unhandledKind(tagged);
    }
  });
  return { recording: { title: flow.name, steps }, problems };
}

/** Roles of the elements a recording's `change` step sets the value of. */
const TEXT_FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

function exportAction(step: ActionStep, selectorsOf: (selectors: readonly string[]) => string[][] | undefined, fill: (value: string) => string, say: (why: string) => void): RecordingStep[] {
  const { action } = step;
  const method = (action.method ?? 'click').toLowerCase();
  const selectors = selectorsOf([action.selector, ...(step.fallbacks ?? [])]);
  if (!selectors) return [];
  const args = action.arguments ?? [];
  // The Recorder clicks at an offset from the element's corner; a flow's click is at its centre, or at its recorded place.
  const at = method === 'click' && args.length === 2 ? { offsetX: Number(args[0]), offsetY: Number(args[1]) } : { offsetX: 1, offsetY: 1 };
  switch (method) {
    case 'click':
    case 'check':
    case 'uncheck':
      return [{ type: 'click', selectors, ...at }];
    case 'rightclick':
      return [{ type: 'click', selectors, button: 'secondary', ...at }];
    case 'doubleclick':
      return [{ type: 'doubleClick', selectors, ...at }];
    case 'hover':
      return [{ type: 'hover', selectors }];
    case 'fill':
      return [{ type: 'change', selectors, value: fill(args[0] ?? '') }];
    case 'type':
      // Typed on something that is not a field (a grid's cell, whose editor the first key opens): the keys, sent to
      // the focused element as the Recorder sends them. Into a field: its value, as a fill.
      if (!TEXT_FIELD_ROLES.has(step.target?.role ?? 'textbox')) return [...fill(args[0] ?? '')].flatMap((key) => [{ type: 'keyDown', key }, { type: 'keyUp', key }]);
      return [{ type: 'change', selectors, value: fill(args[0] ?? '') }];
    case 'selectoption':
    case 'selectoptionfromdropdown':
      say('a recording sets a select by its option\'s value, not its label: the label is written; check it is also the value');
      return [{ type: 'change', selectors, value: fill(args[0] ?? '') }];
    case 'press': {
      // The Recorder sends keys to the focused element: the field is clicked into first.
      const keys = (args[0] ?? '').split('+');
      return [
        { type: 'click', selectors, offsetX: 1, offsetY: 1 },
        ...keys.map((key) => ({ type: 'keyDown', key })),
        ...[...keys].reverse().map((key) => ({ type: 'keyUp', key })),
      ];
    }
    case 'scrollto': {
      const [top, left] = args;
      const y = Number(top);
      if (!Number.isFinite(y)) {
        say(`scrolling to ${top} has no equivalent (a recording scrolls to pixels); not exported`);
        return [];
      }
      const page = action.selector === 'css=html';
      return [{ type: 'scroll', ...(page ? {} : { selectors }), x: Number(left ?? 0), y }];
    }
    default:
      say(`${action.method} has no equivalent in a recording; not exported`);
      return [];
  }
}

function exportCheck(expectation: Expectation, timeout: number | undefined, waitFor: (selector: string, extra: Record<string, unknown>, timeout?: number) => void, expression: (text: string, timeout?: number) => void, say: (why: string) => void): void {
  const tagged = expectationKind(expectation);
  switch (tagged.kind) {
    case 'text': return waitFor(`text=${JSON.stringify(tagged.expectation.text)}`, {}, timeout);
    case 'url': return expression(matches('location.href', tagged.expectation.url), timeout);
    case 'title': return expression(matches('document.title', tagged.expectation.title), timeout);
    case 'value': return waitFor(tagged.expectation.selector, { properties: { value: tagged.expectation.value } }, timeout);
    case 'elementText': return say(`an element's text containing "${tagged.expectation.text}" has no equivalent in a recording (it compares whole properties); not exported`);
    case 'effect': return say('an effect check has no equivalent in a recording; not exported');
    case 'aria': return say('an ARIA snapshot check has no equivalent in a recording; not exported');
    case 'state': {
      const states: Record<string, Record<string, unknown>> = {
        visible: { visible: true }, hidden: { visible: false }, checked: { properties: { checked: true } }, unchecked: { properties: { checked: false } },
        enabled: { properties: { disabled: false } }, disabled: { properties: { disabled: true } },
      };
      return waitFor(tagged.expectation.selector, states[tagged.expectation.state]!, timeout);
    }
    default: return unhandledKind(tagged);
  }
}

function exportWait(wait: WaitCondition, timeout: number | undefined, waitFor: (selector: string, extra: Record<string, unknown>, timeout?: number) => void, expression: (text: string, timeout?: number) => void): void {
  if ('ms' in wait) return expression(`new Promise((done) => setTimeout(() => done(true), ${wait.ms}))`, Math.max(timeout ?? 0, wait.ms + 5_000));
  if ('text' in wait) return waitFor(`text=${JSON.stringify(wait.text)}`, {}, timeout);
  if ('url' in wait) return expression(matches('location.href', wait.url), timeout);
  return waitFor(wait.selector, wait.state === 'hidden' ? { visible: false } : wait.state === 'enabled' ? { properties: { disabled: false } } : { visible: true }, timeout);
}
