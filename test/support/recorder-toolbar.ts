import type { Page } from 'playwright-core';

/**
 * Where a button of the recorder's toolbar is on the screen. The toolbar is in a closed shadow root that neither the
 * page nor Playwright's selectors reach; the DevTools protocol sees through it, as a person's eyes do.
 */
export async function toolbarButton(page: Page, label: string): Promise<{ x: number; y: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    interface DomNode { nodeId: number; nodeName: string; nodeValue?: string; children?: DomNode[]; shadowRoots?: DomNode[] }
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true }) as { root: DomNode };
    const found: number[] = [];
    const visit = (node: DomNode, depth: number) => {
      if (depth > 64) return;
      if (node.nodeName === 'BUTTON' && node.children?.some((child) => child.nodeValue === label)) found.push(node.nodeId);
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) visit(child, depth + 1);
    };
    visit(root, 0);
    if (found.length !== 1) throw new Error(`expected one toolbar button "${label}", found ${found.length}`);
    const { model } = await cdp.send('DOM.getBoxModel', { nodeId: found[0]! }) as { model: { content: number[] } };
    const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
    return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** A real click on a toolbar button. */
export async function clickToolbar(page: Page, label: string): Promise<void> {
  const { x, y } = await toolbarButton(page, label);
  await page.mouse.click(x, y);
}
