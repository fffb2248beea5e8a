import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { PLAYWRIGHT_ENGINE_KEY } from '../page/keys';

/*
 * Playwright's own selector engine (its injected script, the code a locator runs in the page) for the recorder to
 * prove in the page, at the moment a gesture starts, that a selector only Playwright can run finds that element alone:
 * the element may be gone a moment later, so Node cannot ask afterwards. playwright-core keeps that script as a string
 * in its bundle and exports no way to it, so it is read from there; a layout this does not know fails the recording
 * at its start with a message that says so, never in silence.
 */

let cached: string | undefined;

/** The injected script's source in playwright-core's bundle (a single-quoted string literal). */
function injectedSource(): string {
  const root = path.dirname(require.resolve('playwright-core/package.json'));
  const bundle = path.join(root, 'lib', 'coreBundle.js');
  if (!existsSync(bundle)) throw new Error(`Recording needs Playwright's selector engine, and ${bundle} is not there: this playwright-core is laid out as Rehearse does not know.`);
  const text = readFileSync(bundle, 'utf8');
  const at = text.indexOf('generated/injectedScriptSource.ts');
  const start = at < 0 ? -1 : text.indexOf(" = '", at) + 3;
  if (start < 3) throw new Error(`Recording needs Playwright's selector engine, and ${bundle} does not hold it where Rehearse looks.`);
  let end = start + 1;
  while (end < text.length && text[end] !== "'") end += text[end] === '\\' ? 2 : 1;
  // A string literal alone (the scan above stopped at its closing quote), read as JavaScript reads it, in a context of its own.
  const source: unknown = runInNewContext(text.slice(start, end + 1), {}, { timeout: 1000 });
  if (typeof source !== 'string') throw new Error(`Recording needs Playwright's selector engine, and ${bundle} does not hold it where Rehearse looks.`);
  return source;
}

/**
 * The script for every frame of a recording: defines, under a symbol of the page's window, a function that makes
 * Playwright's engine on its first call (about 16 ms) and returns it after. Until then the page only parses it.
 */
export function playwrightEngineScript(): string {
  if (cached) return cached;
  const options = {
    isUnderTest: false, sdkLanguage: 'javascript', frameSeq: 0, testIdAttributeName: 'data-testid', stableRafCount: 1,
    browserName: 'chromium', shouldPrependErrorPrefix: true, isUtilityWorld: false, customEngines: [],
  };
  cached = `(() => {
  const key = Symbol.for(${JSON.stringify(PLAYWRIGHT_ENGINE_KEY)});
  if (Object.prototype.hasOwnProperty.call(window, key)) return;
  let engine;
  const make = () => {
    const module = {};
    ${injectedSource()}
    return new (module.exports.InjectedScript())(globalThis, ${JSON.stringify(options)});
  };
  Object.defineProperty(window, key, { value: () => (engine ??= make()), configurable: true });
})()`;
  return cached;
}
