import { HOOKS_KEY } from '../core/page/keys';
import { columnNow, drawingOf, installPageHooks, layoutPrintOf } from '../core/page-scripts';
import { SHADOW_ENGINE, SHADOW_ENGINE_SOURCE } from '../core/browser/shadow-engine';
import { parseSelector } from '../core/snapshot/selector-syntax';
import { canonicalMethod, expectationKind, hasVariableReference, parsePattern, replaceVariables, stepKind, unhandledKind, type ActionStep, type Effect, type Expectation, type Flow, type TaggedStep } from '../schema';
import { escapeRegExp } from '../core/escape-regexp';
import { isUpload } from './uploads';
import { environmentName } from './variables';
import { DRAG_STEPS } from '../core/act/methods';
import { parseTrail, type TrailPoint } from '../core/act/drag-trail';

/**
 * Every string from the flow reaches the spec as a string literal, never as code: JSON's quoting plus the two line
 * terminators JSON leaves alone, so no text in a flow file can end a literal or a comment and run as code.
 */
const js = (value: string) => JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
/** Text for a `//` comment: on one line, whatever it holds. */
const comment = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ');

/** A string with %name% references as a JavaScript template literal reading `vars`. */
function text(value: string): string {
  return hasVariableReference(value) ? templateText(value) : js(value);
}

