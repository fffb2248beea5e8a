import { selectors } from 'playwright-core';
import { shadowEngine } from '../page-scripts';

export const SHADOW_ENGINE = 'rehearse-shadow';
/** The engine's source for `selectors.register` (an expression that is the engine object): see core/page/shadow-engine. */
export const SHADOW_ENGINE_SOURCE = String(shadowEngine);

let registered: Promise<void> | undefined;

/** Registers the engine once per process (Playwright's registry is global). */
export function registerShadowEngine(): Promise<void> {
  registered ??= selectors.register(SHADOW_ENGINE, SHADOW_ENGINE_SOURCE).catch((error: Error) => {
    // Another copy of this module in the process (the library beside @playwright/test's) registered it first.
    if (!/already registered/i.test(error.message)) throw error;
  });
  return registered;
}
