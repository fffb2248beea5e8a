import { selectors } from 'playwright-core';
import { shadowEngine } from '../page-scripts';

export const SHADOW_ENGINE = 'rehearse-shadow';
/** The engine's source for `selectors.register` (an expression that is the engine object): see core/page/shadow-engine. */
export const SHADOW_ENGINE_SOURCE = String(shadowEngine);

/**
 * Registrations per Playwright selector registry, kept on the process: two copies of this module (the library's bundle
 * beside the Playwright Test one) share one playwright-core, whose registry refuses a second registration of a name.
 */
const registrations: WeakMap<object, Promise<void>> = ((globalThis as Record<symbol, unknown>)[Symbol.for('rehearse.shadowEngine')] ??= new WeakMap()) as WeakMap<object, Promise<void>>;

/** Registers the engine once per selector registry (Playwright's is global to its copy of playwright-core). */
export function registerShadowEngine(): Promise<void> {
  let registered = registrations.get(selectors);
  if (!registered) registrations.set(selectors, (registered = selectors.register(SHADOW_ENGINE, SHADOW_ENGINE_SOURCE)));
  return registered;
}