/** Any string as a template literal (lines kept as lines), its %name% references reading `vars`. */
function templateText(value: string): string {
  const body = replaceVariables(value.replace(/[`\\$]/g, (char) => `\\${char}`).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'), (name) => `\${vars[${js(name)}]}`);
  return `\`${body}\``;
}

/** Playwright code that locates a Rehearse selector. */
function locatorCode(selector: string): { code: string; usesShadow: boolean } {
  const parsed = parseSelector(selector);
  let code = 'page';
  let usesShadow = false;
  let insideShadow = false;
  const step = (inner: string) => (insideShadow ? `.locator(${js(`${SHADOW_ENGINE}=${inner}`)})` : `.locator(${js(inner.startsWith('/') ? `xpath=${inner}` : inner)})`);
  for (const hop of parsed.hops) {
    code += step(hop.selector);
    if (hop.kind === 'frame') {
      code += '.contentFrame()';
      insideShadow = false;
    } else {
      usesShadow = true;
      insideShadow = true;
    }
  }
  return { code: code + step(parsed.target), usesShadow };
}

function actionCode(step: ActionStep): { code: string; usesShadow: boolean } {
  const action = step.action;
  const args = action.arguments ?? [];
  const method = canonicalMethod(action.method);
  if (method === 'press' && !action.selector.trim()) return { code: `await page.keyboard.press(${text(args[0] ?? 'Enter')});`, usesShadow: false };
  const target = locatorCode(action.selector);
  if (method === 'type') {
    // As Rehearse types: the keys go where the focus is, the element clicked first unless the focus is in it (a grid's
    // cell keeps it, and its first key opens the cell's editor).
    const focusedWithin = `await ${target.code}.evaluate((element) => element.contains(document.activeElement))`;
    return { code: `if (!(${focusedWithin})) await ${target.code}.click();\nawait page.keyboard.type(${text(args[0] ?? '')});`, usesShadow: target.usesShadow };
  }
  const at = args.length === 2 ? `position: { x: ${Number(args[0])}, y: ${Number(args[1])} }` : '';
  const call: Record<string, string> = {
    click: `click(${at ? `{ ${at} }` : ''})`, rightclick: `click({ button: 'right'${at ? `, ${at}` : ''} })`, doubleclick: `dblclick(${at ? `{ ${at} }` : ''})`, fill: `fill(${text(args[0] ?? '')})`,
    press: `press(${text(args[0] ?? 'Enter')})`, hover: 'hover()', selectoption: `selectOption([${args.map(text).join(', ')}])`,
    check: 'check()', uncheck: 'uncheck()', focus: 'focus()', blur: 'blur()',
    setinputfiles: `setInputFiles([${args.map((file) => `path.join(__dirname, ${text(file)})`).join(', ')}])`,
    scrollintoview: 'scrollIntoViewIfNeeded()',
    scrollto: `evaluate((element, where) => { const s = element === document.documentElement || element === document.body ? document.scrollingElement : element; const max = s.scrollHeight - s.clientHeight; s.scrollTo({ top: where === 'top' ? 0 : where === 'bottom' ? max : where.endsWith('%') ? max * parseFloat(where) / 100 : parseFloat(where)${args[1] !== undefined ? `, left: ${Number(args[1])}` : ''} }); }, ${text(args[0] ?? 'bottom')})`,
    nextchunk: 'evaluate((element) => { const s = element === document.documentElement || element === document.body ? document.scrollingElement : element; s.scrollBy({ top: s === document.scrollingElement ? innerHeight : s.clientHeight }); })',
    prevchunk: 'evaluate((element) => { const s = element === document.documentElement || element === document.body ? document.scrollingElement : element; s.scrollBy({ top: -(s === document.scrollingElement ? innerHeight : s.clientHeight) }); })',
  };
  if (method === 'draganddrop') {
    const destination = locatorCode(args[0] ?? '');
    const [x, y, fromX, fromY] = args.slice(1).map(Number);
    const picked = Number.isFinite(fromX) && Number.isFinite(fromY) ? `sourcePosition: { x: ${fromX}, y: ${fromY} }, ` : '';
    const position = `${picked}${Number.isFinite(x) && Number.isFinite(y) ? `targetPosition: { x: ${x}, y: ${y} }, ` : ''}`;
    const trail = args[5] !== undefined && picked ? parseTrail(args[5]) : undefined;
    if (trail) return { code: trailDragCode(target.code, destination.code, [fromX!, fromY!], [x!, y!], trail.points, trail.flung?.speed), usesShadow: target.usesShadow || destination.usesShadow };
    return { code: `await ${target.code}.dragTo(${destination.code}, { ${position}steps: ${DRAG_STEPS} });`, usesShadow: target.usesShadow || destination.usesShadow };
  }
  const answer = step.dialog ? `page.once('dialog', (dialog) => dialog.${step.dialog.accept ? `accept(${step.dialog.promptText !== undefined ? text(step.dialog.promptText) : ''})` : 'dismiss()'});\n` : '';
  return { code: `${answer}await ${target.code}.${call[method] ?? 'click()'};`, usesShadow: target.usesShadow };
}

/**
 * A drag along the person's way (see drag-trail): the mouse through each point, bent to end on the drop place; a swipe
 * at the hand's speed, each move when the hand would have reached it.
 */
function trailDragCode(target: string, destination: string, [fromX, fromY]: readonly [number, number], [x, y]: readonly [number, number], trail: readonly TrailPoint[], speed?: number): string {
  const [lastX, lastY] = trail.at(-1)!;
  return [
    '{',
    `  const from = await ${target}.boundingBox();`,
    `  const to = await ${destination}.boundingBox();`,
    "  if (!from || !to) throw new Error('dragAndDrop: the element or the drop target is not visible');",
    `  const start = { x: from.x + ${fromX}, y: from.y + ${fromY} };`,
    `  const bend = { x: to.x + ${x} - start.x - ${lastX}, y: to.y + ${y} - start.y - ${lastY} };`,
    `  const trail = ${JSON.stringify(trail)};`,
    '  const moves = trail.map(([dx, dy], index) => ({ x: start.x + dx + (bend.x * (index + 1)) / trail.length, y: start.y + dy + (bend.y * (index + 1)) / trail.length }));',
    '  await page.mouse.move(start.x, start.y);',
    '  await page.mouse.down();',
    ...(speed ? [
      // As replay goes a swipe (methods.ts): at the hand's speed from the first move, kept to the clock.
      '  let began = 0, due = 0;',
      '  for (const [index, move] of moves.entries()) {',
      `    const step = index ? Math.hypot(move.x - moves[index - 1].x, move.y - moves[index - 1].y) / ${speed} : 0;`,
      '    due += step;',
      '    if (index) await page.waitForTimeout(Math.max(0, due - (Date.now() - began)));',
      '    else began = Date.now();',
      '    await page.mouse.move(move.x, move.y);',
      '  }',
    ] : ['  for (const move of moves) await page.mouse.move(move.x, move.y);']),
    '  await page.mouse.up();',
    '}',
  ].join('\n');
}

function expectCode(expectation: Expectation): { code: string; usesShadow: boolean } {
  const pattern = (value: string) => {
    const parsed = parsePattern(value);
    if (parsed.kind === 'regex') {
      const [, source, flags] = /^\/(.+)\/([ims]*)$/s.exec(value)!;
      return `new RegExp(${js(source!)}, ${js(flags!)})`;
    }
    if (parsed.kind === 'glob') return `new RegExp(${js(`^${value.split('*').map(escapeRegExp).join('.*')}$`)}, 's')`;
    return `new RegExp(${js(escapeRegExp(value))})`;
  };
  const on = (selector: string, assertion: (target: string) => string) => {
    const target = locatorCode(selector);
    return { code: assertion(target.code), usesShadow: target.usesShadow };
  };
  const tagged = expectationKind(expectation);
  switch (tagged.kind) {
    case 'text': return { code: `await expect(page.getByText(${text(tagged.expectation.text)}).first()).toBeVisible();`, usesShadow: false };
    case 'url': return { code: `await expect(page).toHaveURL(${pattern(tagged.expectation.url)});`, usesShadow: false };
    case 'title': return { code: `await expect(page).toHaveTitle(${pattern(tagged.expectation.title)});`, usesShadow: false };
    case 'elementText': return on(tagged.expectation.selector, (target) => `await expect(${target}).toContainText(${text(tagged.expectation.text)}, { ignoreCase: true });`);
    case 'value': return on(tagged.expectation.selector, (target) => `await expect(${target}).toHaveValue(${text(tagged.expectation.value)});`);
    case 'effect': return on(tagged.expectation.selector, (target) => effectCode(target, tagged.expectation.effect, false).join('\n'));
    case 'state': {
      const assertion = { visible: 'toBeVisible()', hidden: 'toBeHidden()', checked: 'toBeChecked()', unchecked: 'not.toBeChecked()', enabled: 'toBeEnabled()', disabled: 'toBeDisabled()' }[tagged.expectation.state];
      return on(tagged.expectation.selector, (target) => `await expect(${target}).${assertion};`);
    }
    case 'aria': {
      // Playwright takes the template's indentation off (it is indented here as the spec's lines are).
      const template = templateText(`\n${tagged.expectation.aria.replace(/\s+$/, '')}\n`);
      const { selector } = tagged.expectation;
      return selector === undefined ? { code: `await expect(page).toMatchAriaSnapshot(${template});`, usesShadow: false } : on(selector, (target) => `await expect(${target}).toMatchAriaSnapshot(${template});`);
    }
    default: return unhandledKind(tagged);
  }
}

/**
 * What an effect on a drawing or a layout compares with, read before the action as replay reads it (the page as it is
 * then, not as it was when recorded: a chart showing other data differs from the recording whatever the click did).
 */
function beforeCode(target: string, effect: Effect): string[] {
  return [
    ...(effect.rearranged ? [`const laidOutBefore = await ${target}.evaluate(${String(layoutPrintOf)}, ${effect.rearranged.levels});`] : []),
    ...(effect.redrawn ? [`const drawnBefore = await ${target}.evaluate(${String(drawingOf)});`] : []),
    ...(effect.sorted ? [`const columnBefore = await page.evaluate(${String(columnNow)}, ${js(effect.sorted.column)});`] : []),
  ];
}

/**
 * What a recorded gesture did, as Playwright assertions on its element; with `comparedWithBefore`, also what it changed
 * from the page as beforeCode read it (an assertion has no "before": it checks what holds).
 */
function effectCode(target: string, effect: Effect, comparedWithBefore: boolean): string[] {
  const lines: string[] = [];
  if (effect.checked !== undefined) lines.push(`await expect(${target}).${effect.checked ? '' : 'not.'}toBeChecked();`);
  for (const key of ['selected', 'expanded', 'pressed'] as const) {
    if (effect[key] !== undefined) lines.push(`await expect(${target}).toHaveAttribute(${js(`aria-${key}`)}, ${js(String(effect[key]))});`);
  }
  // The column by the title its header shows, its order as aria-sort says it or its cells show it, as Rehearse reads
  // them; where its header says no order, changed by the click (rows already in that order are no sort).
  if (effect.sorted) {
    const column = js(effect.sorted.column);
    lines.push(`await expect.poll(async () => (await page.evaluate(${String(columnNow)}, ${column}))?.order ?? 'no order', { message: ${js(`the column ${effect.sorted.column} sorted ${effect.sorted.order}`)} }).toBe(${js(effect.sorted.order)});`);
    if (comparedWithBefore) lines.push(`if (columnBefore?.print) await expect.poll(async () => (await page.evaluate(${String(columnNow)}, ${column}))?.print, { message: ${js(`the column ${effect.sorted.column} changed by the click`)} }).not.toBe(columnBefore.print);`);
  }
  // A slider's aria-valuenow, else the value of a range input or of a text field (as Rehearse reads it).
  // A rich text editor's value is a line it holds (what typed keys became there).
  if (effect.value !== undefined) lines.push(`await expect.poll(() => ${target}.evaluate((element, wanted) => { const value = element.getAttribute('aria-valuenow') ?? element.getAttribute('aria-valuetext') ?? ('value' in element ? String(element.value) : null); return value ?? (element.isContentEditable && element.innerText.split('\\n').map((line) => line.trim()).includes(wanted) ? wanted : element.textContent); }, ${js(effect.value)})).toBe(${js(effect.value)});`);
  if (effect.rearranged && comparedWithBefore) lines.push(`await expect.poll(() => ${target}.evaluate(${String(layoutPrintOf)}, ${effect.rearranged.levels})).not.toBe(laidOutBefore);`);
  if (effect.redrawn && comparedWithBefore) lines.push(`await expect.poll(() => ${target}.evaluate(${String(drawingOf)})).not.toBe(drawnBefore);`);
  // The text typed shows in the element or the editor drawn around it (Rehearse looks up to 8 levels up, as here).
  if (effect.shows !== undefined) lines.push(`await expect(${target}.locator('xpath=ancestor-or-self::*[position() <= 8]').filter({ hasText: ${js(effect.shows)} })).not.toHaveCount(0);`);
  // Where a drag put the element in its layout, give or take a quarter of its own size, and the size a resize gave
  // it, give or take an eighth, its place then too (as Rehearse checks them).
  if (effect.place) {
    const { levels, left, top, width = -1, height = -1 } = effect.place;
    lines.push(`await expect.poll(() => ${target}.evaluate((element, [levels, left, top, width, height]) => { let layout = element; for (let level = 0; level < levels; level++) layout = layout.parentElement; const outer = layout.getBoundingClientRect(), box = element.getBoundingClientRect(); const sized = (now, wanted) => wanted < 0 || Math.abs(now - wanted) <= Math.max(0.01, wanted / 8); const share = width < 0 && height < 0 ? 4 : 8; return Math.abs((box.left - outer.left) / outer.width - left) <= Math.max(0.02, box.width / outer.width / share) && Math.abs((box.top - outer.top) / outer.height - top) <= Math.max(0.02, box.height / outer.height / share) && sized(box.width / outer.width, width) && sized(box.height / outer.height, height); }, [${levels}, ${left}, ${top}, ${width}, ${height}])).toBe(true);`);
  }
  if (effect.order) lines.push(`await expect(${target}.locator('xpath=..').locator(':scope > *')).toHaveText([${effect.order.map((item) => js(item)).join(", ")}]);`);
  // The tree item it is under: the item holding it, else (a tree drawn flat) the nearest one a level up by aria-level.
  if (effect.within) lines.push(`await expect.poll(() => ${target}.evaluate((element) => { const item = element.closest('[role=treeitem]'); if (!item) return null; let above = item.parentElement?.closest('[role=treeitem]'); const level = Number(item.getAttribute('aria-level')); if (!above && level > 1) { const items = [...(item.closest('[role=tree]') ?? item.parentElement).querySelectorAll('[role=treeitem]')]; above = items.slice(0, items.indexOf(item)).reverse().find((each) => Number(each.getAttribute('aria-level')) === level - 1); } return above ? (above.getAttribute('aria-label') ?? above.innerText.split('\\n')[0]).replace(/\\s+/g, ' ').trim().toLowerCase() : null; })).toBe(${js(effect.within.name.replace(/\s+/g, ' ').trim().toLowerCase())});`);
  // What the gesture opened elsewhere on the page shows (Rehearse compares the whole name; Playwright, any part of it).
  if (effect.opened) lines.push(`await expect(page.getByRole(${js(effect.opened.role)}${effect.opened.name !== undefined ? `, { name: ${js(effect.opened.name)} }` : ''}).${effect.opened.count ? `nth(${effect.opened.count - 1})` : 'first()'}).toBeVisible();`);
  // The text the click put on the page shows, as text or as a field's value (a combobox's, after a pick), in at least
  // as many places as after the recording.
  if (effect.closed) lines.push(`await expect(page.getByRole(${js(effect.closed.role)}${effect.closed.name !== undefined ? `, { name: ${js(effect.closed.name)} }` : ''})).toHaveCount(0);`);
  // The element it made current (aria-current) is current still.
  if (effect.current) {
    const named = effect.current.role ? `.and(page.getByRole(${js(effect.current.role)}, { name: ${js(effect.current.name)}, exact: true }))` : `.filter({ hasText: ${js(effect.current.name)} })`;
    lines.push(`await expect(page.locator('[aria-current]:not([aria-current="false"])').filter({ visible: true })${named}).not.toHaveCount(0);`);
  }
  if (effect.appeared) lines.push(`await expect.poll(${placesShowingCode(effect.appeared.text)}).toBeGreaterThanOrEqual(${effect.appeared.count ?? 1});`);
  // The text it took off the page shows in no more places than after the recording.
  if (effect.gone) lines.push(`await expect.poll(${placesShowingCode(effect.gone.text)}).toBeLessThanOrEqual(${effect.gone.count ?? 0});`);
  return lines;
}

/**
 * How many places show a text, as Rehearse counts them: visible text, the values of visible fields, and the labels of
 * visible elements that show no text (a diagram's edge).
 */
function placesShowingCode(shown: string): string {
  const text = js(shown);
  return `async () => await page.getByText(${text}, { exact: true }).filter({ visible: true }).count() + await page.locator('input:visible, textarea:visible').evaluateAll((fields, text) => fields.filter((field) => (field as HTMLInputElement).value.replace(/\\s+/g, ' ').trim() === text).length, ${text}) + await page.locator(${js(`[aria-label=${JSON.stringify(shown)}]`)}).filter({ visible: true, hasNotText: /\\S/ }).count()`;
}

/** A step's lines of the spec: an action with its description above and its recorded effect checked after. */
function stepCode(tagged: TaggedStep): { code: string; usesShadow: boolean } {
  switch (tagged.kind) {
    case 'action': {
      const { step } = tagged;
      const generated = actionCode(step);
      const target = locatorCode(step.action.selector).code;
      const before = step.effect ? beforeCode(target, step.effect) : [];
      const effect = step.effect ? effectCode(target, step.effect, true) : [];
      const lines = [`// ${comment(step.action.description)}`, ...before, generated.code, ...effect];
      // A block of its own: its "before" is named the same as another step's.
      return { code: (before.length ? ['{', ...lines, '}'] : lines).join('\n'), usesShadow: generated.usesShadow };
    }
    case 'navigate': return { code: `await page.goto(${text(tagged.step.navigate)});`, usesShadow: false };
    case 'wait': return 'ms' in tagged.step.wait ? { code: `await page.waitForTimeout(${Number(tagged.step.wait.ms)});`, usesShadow: false } : expectCode(tagged.step.wait);
    case 'expect': return expectCode(tagged.step.expect);
    default: return unhandledKind(tagged);
  }
}

/** A Playwright Test spec that does what the flow does, and runs without Rehearse. */
export function exportPlaywrightSpec(flow: Flow, source: string): string {
  const lines: string[] = [];
  let usesShadow = false;
  const usesFiles = flow.steps.some((step) => 'action' in step && isUpload(step.action.method));
  if (flow.startUrl) lines.push(`await page.goto(${text(flow.startUrl)});`);
  for (const step of flow.steps) {
    const generated = stepCode(stepKind(step));
    usesShadow ||= generated.usesShadow;
    lines.push(...generated.code.split('\n'));
  }
  const variables = Object.entries(flow.variables ?? {}).map(([name, declared]) =>
    `  ${js(name)}: process.env.${environmentName(name)} ?? ${declared.default !== undefined ? js(declared.default) : `(() => { throw new Error(${js(`set ${environmentName(name)}`)}); })()`},`);
  const shadowSetup = usesShadow ? [
    '',
    '// Closed shadow roots: the same page hook and selector engine Rehearse uses, so the spec needs nothing else.',
    `test.beforeAll(async () => { await selectors.register(${js(SHADOW_ENGINE)}, ${js(SHADOW_ENGINE_SOURCE)}).catch(() => {}); });`,
    `test.beforeEach(async ({ context }) => { await context.addInitScript(${String(installPageHooks)}, ${js(HOOKS_KEY)}); });`,
  ] : [];
  return [
    `// Generated by Rehearse from ${comment(source)}. Runs with Playwright Test alone: npx playwright test`,
    '// It uses each step\'s primary selector; Rehearse\'s own replay also tries the fallbacks and checks each target.',
    `import { test, expect${usesShadow ? ', selectors' : ''} } from '@playwright/test';`,
    ...(usesFiles ? ['import path from \'node:path\';'] : []),
    '',
    `const vars: Record<string, string> = {`,
    ...variables,
    '};',
    ...shadowSetup,
    '',
    `test(${js(flow.name)}, async ({ page }) => {`,
    ...lines.map((line) => `  ${line}`),
    '});',
    '',
  ].join('\n');
}
