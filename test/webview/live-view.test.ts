import assert from 'node:assert/strict';
import { LIVE_VIEW_BODY } from '../../src/extension/webview-html';
import { deliver, openWebview, recorded, useWebviewPage } from './harness';

type Sent = { type: string; width?: number; height?: number; events?: { type: string; x?: number; y?: number }[] };

/** Issue 42, item 1: the Browser tab's picture fills the tab, or shows the page at 100 %, sharp on a dense screen. */
describe('the Browser tab\'s picture (real Chromium, the extension\'s own HTML and CSP)', () => {
  // A tab 900 × 700 on a screen of two device pixels per CSS pixel.
  const webview = useWebviewPage({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 2 });

  const sent = async () => (await recorded(webview.page)).sent as Sent[];
  const box = async (selector: string) => (await webview.page.locator(selector).boundingBox())!;
  /** A frame of a page 1280 × 800 CSS pixels, as the service sends it. */
  const frameOf = async (url: string) => ({ type: 'frame', data: (await webview.page.screenshot({ type: 'jpeg', quality: 30 })).toString('base64'), width: 1280, height: 800, url, title: 'Checkout' });
  const pressedAt = async () => (await sent()).flatMap((message) => message.events ?? []).filter((event) => event.type === 'mouseDown').map(({ x, y }) => ({ x: Math.round(x!), y: Math.round(y!) }));

  it('fits the page to the tab, keeping its aspect, with frames asked at the tab\'s size in device pixels; at 100 % shows it at its own size, scrolled, with frames at the page\'s size; clicks land on the same page point', async () => {
    const { page, site, problems } = webview;
    await openWebview(page, site, 'live-view', LIVE_VIEW_BODY);
    await deliver(page, await frameOf('http://127.0.0.1:4173/demo/checkout.html?step=payment'));
    await page.locator('#frame:not([hidden])').waitFor({ timeout: 5_000 });
    const screen = await box('#screen');
    const ready = (await sent()).find((message) => message.type === 'ready')!;
    // Asked at the free area's size, in device pixels.
    assert.equal(ready.width, Math.floor(screen.width) * 2);

    // Fit: as wide as the tab (the page is wider than it is tall, like the tab's free area here), aspect kept.
    let picture = await box('#frame');
    assert.ok(Math.abs(picture.width - screen.width) <= 2, `the picture is ${picture.width} px wide in a tab ${screen.width} px wide`);
    assert.ok(Math.abs(picture.width / picture.height - 1280 / 800) < 0.01, `aspect ${picture.width} × ${picture.height}`);
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 4);
    assert.deepEqual((await pressedAt()).at(-1), { x: 640, y: 200 });

    // The whole address shows.
    const address = await page.locator('#address').evaluate((field) => {
      const input = field.shadowRoot!.querySelector('input')!;
      return { scroll: input.scrollWidth, client: input.clientWidth };
    });
    assert.ok(address.scroll <= address.client, `the address needs ${address.scroll} px and has ${address.client}`);

    // 100 %: chosen as a person does, from the toolbar.
    await page.locator('#zoom').click();
    await page.getByRole('option', { name: '100 %' }).click();
    await page.waitForFunction(() => document.getElementById('screen')!.classList.contains('actual'), undefined, { timeout: 5_000 });
    picture = await box('#frame');
    assert.deepEqual({ width: Math.round(picture.width), height: Math.round(picture.height) }, { width: 1280, height: 800 });
    const resized = (await sent()).filter((message) => message.type === 'resized').at(-1)!;
    assert.deepEqual({ width: resized.width, height: resized.height }, { width: 2560, height: 1600 });
    // Bigger than the tab: scrolled; a click after scrolling lands where the person sees it.
    const scrolled = await page.locator('#screen').evaluate((element) => {
      element.scrollLeft = 300;
      return { left: element.scrollLeft, scrollable: element.scrollWidth > element.clientWidth };
    });
    assert.deepEqual(scrolled, { left: 300, scrollable: true });
    picture = await box('#frame');
    await page.mouse.click(picture.x + 700, picture.y + 100);
    assert.deepEqual((await pressedAt()).at(-1), { x: 700, y: 100 });

    // And back to fit.
    await page.locator('#zoom').click();
    await page.getByRole('option', { name: 'Fit' }).click();
    await page.waitForFunction(() => !document.getElementById('screen')!.classList.contains('actual'), undefined, { timeout: 5_000 });
    picture = await box('#frame');
    assert.ok(Math.abs(picture.width - screen.width) <= 2);
    assert.deepEqual(problems, []);
  });

  it('fills a tall tab with a tall page by its height, and follows the tab when it is resized', async () => {
    const { page, site, problems } = webview;
    await openWebview(page, site, 'live-view', LIVE_VIEW_BODY);
    await deliver(page, { ...(await frameOf('http://127.0.0.1:4173/')), width: 390, height: 844 });
    await page.locator('#frame:not([hidden])').waitFor({ timeout: 5_000 });
    let screen = await box('#screen');
    let picture = await box('#frame');
    // Scaled up to the tab's free height (a phone's page in a desktop tab), not left at 390 px wide.
    assert.ok(Math.abs(picture.y + picture.height - (screen.y + (700 - screen.y - 4))) <= 3, `picture ${JSON.stringify(picture)} in screen ${JSON.stringify(screen)}`);
    assert.ok(Math.abs(picture.width / picture.height - 390 / 844) < 0.01);
    await page.setViewportSize({ width: 900, height: 500 });
    await page.waitForFunction((before) => document.getElementById('frame')!.getBoundingClientRect().height < before - 100, picture.height, { timeout: 5_000 });
    screen = await box('#screen');
    picture = await box('#frame');
    assert.ok(picture.height <= 500 - screen.y, 'the picture fits the smaller tab');
    // Frames are asked for at the new size once the resizing stops (a quarter of a second).
    const fitsNow = (message: Sent) => message.type === 'resized' && message.height! <= (500 - screen.y) * 2 && message.height! > (500 - screen.y - 40) * 2;
    for (let look = 0; look < 30 && !(await sent()).some(fitsNow); look++) await page.waitForTimeout(100);
    assert.ok((await sent()).some(fitsNow), JSON.stringify((await sent()).filter((message) => message.type === 'resized')));
    assert.deepEqual(problems, []);
  });
});
