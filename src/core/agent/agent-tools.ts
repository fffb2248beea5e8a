import { isVariableReference, type Action, type Variables } from '../../schema';
import type { AgentHost } from '../session-types';
import { ServiceInvalidArgumentError } from '../errors';
import { isAllowedUrl } from './origin-guard';
import type { ToolDefinition, Usage } from '../models';
import type { SnapshotElement } from '../snapshot/snapshot';

/** What a tool did: the text the model reads back, and what it did to the page (for the result and a saved flow). */
export interface ToolOutcome {
  readonly text: string;
  readonly action?: string;
  readonly selector?: string;
  readonly typed?: string;
  /** The deterministic action performed, with what identifies its element: the makings of a flow step. */
  readonly performed?: { readonly action: Action; readonly fallbacks?: readonly string[]; readonly target?: { role: string; name: string }; readonly secret?: boolean };
  readonly navigatedTo?: string;
  readonly usage?: Usage;
  readonly finished?: { readonly summary: string; readonly completed: boolean };
  readonly screenshot?: boolean;
}

export interface ToolContext {
  readonly session: AgentHost;
  readonly variables?: Variables | undefined;
  readonly signal: AbortSignal;
  /** The elements of the page outline the model was shown last. */
  readonly elements: () => ReadonlyMap<string, SnapshotElement>;
  readonly allowedOrigins?: readonly string[] | undefined;
}

