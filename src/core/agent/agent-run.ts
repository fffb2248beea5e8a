import type { AgentAction, AgentResult, Variables } from '../../schema';
import { ServiceError } from '../errors';
import { addUsage, ZERO_USAGE, type ChatItem, type ContentPart, type ModelClient, type ToolCall, type Usage } from '../models';
import type { AgentHost } from '../session-types';
import { takeSnapshot, type SnapshotElement } from '../snapshot/snapshot';
import type { AgentEvent, AgentStepEvent } from './agent-events';
import type { AgentTool, ToolOutcome } from './agent-tools';
import { joinSignals } from '../joined-signal';

/** Keep this many screenshots in the history sent to the model; older ones are dropped (DESIGN.md §4: history compressed). */
const SCREENSHOTS_KEPT = 2;
const PAGE_STATE = '[page state]';

export interface AgentRunOptions {
  readonly signal?: AbortSignal | undefined;
  /** Called for each step as it starts and ends, and for the agent's messages. */
  readonly onEvent?: ((event: AgentEvent) => void) | undefined;
  /** Values for %name% in act arguments; the model sees names only. */
  readonly variables?: Variables | undefined;
  /**
   * Origins the agent's pages may go to; navigation elsewhere is refused in the browser. Default: the origin of the page
   * it starts on and those of URLs in the instruction and context.
   */
  readonly allowedOrigins?: readonly string[] | undefined;
}

/** An action of the run, with what a flow step needs. */
export interface AgentRunAction extends AgentAction {
  readonly tool: string;
  readonly status: 'done' | 'failed';
  readonly reasoning?: string;
  readonly ms: number;
  readonly performed?: ToolOutcome['performed'];
  readonly navigatedTo?: string;
  readonly error?: string;
}

/** What one run is given by the Agent that starts it. */
export interface RunSetup {
  readonly host: AgentHost;
  readonly model: ModelClient;
  readonly task: { readonly instruction: string; readonly maxSteps: number; readonly autoScreenshot: boolean; readonly waitBetweenActions: number; readonly context?: string | undefined };
  readonly tools: readonly AgentTool[];
  readonly options: AgentRunOptions;
  readonly signal: AbortSignal;
  /** The origin rule the run broke, if it did (then it ends as stopped, with that message). */
  readonly violation: () => ServiceError | undefined;
  readonly system: string;
  /** A screenshot of the page for the model, kept by the Agent under the id returned. */
  readonly capture: () => Promise<{ readonly part: ContentPart; readonly id: string }>;
  readonly screenshotsTaken: () => number;
}

/**
 * One agent run: the tool-calling loop, with its state in one place (the conversation, usage, the page's elements, the
 * steps taken). maxSteps bounds page actions; turns are bounded too, so tools that do not act cannot loop for ever.
 */
export class AgentRun {
  readonly actions: AgentRunAction[] = [];
  private usage: Usage = ZERO_USAGE;
  private elements: ReadonlyMap<string, SnapshotElement> = new Map();
  private stepIndex = 0;
  private actionsTaken = 0;
  private nudged = false;
  private readonly items: ChatItem[] = [];

  constructor(private readonly setup: RunSetup) {}

