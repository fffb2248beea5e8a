import type { CDPSession, Frame, Page } from 'playwright-core';
import { sessionFor } from '../devtools';
import { ServiceDomProcessError, throwIfAborted } from '../errors';
import type { CaptureSnapshotReply, CdpNode, DocumentSnapshot, RareBooleanData, RareStringData } from './cdp-types';
import { phase, phaseSync } from '../phases';
import { computeAccessibility } from './accessibility';
import type { DomNode, FrameDoc, Layout, ScopeFacts } from './dom-tree';

const STYLES = ['display', 'visibility', 'cursor'] as const;
const ELEMENT = 1;
const TEXT = 3;
const DOCUMENT = 9;

export interface CapturedPage {
  /** Frames in document order; [0] is the main frame. */
  readonly frames: FrameDoc[];
  /** Each CDP session with its documents' node ids, valid until the next capture (for selector look-ups). */
  readonly sessions: readonly { readonly session: CDPSession; readonly documentNodeIds: readonly number[] }[];
  readonly viewport: { readonly width: number; readonly height: number; readonly scrollX: number; readonly scrollY: number };
}

interface SessionCapture {
  readonly session: CDPSession;
  readonly documentNodeIds: readonly number[];
  /** The Playwright frame at the root of this session. */
  readonly rootFrame: Frame;
  readonly docs: FrameDoc[];
}

/** Captures the DOM (shadow roots and frames pierced), layout, clickability and the accessibility tree of a page. */
export async function capturePage(page: Page, options: { signal?: AbortSignal | undefined; needTree?: boolean } = {}): Promise<CapturedPage> {
  const { signal, needTree = false } = options;
  const mainSession = await sessionFor(page);
  if (!mainSession) throw new ServiceDomProcessError('Could not open a DevTools session on the page.');
  const outOfProcess: { frame: Frame; session: CDPSession }[] = [];
  await Promise.all(page.frames().slice(1).map(async (frame) => {
    const session = await sessionFor(page, frame);
    if (session) outOfProcess.push({ frame, session });
  }));
  throwIfAborted(signal);
  const captures = await Promise.all([
    captureSession(mainSession, page.mainFrame(), needTree),
    ...outOfProcess.map(({ frame, session }) => captureSession(session, frame, needTree).catch(() => undefined)),
  ]);
  throwIfAborted(signal);
  const main = captures[0];
  await linkOutOfProcessFrames(main, captures.slice(1).filter((capture): capture is SessionCapture => capture !== undefined), page);
  const frames = numberFrames(main.docs[0]!);
  phaseSync('accessibility', () => computeAccessibility(frames));
  const sessionsWithDocs = [main, ...captures.slice(1).filter((capture): capture is SessionCapture => capture !== undefined)];
  const metrics = (await mainSession.send('Page.getLayoutMetrics')) as { cssLayoutViewport: { clientWidth: number; clientHeight: number; pageX: number; pageY: number } };
  const viewport = metrics.cssLayoutViewport;
  return { frames, sessions: sessionsWithDocs.map(({ session, documentNodeIds }) => ({ session, documentNodeIds })), viewport: { width: viewport.clientWidth, height: viewport.clientHeight, scrollX: viewport.pageX, scrollY: viewport.pageY } };
}

async function captureSession(session: CDPSession, rootFrame: Frame, needTree: boolean): Promise<SessionCapture> {
  let snapshot: CaptureSnapshotReply;
  let tree: { root: CdpNode } | undefined;
  try {
    snapshot = await phase('DOMSnapshot over CDP', async () => (await session.send('DOMSnapshot.captureSnapshot', { computedStyles: [...STYLES] })) as CaptureSnapshotReply);
    // The flat snapshot hides shadow-root boundaries; only then (or for selector look-ups) is the pierced tree worth its cost.
    if (needTree || hasShadowRoots(snapshot)) tree = await phase('DOM tree over CDP (shadow roots)', () => session.send('DOM.getDocument', { depth: -1, pierce: true }));
  } catch (error) {
    throw new ServiceDomProcessError(`Could not capture the page's DOM: ${(error as Error).message}`, { cause: error });
  }
  return phaseSync('building nodes', () => buildCapture(session, rootFrame, snapshot, tree));
}

