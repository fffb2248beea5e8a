import { HOOKS_KEY } from './keys';
import type { PageHooks } from './page-hooks';

/**
 * A Playwright selector engine that queries inside the shadow root (open, or closed and recorded by the page hooks) of
 * the element it is scoped to. A selector starting with `>` is a child path anchored at the root's top level.
 * It runs in the page's main world, where the hooks live.
 */
export const shadowEngine = {
  queryAll(root: Element, selector: string): Element[] {
    const hooks = (window as unknown as Record<symbol, PageHooks | undefined>)[Symbol.for(HOOKS_KEY)];
    const shadow = root.shadowRoot ?? hooks?.closedRoots.get(root);
    if (!shadow) return [];
    if (selector.trim().startsWith('>')) {
      const steps = selector.trim().slice(1).split('>').map((step) => step.trim()).filter(Boolean);
      let current = Array.from(shadow.children);
      steps.forEach((step, index) => {
        current = current.filter((element) => element.matches(step));
        if (index < steps.length - 1) current = current.flatMap((element) => Array.from(element.children));
      });
      return current;
    }
    return Array.from(shadow.querySelectorAll(selector));
  },
  query(root: Element, selector: string): Element | null {
    return shadowEngine.queryAll(root, selector)[0] ?? null;
  },
};