  async result(): Promise<AgentResult> {
    const { model, task, signal, options } = this.setup;
    const byName = new Map(this.setup.tools.map((tool) => [tool.definition.name, tool]));
    const maxTurns = task.maxSteps * 3 + 5;
    let turns = 0;
    const variables = Object.entries(options.variables ?? {});
    const variablesText = variables.length
      ? `\nVariables (write %name% where their values go): ${variables.map(([name, value]) => `%${name}%${typeof value === 'object' && value.description ? ` (${value.description})` : ''}`).join(', ')}`
      : '';
    this.items.push({ role: 'user', content: [{ type: 'text', text: `Task: ${task.instruction}${task.context ? `\nContext: ${task.context}` : ''}${variablesText}` }, ...(await this.pageState())] });
    try {
      for (;;) {
        if (this.actionsTaken >= task.maxSteps || turns >= maxTurns) return await this.summarise(turns >= maxTurns && this.actionsTaken < task.maxSteps);
        turns++;
        // A signal per turn: provider SDKs leave an abort listener on the signal they get, one per request.
        const turn = joinSignals(signal);
        const reply = await model.turn({
          system: this.setup.system, items: compress(this.items), tools: this.setup.tools.map((tool) => tool.definition), toolChoice: 'auto', signal: turn.signal,
          ...(options.onEvent ? { onText: (delta: string) => this.emit({ type: 'text', delta }) } : {}),
        }).finally(turn.dispose);
        this.usage = addUsage(this.usage, reply.usage);
        this.items.push({ role: 'assistant', ...(reply.text ? { text: reply.text } : {}), toolCalls: reply.toolCalls });
        if (reply.text) this.emit({ type: 'message', text: reply.text });
        if (!reply.toolCalls.length) {
          if (this.nudged) return this.finish(reply.text || 'The agent stopped without calling done.', false, { reason: 'no tool call' });
          this.nudged = true;
          this.items.push({ role: 'user', content: [{ type: 'text', text: 'Continue with a tool call, or call done.' }] });
          continue;
        }
        const extraParts: ContentPart[] = [];
        for (const call of reply.toolCalls) {
          const outcome = await this.runTool(call, byName.get(call.name), reply.text, reply.usage);
          this.items.push({ role: 'tool', callId: call.id, name: call.name, output: outcome.text, ...(outcome.failed ? { isError: true } : {}) });
          if (outcome.acted) this.actionsTaken++;
          if (outcome.usage) this.usage = addUsage(this.usage, outcome.usage);
          if (outcome.finished) return this.finish(outcome.finished.summary, outcome.finished.completed);
          if (outcome.screenshot) extraParts.push((await this.setup.capture()).part);
        }
        this.items.push({ role: 'user', content: [...(await this.pageState()), ...extraParts] });
      }
    } catch (error) {
      const left = this.setup.violation();
      if (left) return this.finish(left.message, false, { stopped: true, reason: 'origin' });
      if (signal.aborted) return this.finish(`Stopped by the caller after ${this.actionsTaken} step${this.actionsTaken === 1 ? '' : 's'}.`, false, { stopped: true });
      throw error;
    }
  }

  /** Out of steps or turns: the model says what was done and what is left. */
  private async summarise(outOfTurns: boolean): Promise<AgentResult> {
    const { model, task, signal } = this.setup;
    const summary = await model.turn({ system: this.setup.system, items: [...compress(this.items), { role: 'user', content: [{ type: 'text', text: `You have used all ${task.maxSteps} steps. Reply in a few sentences: what was done, and what is left undone.` }] }], signal });
    this.usage = addUsage(this.usage, summary.usage);
    this.emit({ type: 'message', text: summary.text });
    return this.finish(summary.text || `Stopped after ${task.maxSteps} steps without finishing.`, false, { reason: outOfTurns ? 'maxTurns' : 'maxSteps' });
  }

  private emit(event: AgentEvent): void {
    this.setup.options.onEvent?.(event);
  }

  private async pageState(): Promise<ContentPart[]> {
    const { host, task, signal } = this.setup;
    const page = host.page();
    const snapshot = await takeSnapshot(page, { instruction: task.instruction, tokenBudget: host.modelDefaults.tokenBudget, signal });
    this.elements = snapshot.elements;
    host.noteOutline(page, snapshot);
    return [{ type: 'text', text: `${PAGE_STATE}\n${snapshot.text}` }, ...(task.autoScreenshot ? [(await this.setup.capture()).part] : [])];
  }

  private finish(message: string, completed: boolean, extra: Record<string, unknown> = {}): AgentResult {
    return {
      success: completed && !extra.stopped, message, completed, actions: this.actions,
      metadata: { steps: this.actionsTaken, model: this.setup.model.id, screenshots: this.setup.screenshotsTaken(), ...extra }, usage: this.usage,
    };
  }

