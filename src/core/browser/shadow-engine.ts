import { selectors } from 'playwright-core';
import { HOOKS_KEY } from './page-hooks';

export const SHADOW_ENGINE = 'rehearse-shadow';

/**
 * A Playwright selector engine that queries inside the shadow root (open, or closed and recorded by the page hooks) of
 * the element it is scoped to. A selector starting with `>` is a child path anchored at the root's top level.
 * It runs in the page's main world, where the hooks live.
 */
export const SHADOW_ENGINE_SOURCE = `({
  queryAll(root, selector) {
    const hooks = window[Symbol.for(${JSON.stringify(HOOKS_KEY)})];
    const shadow = root.shadowRoot || (hooks && hooks.closedRoots.get(root));
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
  query(root, selector) {
    return this.queryAll(root, selector)[0] || null;
  }
})`;

let registered: Promise<void> | undefined;

/** Registers the engine once per process (Playwright's registry is global). */
export function registerShadowEngine(): Promise<void> {
  registered ??= selectors.register(SHADOW_ENGINE, SHADOW_ENGINE_SOURCE).catch((error: Error) => {
    if (!/already registered/i.test(error.message)) throw error;
  });
  return registered;
}
