import type { Flow } from '../schema';

/**
 * The flow with its start URL's origin replaced by `baseUrl` wherever it appears (start URL, navigate steps, URL
 * expectations), so a flow recorded against one server replays against another (a preview deploy, a CI port).
 */
export function rebaseFlow(flow: Flow, baseUrl: string): Flow {
  if (!flow.startUrl) return flow;
  const from = new URL(flow.startUrl).origin;
  const to = new URL(baseUrl).origin;
  const swap = (text: string) => (text.startsWith(from) ? to + text.slice(from.length) : text);
  return {
    ...flow,
    startUrl: swap(flow.startUrl),
    steps: flow.steps.map((step) => {
      if ('navigate' in step) return { navigate: swap(step.navigate) };
      if ('expect' in step && 'url' in step.expect) return { ...step, expect: { url: swap(step.expect.url) } };
      return step;
    }),
  };
}
