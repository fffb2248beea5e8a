import type { Page } from 'playwright-core';

/** An example of a component demo page: a heading beside a box of checkboxes, all named alike across examples. */
export const example = (heading: string, boxes: string[]) => `<div class="row">
  <div class="col"><h4>${heading}</h4><p>What it does.</p></div>
  <div class="col"><div class="well">${boxes.map((key) => `<div class="checkbox"><label><input type="checkbox" data-key="${key}"> Remember me</label></div>`).join('')}</div></div>
</div>`;

/** The demo page of these examples, with a log of the checkboxes whose state changed. */
export const demoPage = (examples: readonly string[]) => `<h1>Actions</h1><div class="container">${examples.join('')}</div>
    <script>window.events = []; document.addEventListener('change', (event) => window.events.push(event.target.dataset.key));</script>`;

/** The checkboxes whose state changed, by their data-key, in order. */
export const changed = (page: Page) => page.evaluate(() => (window as unknown as { events: string[] }).events);
