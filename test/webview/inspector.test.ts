import assert from 'node:assert/strict';
import { INSPECTOR_BODY } from '../../src/extension/webview-html';
import { deliver, openWebview, recorded, useWebviewPage } from './harness';

const XSS = '<img src=x onerror=alert(1)>';
const candidates = [
  { selector: 'css=#email', description: 'Email field', method: 'fill', arguments: ['ada@example.com'] },
  { selector: 'frame:#pay >>> role=button[name="Pay"]', description: XSS, method: 'click', arguments: [], frame: 'frame:#pay' },
];

describe('observe inspector webview (real Chromium, the extension\'s own HTML and CSP)', () => {
  const webview = useWebviewPage();

  it('lists candidates with method, arguments, selector and frame; page text is shown as text, never run', async () => {
    const { page, site, problems } = webview;
    await openWebview(page, site, 'observe', INSPECTOR_BODY);
    await deliver(page, { type: 'candidates', instruction: 'pay', actionId: 'a1', candidates });
    await page.locator('.candidate').nth(1).waitFor({ timeout: 5_000 });
    assert.deepEqual(await page.locator('.candidate .description').allTextContents(), ['Email field', XSS]);
    assert.deepEqual(await page.locator('.candidate .method').allTextContents(), ['fill', 'click']);
    assert.equal(await page.locator('.candidate .arguments').first().textContent(), '"ada@example.com"');
    assert.equal(await page.locator('.candidate .selector').nth(1).textContent(), 'frame:#pay >>> role=button[name="Pay"]');
    assert.equal(await page.locator('.candidate .frame').textContent(), 'in frame:#pay');
    assert.equal(await page.locator('img').count(), 0, 'no element made from page text');
    assert.equal(await page.locator('#status').textContent(), '2 candidate actions');
    await page.waitForTimeout(200);
    assert.deepEqual(problems, [], 'no script error, no CSP violation, no dialog');
  });

  it('sends typed messages: navigate, observe, highlight on hover and clear on leave, act, save the picks', async () => {
    const { page, site } = webview;
    await openWebview(page, site, 'observe', INSPECTOR_BODY);
    await page.locator('#url input').fill('http://127.0.0.1:4173/login.html');
    await page.locator('#go').click();
    await page.locator('#instruction textarea').fill('sign in');
    await page.locator('#observe').click();
    await deliver(page, { type: 'candidates', instruction: 'sign in', actionId: 'a1', candidates });
    await page.locator('.candidate').nth(1).hover();
    await page.locator('#status').hover();
    await page.locator('.candidate .act').first().click();
    assert.equal(await page.locator('#save').getAttribute('disabled'), '');
    await page.locator('.candidate .pick').nth(1).click();
    await page.locator('.candidate .pick').nth(0).click();
    await page.locator('#save', { hasText: 'Save 2 to flow' }).click();
    const sent = (await recorded(page)).sent as { type: string }[];
    assert.deepEqual(sent.filter((message) => message.type !== 'highlight'), [
      { type: 'ready' },
      { type: 'navigate', url: 'http://127.0.0.1:4173/login.html' },
      { type: 'observe', instruction: 'sign in' },
      { type: 'act', index: 0 },
      { type: 'save', indexes: [0, 1] },
    ]);
    const highlights = sent.filter((message) => message.type === 'highlight');
    assert.deepEqual(highlights.slice(0, 2), [{ type: 'highlight', index: 1 }, { type: 'highlight', index: null }]);
  });

  it('drops a malformed message from the extension instead of rendering it', async () => {
    const { page, site } = webview;
    await openWebview(page, site, 'observe', INSPECTOR_BODY);
    const dropped = page.waitForEvent('console', { predicate: (message) => /dropped a malformed message/.test(message.text()), timeout: 5_000 });
    await deliver(page, { type: 'candidates', instruction: 'x', actionId: 'a', candidates: [{ selector: 'css=a', description: XSS }] });
    await dropped;
    assert.equal(await page.locator('.candidate').count(), 0);
  });

  it('restores its state after a reload: URL, instruction, candidates and picks, and says which candidates it shows', async () => {
    const { page, site } = webview;
    await openWebview(page, site, 'observe', INSPECTOR_BODY);
    await page.locator('#url input').fill('http://127.0.0.1:4173/login.html');
    await page.locator('#go').click();
    await deliver(page, { type: 'candidates', instruction: 'pay', actionId: 'a1', candidates });
    await page.locator('.candidate .pick').nth(1).click();
    const { state } = await recorded(page);
    const reloaded = await webview.open();
    try {
      await openWebview(reloaded, site, 'observe', INSPECTOR_BODY, state);
      await reloaded.locator('.candidate').nth(1).waitFor({ timeout: 5_000 });
      assert.equal(await reloaded.locator('#url input').inputValue(), 'http://127.0.0.1:4173/login.html');
      assert.equal(await reloaded.locator('#instruction textarea').inputValue(), 'pay');
      assert.deepEqual(await reloaded.locator('.candidate .pick').evaluateAll((boxes) => boxes.map((box) => (box as HTMLElement & { checked: boolean }).checked)), [false, true]);
      assert.equal(await reloaded.locator('#save').textContent(), 'Save 1 to flow…');
      // It tells the extension which candidates it shows, so only what it missed is sent again.
      assert.deepEqual((await recorded(reloaded)).sent[0], { type: 'ready', actionId: 'a1' });
    } finally {
      await reloaded.close();
    }
  });
});