function buildCapture(session: CDPSession, rootFrame: Frame, snapshot: CaptureSnapshotReply, tree: { root: CdpNode } | undefined): SessionCapture {
  const scopes = tree ? scopeFacts(tree.root) : new Map<number, ScopeFacts>();
  const docs = snapshot.documents.map((document) => ({
    index: -1,
    cdpFrameId: snapshot.strings[document.frameId] ?? '',
    url: snapshot.strings[document.documentURL] ?? '',
    session,
    scopes,
  }) satisfies FrameDoc as FrameDoc);
  snapshot.documents.forEach((document, index) => buildNodes(document, snapshot.strings, docs[index]!, docs));
  if (!tree) for (const doc of docs) if (doc.root) flatScopeFacts(doc.root, scopes);
  return { session, rootFrame, docs, documentNodeIds: tree ? documentNodeIds(tree.root) : [] };
}

function hasShadowRoots(snapshot: CaptureSnapshotReply): boolean {
  return snapshot.documents.some((document) => document.nodes.shadowRootType?.value.some((value) => snapshot.strings[value] !== 'user-agent'));
}

/** Scope facts for a document without shadow roots, where the flat tree is the DOM tree. */
function flatScopeFacts(root: DomNode, facts: Map<number, ScopeFacts>): void {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    const elements = node.children.filter((child) => child.nodeType === 1);
    const counts = new Map<string, number>();
    for (const child of elements) counts.set(child.tag, (counts.get(child.tag) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const child of elements) {
      const nth = (seen.get(child.tag) ?? 0) + 1;
      seen.set(child.tag, nth);
      facts.set(child.backendNodeId, { ...(node.nodeType === 1 ? { parent: node.backendNodeId } : {}), nthOfType: nth, sameTagSiblings: counts.get(child.tag)! });
    }
    stack.push(...node.children);
  }
}

function documentNodeIds(root: CdpNode): number[] {
  const ids = [root.nodeId];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.contentDocument) ids.push(node.contentDocument.nodeId);
    stack.push(...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.contentDocument ? [node.contentDocument] : []));
  }
  return ids;
}

function rareStrings(data: RareStringData | undefined, strings: string[]): Map<number, string> {
  const map = new Map<number, string>();
  data?.index.forEach((nodeIndex, position) => map.set(nodeIndex, strings[data.value[position]!] ?? ''));
  return map;
}

function rareFlags(data: RareBooleanData | undefined): Set<number> {
  return new Set(data?.index ?? []);
}

function buildNodes(document: DocumentSnapshot, strings: string[], doc: FrameDoc, sessionDocs: FrameDoc[]): void {
  const nodes = document.nodes;
  const shadowTypes = rareStrings(nodes.shadowRootType, strings);
  const inputValues = rareStrings(nodes.inputValue, strings);
  const textValues = rareStrings(nodes.textValue, strings);
  const checked = rareFlags(nodes.inputChecked);
  const selected = rareFlags(nodes.optionSelected);
  const clickable = rareFlags(nodes.isClickable);
  const contentDocs = new Map<number, number>();
  nodes.contentDocumentIndex?.index.forEach((nodeIndex, position) => contentDocs.set(nodeIndex, nodes.contentDocumentIndex!.value[position]!));
  const layouts = new Map<number, Layout>();
  document.layout.nodeIndex.forEach((nodeIndex, position) => {
    const [x = 0, y = 0, width = 0, height = 0] = document.layout.bounds[position] ?? [];
    const style = document.layout.styles[position] ?? [];
    layouts.set(nodeIndex, { x, y, width, height, display: strings[style[0]!] ?? '', visibility: strings[style[1]!] ?? '', cursor: strings[style[2]!] ?? '' });
  });

  const built: (DomNode | undefined)[] = new Array(nodes.parentIndex.length);
  for (let index = 0; index < nodes.parentIndex.length; index++) {
    const nodeType = nodes.nodeType[index]!;
    const shadow = shadowTypes.get(index);
    if ((nodeType !== ELEMENT && nodeType !== TEXT && nodeType !== DOCUMENT) || shadow === 'user-agent') continue;
    const parent = built[nodes.parentIndex[index]!];
    if (index > 0 && !parent) continue; // inside a skipped subtree
    const attrs: Record<string, string> = {};
    const pairs = nodes.attributes[index] ?? [];
    for (let at = 0; at + 1 < pairs.length; at += 2) attrs[(strings[pairs[at]!] ?? '').toLowerCase()] = strings[pairs[at + 1]!] ?? '';
    const value = inputValues.get(index) ?? textValues.get(index);
    const node: DomNode = {
      backendNodeId: nodes.backendNodeId[index]!,
      nodeType,
      tag: nodeType === TEXT ? '#text' : (strings[nodes.nodeName[index]!] ?? '').toLowerCase(),
      attrs,
      ...(nodeType === TEXT ? { text: strings[nodes.nodeValue[index]!] ?? '' } : {}),
      frame: doc,
      parent,
      children: [],
      ...(shadow === 'open' || shadow === 'closed' ? { shadow } : {}),
      ...(layouts.has(index) ? { layout: layouts.get(index)! } : {}),
      clickable: clickable.has(index),
      ...(value !== undefined ? { inputValue: value } : {}),
      ...(checked.has(index) ? { checked: true } : {}),
      ...(selected.has(index) ? { selected: true } : {}),
    };
    const contentDoc = contentDocs.get(index);
    if (contentDoc !== undefined && sessionDocs[contentDoc]) {
      node.contentFrame = sessionDocs[contentDoc];
      sessionDocs[contentDoc].owner = node;
    }
    built[index] = node;
    if (parent) parent.children.push(node);
    else doc.root = node;
  }
}

