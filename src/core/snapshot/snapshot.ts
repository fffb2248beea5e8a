import type { CDPSession, Page } from 'playwright-core';
import { isSecretField } from './secret-fields';
import { HOOKS_KEY } from '../page/keys';
import type { QuietPage } from '../page/page-hooks';
import { pageCall, waitForQuiet } from '../page-scripts';
import { ServiceElementNotFoundError, ServiceInvalidArgumentError, throwIfAborted } from '../errors';
import { DEFAULT_TOKEN_BUDGET, fitToBudget } from './budget';
import { phase, phaseSync } from '../phases';
import { evaluateOver, sessionFor } from '../devtools';
import { capturePage, type CapturedPage } from './capture';
import { keepCapture, keptCapture, pageState } from './kept-captures';
import type { DomNode, FrameDoc } from './dom-tree';
import type { ElementStates } from './element-facts';
import { OutlineBuilder, type OutlineLine } from './outline';
import { resolveSelectors } from './scope';
import { SelectorIndex } from './selectors';

export interface SnapshotOptions {
  /** Elements matching its words are kept first when the page is over the token budget. */
  readonly instruction?: string | undefined;
  /** CSS or XPath: only this part of the page is shown. */
  readonly selector?: string | undefined;
  /** CSS or XPath: these parts are never shown. */
  readonly ignoreSelectors?: readonly string[] | undefined;
  /** Only this frame (a frame number from the snapshot, or a CDP frame id) is shown. */
  readonly frameId?: string | undefined;
  readonly tokenBudget?: number | undefined;
  /** How long to wait at most for the page to settle first (ms); 0 takes the page as it is. */
  readonly settleCapMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** What identifies an element to a person: checked before acting on a cached or recorded selector. */
export interface Fingerprint {
  readonly role: string;
  readonly name: string;
  /** For an element without a name: what is around it (`listitem "Buy milk"`). */
  readonly anchor?: { readonly role: string; readonly name: string } | undefined;
  /** For an element whose role and name repeat on the page: the heading of the section it sits in. */
  readonly section?: string | undefined;
  /** The section as flows recorded before labelled groups were sections named it, where that differs. */
  readonly sectionWas?: string | undefined;
  /** For a cell of a table or a grid, or a field in one: the column it is in and its row's key (`"Price" of "Leeks"`). */
  readonly cell?: { readonly key: string; readonly column: string } | undefined;
}

export interface SnapshotElement {
  readonly id: string;
  readonly frame: number;
  readonly backendNodeId: number;
  readonly tag: string;
  readonly role: string;
  readonly name: string;
  readonly states: ElementStates;
  /** The best durable selector; resolves to this element alone. */
  readonly selector: string;
  /** Other selectors that resolve to it alone, best first. */
  readonly fallbacks: readonly string[];
  readonly fingerprint: Fingerprint;
  /** For links: the absolute URL it leads to. */
  readonly href?: string;
  /** A field whose value must never be written down (a password, a one-time code, a card number): see isSecretField. */
  readonly secret?: true;
  /** Not shown: outside options.selector / the frame, or inside options.ignoreSelectors. */
  readonly excluded: boolean;
}

export interface PageSnapshot {
  readonly url: string;
  readonly title: string;
  /** The page for the model, fenced as data. */
  readonly text: string;
  readonly tokens: number;
  readonly elements: ReadonlyMap<string, SnapshotElement>;
  /** Ids the model was shown (all of them unless the page was over budget). */
  readonly shownIds: ReadonlySet<string>;
  readonly frames: readonly { readonly index: number; readonly url: string; readonly cdpFrameId: string; readonly session: CDPSession }[];
  readonly omittedLines: number;
  /** What the page was when captured (see pageState); undefined when that could not be told. */
  readonly state?: string;
}

/**
 * Waits (bounded) for in-flight requests to finish and the DOM to be quiet; says the main frame's change count then (a
 * capture of a page that did not settle is still a true capture of that count).
 */
export async function settle(page: Page, capMs = 1500, signal?: AbortSignal): Promise<string | undefined> {
  throwIfAborted(signal);
  let settled: QuietPage | undefined;
  try {
    // A cap of 0 reads the page as it is (Playwright would take a 0 ms timeout as none).
    if (capMs > 0) await page.waitForLoadState('domcontentloaded', { timeout: capMs });
    settled = await quietInPage(page, { key: HOOKS_KEY, quietMs: 80, capMs });
  } catch {
    // A page that navigates while we wait settles on its next snapshot; waiting is best effort, bounded by the cap.
  }
  throwIfAborted(signal);
  return settled?.generation;
}

/** waitForQuiet in the page's main world over its DevTools session; bounded: a page whose script never yields is unsettled. */
async function quietInPage(page: Page, options: { key: string; quietMs: number; capMs: number }): Promise<QuietPage | undefined> {
  const session = await sessionFor(page);
  if (!session) return page.evaluate(waitForQuiet, options);
  return evaluateOver<QuietPage>(session, pageCall(waitForQuiet, options), options.capMs + 1000);
}

/** The outline and elements of a capture seen whole (no selector, ignored parts or frame), built once per capture. */
const wholeViews = new WeakMap<CapturedPage, SnapshotView>();

interface SnapshotView {
  readonly lines: readonly OutlineLine[];
  readonly elements: ReadonlyMap<string, SnapshotElement>;
}

export async function takeSnapshot(page: Page, options: SnapshotOptions = {}): Promise<PageSnapshot> {
  const generation = await phase('settle', () => settle(page, options.settleCapMs, options.signal));
  // A capture for a selector keeps CDP node ids that the next capture invalidates: only whole-page captures are reused.
  const scoped = !!options.selector || !!options.ignoreSelectors?.length;
  const state = scoped ? undefined : await phase('page unchanged?', () => pageState(page, generation));
  let captured = keptCapture(page, state);
  if (!captured) {
    captured = await capturePage(page, { signal: options.signal, needTree: scoped });
    keepCapture(page, state, captured);
  }
  throwIfAborted(options.signal);
  const whole = !scoped && (options.frameId === undefined || options.frameId === null);
  const view = (whole ? wholeViews.get(captured) : undefined) ?? await phase('outline', () => viewOf(captured, options));
  if (whole) wholeViews.set(captured, view);
  const frames = captured.frames;
  const budgeted = phaseSync('token budget', () => fitToBudget(view.lines.filter((line) => !line.excluded), options.instruction, options.tokenBudget ?? DEFAULT_TOKEN_BUDGET));
  const url = frames[0]?.url ?? page.url();
  const title = titleOf(frames[0]);
  const text = fence(url, title, budgeted.text);
  return {
    url, title, text, tokens: Math.ceil(text.length / 4), elements: view.elements, shownIds: budgeted.shownIds,
    frames: frames.map((frame) => ({ index: frame.index, url: frame.url, cdpFrameId: frame.cdpFrameId, session: frame.session })),
    omittedLines: budgeted.omittedLines,
    ...(state ? { state } : {}),
  };
}

/** The outline of a capture for the options' scope, with its elements; their selectors are worked out when first asked. */
async function viewOf(captured: CapturedPage, options: SnapshotOptions): Promise<SnapshotView> {
  const frames = captured.frames;
  let within: Set<number> | undefined;
  if (options.selector) {
    within = await resolveSelectors(captured, [options.selector], 'options.selector');
    if (!within.size) throw new ServiceElementNotFoundError(`options.selector: ${JSON.stringify(options.selector)} matches nothing on the page`, { field: 'options.selector' });
  }
  if (options.frameId !== undefined && options.frameId !== null) {
    const frame = frameFor(frames, options.frameId);
    within = new Set([...(within ?? []), frame.root!.backendNodeId]);
  }
  const ignored = await resolveSelectors(captured, options.ignoreSelectors ?? [], 'options.ignoreSelectors');
  const outline = new OutlineBuilder(captured.viewport, { within, ignored }).build(frames);
  let index: SelectorIndex | undefined;
  const elements = new Map<string, SnapshotElement>();
  for (const element of outline.elements) {
    let selectors: readonly string[] | undefined;
    // Most elements are never picked: their selectors (and the index they need) cost nothing until asked for.
    const selectorsOf = () => (selectors ??= (index ??= new SelectorIndex(frames)).candidatesFor(element.node, element.role).selectors);
    elements.set(element.id, {
      id: element.id,
      frame: element.node.frame.index,
      backendNodeId: element.node.backendNodeId,
      tag: element.node.tag,
      role: element.role,
      name: element.name,
      states: element.states,
      get selector() {
        return selectorsOf()[0]!;
      },
      get fallbacks() {
        return selectorsOf().slice(1);
      },
      fingerprint: { role: element.role, name: element.name },
      ...(element.role === 'link' && element.node.attrs.href ? { href: absolute(element.node.attrs.href, element.node.frame.url) } : {}),
      ...(isSecretField(element.node.tag, element.node.attrs) ? { secret: true as const } : {}),
      excluded: element.excluded,
    });
  }
  return { lines: outline.lines, elements };
}

function absolute(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

function frameFor(frames: readonly FrameDoc[], frameId: string): FrameDoc {
  const frame = /^\d+$/.test(frameId) ? frames[Number(frameId)] : frames.find((candidate) => candidate.cdpFrameId === frameId);
  if (!frame?.root) {
    throw new ServiceInvalidArgumentError(`frameId: no frame ${JSON.stringify(frameId)} on the page; it has frames 0 to ${frames.length - 1}`, { field: 'frameId' });
  }
  return frame;
}

function titleOf(frame: FrameDoc | undefined): string {
  const stack: DomNode[] = frame?.root ? [frame.root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.tag === 'title') return node.children.map((child) => child.text ?? '').join('').trim();
    if (node.tag !== 'body') stack.push(...node.children);
  }
  return '';
}

/** Page content is data for the model, never instructions: it is fenced, and the fence cannot be closed from inside. */
function fence(url: string, title: string, body: string): string {
  const safe = body.replace(/<\/?page\b/gi, (match) => match.replace('<', '‹'));
  return `<page url=${JSON.stringify(url)} title=${JSON.stringify(title)}>\n${safe}\n</page>`;
}
