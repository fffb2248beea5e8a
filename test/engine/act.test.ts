import assert from 'node:assert/strict';
import {
  ContentFrameNotFoundError, ServiceClickError, ServiceElementNotFoundError, ServiceIframeError, ServiceInvalidArgumentError,
  ServiceShadowRootMissingError, ServiceTimeoutError, XPathResolutionError,
} from '../../src/core/errors';
import { takeSnapshot } from '../../src/core/snapshot/snapshot';
import { useEngine } from './harness';

const action = (selector: string, method: string, args: string[] = [], description = 'target') => ({ selector, description, method, arguments: args });

describe('act with an Action (deterministic, no model)', () => {
  const rig = useEngine();

  it('fills, checks, selects and clicks on a form; the page sees every action', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const session = rig.session;
    await session.act(action('css=#email', 'fill', ['%email%']), { variables: { email: { value: 'ada@example.com', description: 'login email' } } });
    await session.act(action('role=textbox[name="Password"]', 'fill', ['s3cret']));
    await session.act(action('css=#remember', 'check'));
    await session.act(action('css=#country', 'selectOptionFromDropdown', ['Canada']));
    const result = await session.act(action('css=[data-testid="sign-in"]', 'click', [], 'Sign in button'));
    assert.deepEqual(await rig.events(), ['remember true', 'country ca', 'submitted ada@example.com / password set / remember']);
    assert.equal(result.success, true);
    assert.equal(result.actionDescription, 'Sign in button');
    assert.equal(result.planner, 'action');
    assert.deepEqual(result.actions, [action('css=[data-testid="sign-in"]', 'click', [], 'Sign in button')]);
    assert.equal(rig.models.requests.length, 0, 'no model involved');
  });

  it('keeps variable values out of the result', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const result = await rig.session.act(action('css=#email', 'fill', ['%email%']), { variables: { email: 'secret-canary@example.com' } });
    assert.ok(!JSON.stringify(result).includes('secret-canary'));
    assert.equal(await rig.session.page().inputValue('#email'), 'secret-canary@example.com');
  });

  it('types, presses keys, hovers, double-clicks, unchecks', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const session = rig.session;
    await session.act(action('role=searchbox[name="Search"]', 'type', ['shoes']));
    await session.act(action('role=searchbox[name="Search"]', 'press', ['Enter']));
    await session.act(action('css=#remember', 'check'));
    await session.act(action('css=#remember', 'uncheck'));
    await session.act(action('role=button[name="Forgot password?"]', 'hover'));
    await session.act(action('role=button[name="Forgot password?"]', 'doubleClick'));
    assert.deepEqual(await rig.events(), ['search shoes', 'remember true', 'remember false', 'forgot clicked', 'forgot clicked']);
  });

  it('press with no selector presses on the focused element', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.act(action('role=searchbox[name="Search"]', 'fill', ['hats']));
    await rig.session.act(action('', 'press', ['Enter']));
    assert.deepEqual(await rig.events(), ['search hats']);
  });

  it('acts inside same-origin and cross-origin frames, and open and closed shadow roots', async () => {
    await rig.session.navigate(rig.url('frames.html?cross=CROSS'));
    await rig.session.act(action('frame:css=#shipping >>> css=#address', 'fill', ['1 Main St']));
    await rig.session.act(action('frame:css=#shipping >>> role=button[name="Save shipping"]', 'click'));
    await rig.session.act(action('frame:css=#payment >>> role=textbox[name="Card number"]', 'fill', ['4242']));
    await rig.session.act(action('frame:css=#payment >>> role=button[name="Pay now"]', 'click'));
    assert.deepEqual(await rig.events(), ['frame: address 1 Main St', 'frame: shipping saved 1 Main St', 'frame: card 4 digits', 'frame: paid']);
    await rig.session.navigate(rig.url('shadow.html'));
    await rig.session.act(action('role=textbox[name="Open email"]', 'fill', ['o@x.io']));
    await rig.session.act(action('role=button[name="Open subscribe"]', 'click'));
    await rig.session.act(action('shadow:css=vault-box >>> input[aria-label="Closed email"]', 'fill', ['c@x.io']));
    await rig.session.act(action('shadow:css=vault-box >>> > button:nth-of-type(1)', 'click'));
    assert.deepEqual(await rig.events(), ['Open subscribed o@x.io', 'Closed subscribed c@x.io']);
  });

  it('replays every element of each fixture snapshot with its own selector', async () => {
    for (const fixture of ['login.html', 'frames.html?cross=CROSS', 'shadow.html', 'dropdown.html']) {
      await rig.session.navigate(rig.url(fixture));
      const snapshot = await takeSnapshot(rig.session.page());
      for (const element of snapshot.elements.values()) {
        if (element.role !== 'button' && element.role !== 'generic') continue;
        await rig.session.act(action(element.selector, 'hover', [], element.name));
      }
    }
  });

  it('custom dropdowns by clicks, native selects by selectOption, scrolling to reach an element', async () => {
    await rig.session.navigate(rig.url('dropdown.html'));
    await rig.session.act(action('css=#color-trigger', 'click'));
    await rig.session.act(action('xpath=//div[@id="color-menu"]/div[2]', 'click'));
    await rig.session.act(action('css=#size', 'selectOption', ['Large']));
    assert.deepEqual(await rig.events(), ['color green', 'size l']);
    await rig.session.navigate(rig.url('long.html'));
    await rig.session.act(action('xpath=/html', 'scrollTo', ['bottom']));
    assert.ok(await rig.session.page().evaluate(() => window.scrollY > 1000));
    await rig.session.act(action('xpath=/html', 'scrollTo', ['top']));
    await rig.session.act(action('xpath=/html', 'nextChunk'));
    assert.ok(await rig.session.page().evaluate(() => window.scrollY > 100));
    await rig.session.act(action('role=button[name="Accept terms"]', 'click'));
    assert.deepEqual(await rig.events(), ['accepted at 1']);
  });

  it('waits for an element that appears later (auto-wait)', async () => {
    await rig.session.navigate(rig.url('delayed.html?ms=600'));
    await rig.session.act(action('role=button[name="Show results"]', 'click'));
    assert.deepEqual(await rig.events(), ['loaded clicked']);
  });

  it('a timed-out act does not click later', async () => {
    await rig.session.navigate(rig.url('delayed.html?ms=900'));
    const started = Date.now();
    await assert.rejects(rig.session.act(action('role=button[name="Show results"]', 'click'), { timeout: 300 }), (error: unknown) => {
      assert.ok(error instanceof ServiceTimeoutError || error instanceof ServiceElementNotFoundError, String(error));
      return true;
    });
    assert.ok(Date.now() - started < 900, 'returned before the button appeared');
    await rig.session.page().getByRole('button', { name: 'Show results' }).waitFor({ timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.deepEqual(await rig.events(), [], 'nothing was clicked after the timeout');
  });

  it('a cancelled act stops and does not click later', async () => {
    await rig.session.navigate(rig.url('delayed.html?ms=900'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(rig.session.act(action('role=button[name="Show results"]', 'click'), { signal: controller.signal }), /cancelled/);
    await rig.session.page().getByRole('button', { name: 'Show results' }).waitFor({ timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.deepEqual(await rig.events(), []);
  });

  describe('errors name what is wrong', () => {
    const expectError = async (selector: string, errorClass: new (...args: never[]) => Error, message: RegExp, method = 'click', args: string[] = []) => {
      await assert.rejects(rig.session.act(action(selector, method, args), { timeout: 1500 }), (error: unknown) => {
        assert.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${(error as Error).name}: ${(error as Error).message}`);
        assert.match((error).message, message);
        return true;
      });
    };

    it('no element, an ambiguous selector, a bad XPath', async () => {
      await rig.session.navigate(rig.url('login.html'));
      await expectError('css=#nope', ServiceElementNotFoundError, /No element matches css=#nope/);
      await expectError('css=button', ServiceElementNotFoundError, /css=button matches 2 elements; it must match exactly one/);
      await expectError('xpath=/html/body/section[9]', XPathResolutionError, /The XPath \/html\/body\/section\[9\] does not resolve to any element/);
      await expectError('xpath=//*[', XPathResolutionError, /not a valid XPath/);
    });

    it('a missing frame, an element that is not a frame, a host without a shadow root', async () => {
      await rig.session.navigate(rig.url('frames.html?cross=CROSS'));
      await expectError('frame:css=#billing >>> css=#x', ServiceIframeError, /The frame css=#billing of .* is not on the page/);
      await expectError('frame:css=h1 >>> css=#x', ContentFrameNotFoundError, /The element css=h1 of .* has no content frame/);
      await rig.session.navigate(rig.url('shadow.html'));
      await expectError('shadow:css=h1 >>> button', ServiceShadowRootMissingError, /The element css=h1 of .* has no shadow root/);
    });

    it('unknown methods, missing arguments, undefined variables, wrong element kinds', async () => {
      await rig.session.navigate(rig.url('login.html'));
      await expectError('css=#email', ServiceInvalidArgumentError, /method: "teleport" is not supported; use one of click, doubleClick, rightClick, fill/, 'teleport');
      await expectError('css=#email', ServiceInvalidArgumentError, /arguments: press needs a key such as "Enter" as its first argument/, 'press');
      await expectError('css=#email', ServiceInvalidArgumentError, /arguments\.0: %who% has no value; pass it in options\.variables/, 'fill', ['%who%']);
      await expectError('css=#email', ServiceInvalidArgumentError, /needs a <select> element, but css=#email is not one/, 'selectOption', ['x']);
      await expectError('css=#country', ServiceInvalidArgumentError, /css=#country has no option "Atlantis"; it has "Choose…", "Canada", "France", "Japan"/, 'selectOption', ['Atlantis']);
      await assert.rejects(rig.session.act({ selector: '#a', description: 'x', method: 'click' } as never), /input: arguments: is required, expected an array/);
    });

    it('an element covered by another cannot be clicked, and says why', async () => {
      await rig.session.navigate(rig.url('login.html'));
      await rig.session.page().evaluate(() => {
        const cover = document.createElement('div');
        cover.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.2)';
        document.body.appendChild(cover);
      });
      await expectError('role=button[name="Forgot password?"]', ServiceClickError, /gave up after \d+ ms: the element was found but <div><\/div> intercepts pointer events/);
    });
  });
});