/** Tree-scope facts (shadow host, scope parent, nth-of-type) from the pierced DOM tree, which keeps shadow roots explicit. */
function scopeFacts(root: CdpNode): Map<number, ScopeFacts> {
  const facts = new Map<number, ScopeFacts>();
  const walk = (children: CdpNode[] | undefined, parent: number | undefined, host: number | undefined, rootType: 'open' | 'closed' | undefined) => {
    if (!children) return;
    const counts = new Map<string, number>();
    for (const child of children) if (child.nodeType === ELEMENT) counts.set(child.nodeName, (counts.get(child.nodeName) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const child of children) {
      if (child.nodeType === ELEMENT) {
        const nth = (seen.get(child.nodeName) ?? 0) + 1;
        seen.set(child.nodeName, nth);
        facts.set(child.backendNodeId, { ...(host !== undefined ? { host, rootType } : {}), ...(parent !== undefined ? { parent } : {}), nthOfType: nth, sameTagSiblings: counts.get(child.nodeName)! });
      }
      for (const shadowRoot of child.shadowRoots ?? []) {
        if (shadowRoot.shadowRootType === 'open' || shadowRoot.shadowRootType === 'closed') walk(shadowRoot.children, undefined, child.backendNodeId, shadowRoot.shadowRootType);
      }
      if (child.contentDocument) walk(child.contentDocument.children, undefined, undefined, undefined);
      walk(child.children, child.nodeType === ELEMENT ? child.backendNodeId : parent, host, rootType);
    }
  };
  walk(root.children, undefined, undefined, undefined);
  return facts;
}

/** Attaches each out-of-process frame's document to its iframe element in the parent frame. */
async function linkOutOfProcessFrames(main: SessionCapture, others: SessionCapture[], page: Page): Promise<void> {
  const byFrame = new Map<Frame, SessionCapture>([[page.mainFrame(), main], ...others.map((capture) => [capture.rootFrame, capture] as const)]);
  await Promise.all(others.map(async (capture) => {
    let parentFrame = capture.rootFrame.parentFrame();
    while (parentFrame && !byFrame.has(parentFrame)) parentFrame = parentFrame.parentFrame();
    const parent = parentFrame ? byFrame.get(parentFrame) : undefined;
    const doc = capture.docs[0];
    if (!parent || !doc) return;
    try {
      const { backendNodeId } = (await parent.session.send('DOM.getFrameOwner', { frameId: doc.cdpFrameId })) as { backendNodeId: number };
      for (const parentDoc of parent.docs) {
        const owner = findNode(parentDoc.root, backendNodeId);
        if (owner) {
          owner.contentFrame = doc;
          doc.owner = owner;
          return;
        }
      }
    } catch {
      // The frame went away between capture and linking; it is left out of the snapshot.
    }
  }));
}

function findNode(root: DomNode | undefined, backendNodeId: number): DomNode | undefined {
  if (!root) return undefined;
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.backendNodeId === backendNodeId) return node;
    stack.push(...node.children);
  }
  return undefined;
}

/** Numbers documents in document order (main = 0) and returns them in that order. */
function numberFrames(mainDoc: FrameDoc): FrameDoc[] {
  const frames: FrameDoc[] = [];
  const visitDoc = (doc: FrameDoc) => {
    doc.index = frames.length;
    frames.push(doc);
    if (doc.root) visitNode(doc.root);
  };
  const visitNode = (node: DomNode) => {
    if (node.contentFrame && node.contentFrame.index < 0) visitDoc(node.contentFrame);
    for (const child of node.children) visitNode(child);
  };
  visitDoc(mainDoc);
  return frames;
}
