import type { CDPSession } from 'playwright-core';
import { ServiceInvalidArgumentError } from '../errors';
import type { CapturedPage } from './capture';

/**
 * Resolves CSS selectors or XPaths (options.selector, options.ignoreSelectors) in every captured document, over CDP, to
 * backend node ids. A selector that matches nothing is not an error: the page may simply not show that part now.
 */
export async function resolveSelectors(captured: CapturedPage, selectors: readonly string[], field: string): Promise<Set<number>> {
  const found = new Set<number>();
  for (const raw of selectors) {
    const selector = raw.trim();
    const isXPath = selector.startsWith('xpath=') || selector.startsWith('/') || selector.startsWith('(');
    for (const { session, documentNodeIds } of captured.sessions) {
      try {
        const nodeIds = isXPath ? await searchXPath(session, selector.replace(/^xpath=/, '')) : await queryCss(session, documentNodeIds, selector.replace(/^css=/, ''));
        for (const nodeId of nodeIds) {
          const { node } = (await session.send('DOM.describeNode', { nodeId })) as { node: { backendNodeId: number } };
          found.add(node.backendNodeId);
        }
      } catch (error) {
        throw new ServiceInvalidArgumentError(`${field}: expected a CSS selector or an XPath, received ${JSON.stringify(raw)}`, { field, cause: error });
      }
    }
  }
  return found;
}

async function queryCss(session: CDPSession, documentNodeIds: readonly number[], selector: string): Promise<number[]> {
  const results = await Promise.all(documentNodeIds.map((nodeId) => session.send('DOM.querySelectorAll', { nodeId, selector }) as Promise<{ nodeIds: number[] }>));
  return results.flatMap((result) => result.nodeIds);
}

async function searchXPath(session: CDPSession, query: string): Promise<number[]> {
  const { searchId, resultCount } = await session.send('DOM.performSearch', { query });
  try {
    if (resultCount === 0) return [];
    return (await session.send('DOM.getSearchResults', { searchId, fromIndex: 0, toIndex: resultCount })).nodeIds;
  } finally {
    await session.send('DOM.discardSearchResults', { searchId });
  }
}
