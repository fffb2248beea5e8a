import type { CDPSession } from 'playwright-core';

/** One DOM node of a captured page, from CDP, in the flat tree (shadow content under its host, slotted nodes under their slot). */
export interface DomNode {
  readonly backendNodeId: number;
  readonly nodeType: number;
  /** Lower-case tag name, or '#text'. */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  /** Text of a text node. */
  readonly text?: string | undefined;
  readonly frame: FrameDoc;
  parent?: DomNode | undefined;
  readonly children: DomNode[];
  /** The type of the shadow root this node belongs to, if any. */
  readonly shadow?: 'open' | 'closed' | undefined;
  readonly layout?: Layout | undefined;
  readonly clickable: boolean;
  readonly inputValue?: string | undefined;
  readonly checked?: boolean | undefined;
  readonly selected?: boolean | undefined;
  /** For iframes: the document inside (same process or another). */
  contentFrame?: FrameDoc | undefined;
  ax?: AxInfo | undefined;
}

export interface Layout {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly display: string;
  readonly visibility: string;
  readonly cursor: string;
}

export interface AxInfo {
  readonly role: string;
  readonly name: string;
  readonly ignored: boolean;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** A document: the main frame or an iframe's. Numbered in document order, 0 = main. */
export interface FrameDoc {
  index: number;
  readonly cdpFrameId: string;
  readonly url: string;
  readonly session: CDPSession;
  root?: DomNode;
  /** The iframe element that holds this document (in the parent frame). */
  owner?: DomNode;
  /** Scope facts for selectors, by backendNodeId (from DOM.getDocument with shadow roots pierced). */
  readonly scopes: Map<number, ScopeFacts>;
}

/** Where a node sits in its own tree scope (document or shadow root): what CSS and XPath can see. */
export interface ScopeFacts {
  /** The shadow host whose root contains this node; undefined for the document's own tree. */
  readonly host?: number | undefined;
  readonly rootType?: 'open' | 'closed' | undefined;
  /** Parent within the same tree scope; undefined for a top-level node of a shadow root. */
  readonly parent?: number | undefined;
  /** 1-based position among element siblings with the same tag in the same scope (for nth-of-type / XPath). */
  readonly nthOfType: number;
  readonly sameTagSiblings: number;
}
