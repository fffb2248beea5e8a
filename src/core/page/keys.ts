/** Names the engine and its page scripts share (the page scripts are built from src/core/page, see page-scripts.ts). */

/** The symbol (Symbol.for) under which the page hooks live in each frame's window. */
export const HOOKS_KEY = 'rehearse.hooks';
/** The attribute the recorder marks the element of a gesture with, until the engine has named it. */
export const RECORDING_MARK = 'data-rehearse-recording';
/** The attribute the locator picker marks the picked element with. */
export const PICK_MARK = 'data-rehearse-picked';
/** The symbol under which the page keeps the element a stored selector found alone, for the engine's next calls on it. */
export const FOUND_KEY = 'rehearse.found';
/** The symbol under which the page keeps a promise of the text the engine inserts next having landed (see prepareFill). */
export const LANDED_KEY = 'rehearse.landed';
/**
 * How long the page waits, before an action, for a custom element's definition to load (see untilDefined): a design
 * system's autoloader on a loaded machine took more than a second (a CI replay clicked Shoelace's checkbox undefined).
 */
export const DEFINITION_WAIT_MS = 3000;
/** The attribute the engine marks a region with for a moment, to name it with its own snapshot (see ariaRegionOf). */
export const ARIA_REGION_MARK = 'data-rehearse-region';
/** The element that holds the recorder's toolbar in the page: never the target of a gesture, nor a place to drop on. */
export const RECORDER_HOST = 'rehearse-recorder';
/** The symbol under which a recording's frames keep Playwright's selector engine (see playwrightEngineScript). */
export const PLAYWRIGHT_ENGINE_KEY = 'rehearse.playwright-engine';
