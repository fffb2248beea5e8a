import assert from 'node:assert/strict';
import { AGENT_BODY } from '../../src/extension/webview-html';
import { deliver, openWebview, recorded, useWebviewPage } from './harness';

describe('agent panel webview (real Chromium)', () => {
  const webview = useWebviewPage();

  it('sends AgentExecuteOptions and the AgentConfig choices from the form; Stop is enabled while running', async () => {
    const { page, site } = webview;
    await openWebview(page, site, 'agent', AGENT_BODY);
    await deliver(page, { type: 'defaults', maxSteps: 12, model: 'openai/gpt-4.1-mini' });
    await page.waitForFunction(() => (document.querySelector('#maxSteps') as HTMLInputElement).value === '12');
    assert.equal(await page.locator('#model').getAttribute('placeholder'), 'openai/gpt-4.1-mini');
    await page.locator('#instruction textarea').fill('sign in and add a task');
    await page.locator('#waitBetweenActions input').fill('250');
    await page.locator('#context textarea').fill('the account is ada@example.com');
    await page.locator('#integrations input').fill('http://127.0.0.1:3000/mcp');
    await page.locator('#autoScreenshot').click();
    await page.locator('#run').click();
    const sent = (await recorded(page)).sent;
    assert.deepEqual(sent.at(-1), {
      type: 'run',
      form: { instruction: 'sign in and add a task', maxSteps: 12, autoScreenshot: false, waitBetweenActions: 250, context: 'the account is ada@example.com', integrations: ['http://127.0.0.1:3000/mcp'] },
    });
    assert.equal(await page.locator('#stop').getAttribute('disabled'), '');
    await deliver(page, { type: 'running', running: true });
    await page.waitForFunction(() => !document.querySelector('#stop')!.hasAttribute('disabled'));
    await page.locator('#stop').click();
    assert.deepEqual((await recorded(page)).sent.at(-1), { type: 'stop' });
    await deliver(page, { type: 'finished', message: 'Signed in.', completed: true, steps: 3 });
    await page.locator('#status', { hasText: 'Done after 3 steps: Signed in.' }).waitFor({ timeout: 5_000 });
  });

  it('says what is wrong with the form and sends nothing', async () => {
    const { page, site } = webview;
    await openWebview(page, site, 'agent', AGENT_BODY);
    await page.locator('#run').click();
    assert.equal(await page.locator('#status').textContent(), 'Say what the agent should do first.');
    await page.locator('#instruction textarea').fill('go');
    await page.locator('#maxSteps input').fill('0');
    await page.locator('#run').click();
    assert.equal(await page.locator('#status').textContent(), 'Max steps: expected a whole number from 1 to 200.');
    assert.deepEqual((await recorded(page)).sent, [{ type: 'ready' }]);
  });

  it('keeps a half-filled form across a reload', async () => {
    const { page, site } = webview;
    await openWebview(page, site, 'agent', AGENT_BODY);
    await page.locator('#instruction textarea').fill('half written');
    await page.locator('#maxSteps input').fill('7');
    const { state } = await recorded(page);
    const reloaded = await webview.open();
    try {
      await openWebview(reloaded, site, 'agent', AGENT_BODY, state);
      await reloaded.waitForFunction(() => (document.querySelector('#instruction') as HTMLTextAreaElement).value === 'half written');
      assert.equal(await reloaded.locator('#maxSteps input').inputValue(), '7');
    } finally {
      await reloaded.close();
    }
  });
});
