/**
 * What kind of node a node is, whatever window made it. A page may build its nodes in one window and put them in
 * another's document (GrapesJS builds its canvas's components in the editor's window and shows them in the canvas's
 * iframe): `instanceof` asks about the window running the check, and says "no element" for every one of them, so a
 * click on a heading there was taken for a click on the iframe's body. Runs in the page.
 */
const HTML = 'http://www.w3.org/1999/xhtml';
const SVG = 'http://www.w3.org/2000/svg';

export const isElementNode = (node: unknown): node is Element => (node as Node | null | undefined)?.nodeType === 1;
export const isTextNode = (node: unknown): node is Text => (node as Node | null | undefined)?.nodeType === 3;
export const isDocumentNode = (node: unknown): node is Document => (node as Node | null | undefined)?.nodeType === 9;
export const isAnyNode = (node: unknown): node is Node => typeof (node as Node | null | undefined)?.nodeType === 'number';
export const isShadowRootNode = (node: unknown): node is ShadowRoot => (node as Node | null | undefined)?.nodeType === 11 && !!(node as ShadowRoot).host;
export const isHtmlElement = (node: unknown): node is HTMLElement => isElementNode(node) && node.namespaceURI === HTML;
export const isSvgElement = (node: unknown): node is SVGElement => isElementNode(node) && node.namespaceURI === SVG;
export const isTag = <Tag extends keyof HTMLElementTagNameMap>(node: unknown, tag: Tag): node is HTMLElementTagNameMap[Tag] => isHtmlElement(node) && node.localName === tag;