  private async runTool(call: ToolCall, tool: AgentTool | undefined, reasoning: string, usage: Usage): Promise<{ text: string; failed?: boolean; acted?: boolean; usage?: Usage; finished?: ToolOutcome['finished']; screenshot?: boolean }> {
    const { task, options, signal, host } = this.setup;
    const index = this.stepIndex++;
    if (!tool) return { text: `There is no tool named ${call.name}.`, failed: true };
    if (tool.acts && this.actionsTaken >= task.maxSteps) return { text: 'The step limit is reached: call done.', failed: true };
    const input = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
    const screenshotId = tool.acts && task.autoScreenshot ? (await this.setup.capture()).id : undefined;
    const base: Omit<AgentStepEvent, 'status'> = { type: 'step', index, tool: call.name, ...(reasoning ? { reasoning } : {}), ...(screenshotId ? { screenshotId } : {}), usage };
    this.emit({ ...base, status: 'running', ...(typeof input.instruction === 'string' ? { text: input.instruction } : {}) });
    const started = Date.now();
    try {
      const outcome = await tool.run(input, { session: host, variables: options.variables, signal, elements: () => this.elements, allowedOrigins: options.allowedOrigins });
      const ms = Date.now() - started;
      if (tool.acts && task.waitBetweenActions > 0) await new Promise((resolve) => setTimeout(resolve, task.waitBetweenActions));
      const done: AgentStepEvent = { ...base, status: 'done', ms, ...(outcome.action ? { action: outcome.action } : {}), ...(outcome.selector ? { selector: outcome.selector } : {}), ...(outcome.typed || outcome.finished ? { text: outcome.typed ?? outcome.finished?.summary } : {}) };
      this.emit(done);
      if (call.name !== 'done') {
        this.actions.push({
          action: outcome.action ?? call.name, tool: call.name, status: 'done', ms, ...(done.selector ? { selector: done.selector } : {}), ...(done.text ? { text: done.text } : {}),
          ...(reasoning ? { reasoning } : {}), ...(outcome.performed ? { performed: outcome.performed } : {}), ...(outcome.navigatedTo ? { navigatedTo: outcome.navigatedTo } : {}),
        });
      }
      return { text: outcome.text, acted: tool.acts, ...(outcome.usage ? { usage: outcome.usage } : {}), ...(outcome.finished ? { finished: outcome.finished } : {}), ...(outcome.screenshot ? { screenshot: true } : {}) };
    } catch (error) {
      if (signal.aborted) throw error;
      const message = error instanceof ServiceError ? `${error.name}: ${error.message}` : (error as Error).message;
      this.emit({ ...base, status: 'failed', ms: Date.now() - started, error: message });
      this.actions.push({ action: call.name, tool: call.name, status: 'failed', ms: Date.now() - started, error: message, ...(reasoning ? { reasoning } : {}) });
      // A failing tool is news for the model, not the end of the run.
      return { text: message, failed: true, acted: tool.acts };
    }
  }
}

/** Only the latest page state is sent in full, and only the last few screenshots. */
function compress(items: readonly ChatItem[]): ChatItem[] {
  const stateIndexes = items.flatMap((item, index) => (item.role === 'user' && item.content.some((part) => part.type === 'text' && part.text.startsWith(PAGE_STATE)) ? [index] : []));
  const latestState = stateIndexes.at(-1);
  let imagesLeft = SCREENSHOTS_KEPT;
  const kept: ChatItem[] = new Array(items.length);
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]!;
    if (item.role !== 'user') {
      kept[index] = item;
      continue;
    }
    const content = item.content.flatMap((part): ContentPart[] => {
      if (part.type === 'image') {
        if (imagesLeft <= 0) return [];
        imagesLeft--;
        return [part];
      }
      if (part.text.startsWith(PAGE_STATE) && index !== latestState) return [{ type: 'text', text: '(an earlier page state, left out)' }];
      return [part];
    });
    kept[index] = { role: 'user', content };
  }
  return kept;
}