export interface AgentTool {
  readonly definition: ToolDefinition;
  /** Whether it acts on the page (counted against maxSteps and preceded by a screenshot). */
  readonly acts: boolean;
  run(input: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome>;
}

const string = (description: string) => ({ type: 'string', description });

function requireString(input: Record<string, unknown>, key: string, tool: string): string {
  const value = input[key];
  if (typeof value !== 'string' || !value.trim()) throw new ServiceInvalidArgumentError(`${tool}: ${key} is required, expected a string`);
  return value;
}

function checkOrigin(url: string, allowed: readonly string[] | undefined): void {
  if (!allowed || isAllowedUrl(url, allowed)) return;
  const origin = URL.canParse(url) ? new URL(url).origin : url;
  throw new ServiceInvalidArgumentError(`${origin} is not an allowed origin; allowed: ${allowed.join(', ') || 'none (pass allowedOrigins to let the agent go elsewhere)'}`);
}

const act: AgentTool = {
  acts: true,
  definition: {
    name: 'act',
    description: 'Perform one action on the page. Prefer elementId (from the page outline) with a method; or give an instruction such as "click the Sign in button".',
    parameters: {
      type: 'object',
      properties: {
        elementId: string('the id of an element in the page outline, like 0-12'),
        method: string('click, fill, type, press, selectOption, check, uncheck, hover, scrollIntoView'),
        arguments: { type: 'array', items: { type: 'string' }, description: 'the text for fill/type (use %name% for variables), the option for selectOption, the key for press' },
        instruction: string('instead of elementId: what to do, in words'),
      },
    },
  },
  async run(input, context) {
    const args = Array.isArray(input.arguments) ? input.arguments.map(String) : [];
    if (typeof input.elementId === 'string' && input.elementId) {
      const element = context.elements().get(input.elementId.replace(/[[\]\s]/g, ''));
      if (!element) throw new ServiceInvalidArgumentError(`act: element ${input.elementId} is not on the page now; look at the latest outline`);
      const method = typeof input.method === 'string' && input.method ? input.method : 'click';
      const action: Action = { selector: element.selector, description: `${element.role} "${element.name}"`, method, arguments: args };
      await context.session.act({ ...action, backendNodeId: element.backendNodeId }, { variables: context.variables, signal: context.signal });
      // What is typed into a password field is never shown or kept, only that something was (a %variable% keeps its name).
      const shown = element.secret ? args.map((arg) => (isVariableReference(arg) ? arg : '••••••')) : args;
      return {
        text: `${method} done on ${action.description}`, action: method, selector: element.selector, ...(shown.length ? { typed: shown.join(' ') } : {}),
        performed: { action, fallbacks: element.fallbacks, target: element.fingerprint, ...(element.secret ? { secret: true } : {}) },
      };
    }
    const instruction = requireString(input, 'instruction', 'act');
    const outcome = await context.session.act(instruction, { variables: context.variables, signal: context.signal });
    const done = outcome.actions?.[0];
    if (!outcome.success || !done) return { text: outcome.message, ...(outcome.usage ? { usage: outcome.usage } : {}) };
    const action = { selector: done.selector ?? '', description: done.description ?? instruction, method: done.method ?? 'click', arguments: done.arguments ?? [] };
    return {
      text: outcome.message, action: action.method, selector: action.selector, ...(action.arguments.length ? { typed: action.arguments.join(' ') } : {}),
      performed: { action }, ...(outcome.usage ? { usage: outcome.usage } : {}),
    };
  },
};

const observe: AgentTool = {
  acts: false,
  definition: { name: 'observe', description: 'Find elements matching a description, with the action to take on each.', parameters: { type: 'object', properties: { instruction: string('what to look for') }, required: ['instruction'] } },
  async run(input, context) {
    const observed = await context.session.observe(requireString(input, 'instruction', 'observe'), { variables: context.variables, signal: context.signal });
    return { text: JSON.stringify(observed.result), ...(observed.usage ? { usage: observed.usage } : {}) };
  },
};

const navigate: AgentTool = {
  acts: true,
  definition: { name: 'navigate', description: 'Open a URL in the current tab.', parameters: { type: 'object', properties: { url: string('an absolute http(s) URL') }, required: ['url'] } },
  async run(input, context) {
    const url = requireString(input, 'url', 'navigate');
    checkOrigin(url, context.allowedOrigins);
    const result = await context.session.navigate(url, { signal: context.signal });
    return { text: `opened ${result.url} (HTTP ${result.status ?? '—'})`, action: 'navigate', navigatedTo: result.url, typed: result.url };
  },
};

const back: AgentTool = {
  acts: true,
  definition: { name: 'back', description: 'Go back to the previous page.', parameters: { type: 'object', properties: {} } },
  async run(_input, context) {
    await context.session.page().goBack({ waitUntil: 'load' });
    const url = context.session.page().url();
    return { text: `back at ${url}`, action: 'back', navigatedTo: url };
  },
};

const scroll: AgentTool = {
  acts: true,
  definition: { name: 'scroll', description: 'Scroll the page by one screen.', parameters: { type: 'object', properties: { direction: { type: 'string', enum: ['down', 'up'] } }, required: ['direction'] } },
  async run(input, context) {
    const method = input.direction === 'up' ? 'prevChunk' : 'nextChunk';
    await context.session.act({ selector: 'xpath=/html', description: 'the page', method, arguments: [] }, { signal: context.signal });
    return { text: `scrolled ${input.direction === 'up' ? 'up' : 'down'}`, action: method, selector: 'xpath=/html', performed: { action: { selector: 'xpath=/html', description: 'the page', method, arguments: [] } } };
  },
};

const wait: AgentTool = {
  acts: false,
  definition: { name: 'wait', description: 'Wait for the page to change (at most 10 seconds).', parameters: { type: 'object', properties: { ms: { type: 'number', description: 'milliseconds, at most 10000' } }, required: ['ms'] } },
  async run(input, context) {
    const ms = Math.max(0, Math.min(10_000, Number(input.ms) || 0));
    await new Promise<void>((resolve) => {
      // The listener goes when the wait ends: a long run of waits must not pile listeners on the run's signal.
      const done = () => {
        clearTimeout(timer);
        context.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      context.signal.addEventListener('abort', done, { once: true });
    });
    return { text: `waited ${ms} ms` };
  },
};

const extract: AgentTool = {
  acts: false,
  definition: {
    name: 'extract', description: 'Read information from the page.',
    parameters: { type: 'object', properties: { instruction: string('what to read'), schema: { type: 'object', description: 'optional JSON Schema of the answer' } }, required: ['instruction'] },
  },
  async run(input, context) {
    const schema = typeof input.schema === 'object' && input.schema !== null ? (input.schema as Record<string, unknown>) : { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    const result = await context.session.extract(requireString(input, 'instruction', 'extract'), schema, { signal: context.signal });
    return { text: JSON.stringify(result.data), ...(result.usage ? { usage: result.usage } : {}) };
  },
};

const screenshot: AgentTool = {
  acts: false,
  definition: { name: 'screenshot', description: 'Look at the page: a screenshot is attached to the next message.', parameters: { type: 'object', properties: {} } },
  async run() {
    return { text: 'screenshot attached below', screenshot: true };
  },
};

const done: AgentTool = {
  acts: false,
  definition: {
    name: 'done', description: 'Finish: say what was done and whether the task is fully complete.',
    parameters: { type: 'object', properties: { summary: string('what was done, and the answer if the task asked for one'), completed: { type: 'boolean', description: 'true only if the whole task is done' } }, required: ['summary', 'completed'] },
  },
  async run(input) {
    const summary = typeof input.summary === 'string' ? input.summary : '';
    return { text: 'finished', finished: { summary, completed: input.completed === true } };
  },
};

export const BUILT_IN_TOOLS: readonly AgentTool[] = [act, observe, navigate, back, scroll, wait, extract, screenshot, done];
