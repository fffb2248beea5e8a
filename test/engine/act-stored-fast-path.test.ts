import assert from 'node:assert/strict';
import { ServiceClickError, ServiceError } from '../../src/core/errors';
import { recordPhases } from '../../src/core/phases';
import type { Action } from '../../src/schema';
import { chromium } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import { settledEvents, useEngine } from './harness';

/**
 * A stored selector the page can run itself (`css=`, `xpath=`, `role=…[name=…]`; a flow's step, an Action saved
 * earlier) that finds one element now is acted on the way an observed pick is: the page finds it, describes it and
 * checks it, then real input acts. Whatever is not plain (none found yet, several, Playwright's own syntax, an element
 * not ready) goes through Playwright's locator, and what a person sees (what is done, the events, the errors) is the
 * same either way.
 */
describe('act on a stored selector: the fast path and its fallbacks', () => {
  const rig = useEngine();

  const click = (selector: string): Action => ({ selector, description: selector, method: 'click', arguments: [] });

  async function actTimed(action: Action, timeout?: number) {
    const { result, times } = await recordPhases(() => rig.session.act(action, timeout ? { timeout } : {}));
    return { result, direct: times.has('the action, directly') && !times.has('the action, by Playwright') };
  }

  const act = (selector: string, method: string, args: string[] = []): Action => ({ selector, description: selector, method, arguments: args });

  /** What the page heard on a field: the events a framework listens to, in order, with the value after each. */
  async function listenTo(selector: string): Promise<void> {
    await rig.session.page().locator(selector).evaluate((element) => {
      for (const type of ['focus', 'keydown', 'beforeinput', 'input', 'keyup', 'change', 'blur']) {
        element.addEventListener(type, (event) => (window as unknown as { record(text: string): void }).record(`${type}${(event as InputEvent).inputType ? `:${(event as InputEvent).inputType}` : ''} ${(element as HTMLInputElement).value}`));
      }
    });
  }

  it('clicks the element it finds alone once, by the page\'s own search, in the page and in an open shadow root', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal((await actTimed(click('css=#remember'))).direct, true);
    assert.equal((await actTimed(click('css=form > button[type="button"]'))).direct, true);
    await rig.session.page().evaluate(() => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<button id="inside">Inside</button>';
      host.shadowRoot!.querySelector('button')!.onclick = () => (window as unknown as { record(text: string): void }).record('inside clicked');
      document.body.appendChild(host);
    });
    assert.equal((await actTimed(click('css=#inside'))).direct, true, 'found in an open shadow root');
    assert.deepEqual(await rig.events(), ['remember true', 'forgot clicked', 'inside clicked']);
  });

  it('clicks a straight SVG line (a diagram\'s edge, its box of no height) at its middle, by the page\'s own search; not a line that shows nothing', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => {
      const record = (window as unknown as { record(text: string): void }).record;
      document.body.insertAdjacentHTML('afterbegin', '<svg width="300" height="60"><line id="edge" x1="10" y1="30" x2="290" y2="30" stroke="black" stroke-width="6"/><line id="unseen" x1="10" y1="50" x2="290" y2="50" stroke="black" style="visibility:hidden"/></svg>');
      document.getElementById('edge')!.addEventListener('click', (event) => record(`edge clicked at ${Math.round(event.offsetX)}`));
    });
    assert.equal((await actTimed(click('css=#edge'))).direct, true);
    assert.deepEqual(await rig.events(), ['edge clicked at 150']);
    await assert.rejects(rig.session.act(click('css=#unseen'), { timeout: 1000 }), /not visible/);
  });

  it('waits for a custom element whose definition loads after the page, on either path; a tag nobody defines is no obstacle', async () => {
    await rig.session.navigate(rig.url('late-definitions.html'));
    await rig.session.act(click('css=#terms'));
    assert.deepEqual(await rig.events(), ['terms on'], 'the page\'s own search, then the click on the defined toggle');
    await rig.session.navigate(rig.url('late-definitions.html'));
    assert.equal((await actTimed(click('text=Accept the terms'))).direct, false);
    assert.deepEqual(await rig.events(), ['terms on'], 'Playwright\'s locator waits for the definition too');
    await rig.session.navigate(rig.url('late-definitions.html'));
    assert.equal((await actTimed(click('css=#go'))).direct, true, 'inside a tag nobody defines (as Angular\'s components are)');
    await rig.session.act(click('css=#card'));
    assert.equal((await actTimed(click('css=#card'))).direct, true, 'a tag still undefined after the wait is pressed as it is');
    assert.deepEqual(await rig.events(), ['go clicked', 'card clicked', 'card clicked']);
  });

  it('after one frame hop, in a frame of the page\'s process and in a cross-site one, the frames find and check it themselves', async () => {
    await rig.session.navigate(rig.url('frames.html?cross=CROSS'));
    assert.equal((await actTimed(click('frame:css=#payment >>> role=button[name="Pay now"]'))).direct, true, 'cross-site frame');
    assert.equal((await actTimed(click('frame:css=#shipping >>> css=button'))).direct, true, 'same-origin frame');
    assert.equal((await actTimed(act('frame:css=#shipping >>> css=#address', 'fill', ['1 Main St']))).direct, false, 'keys in a frame: Playwright');
    await assert.rejects(rig.session.act(click('frame:css=h1 >>> css=button'), { timeout: 1500 }), ServiceError, 'a hop through an element that holds no frame');
    assert.deepEqual(await rig.events(), ['frame: paid', 'frame: shipping saved ', 'frame: address 1 Main St']);
  });

  it('in a cross-site frame of a process of its own (site isolation, as desktop Chrome runs), through that frame\'s session', async function () {
    this.timeout(60_000);
    const { executablePath } = findBrowser({ headless: true });
    const server = await chromium.launchServer({ executablePath, headless: true, args: [...launchArgs({ headless: true }), '--site-per-process'], host: '127.0.0.1' });
    const session = await rig.startSession({ browser: { wsEndpoint: server.wsEndpoint() } });
    try {
      await session.navigate(rig.url('frames.html?cross=CROSS'));
      const page = session.page();
      const payment = page.frames().find((frame) => frame.url().endsWith('/payment.html'))!;
      assert.equal(await page.context().newCDPSession(payment).then(() => true, () => false), true, 'the payment frame runs in a process of its own');
      const { times } = await recordPhases(() => session.act(click('frame:css=#payment >>> role=button[name="Pay now"]')));
      assert.equal(times.has('the action, directly') && !times.has('the action, by Playwright'), true);
      assert.deepEqual(await settledEvents(session), ['frame: paid']);
    } finally {
      await session.end();
      await server.close();
    }
  });

  it('leaves to Playwright what is not plain: its own syntax, an element that appears later, one in the page and one in a shadow root', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal((await actTimed(click('css=button:has-text("Forgot")'))).direct, false);
    await rig.session.page().evaluate(() => setTimeout(() => {
      const late = document.createElement('button');
      late.id = 'late';
      late.textContent = 'Late';
      late.onclick = () => (window as unknown as { record(text: string): void }).record('late clicked');
      document.body.appendChild(late);
    }, 300));
    assert.equal((await actTimed(click('css=#late'))).direct, false, 'not there yet: Playwright waits for it');
    // A second match inside a shadow root: ambiguous for Playwright's css engine, so for this path too.
    await rig.session.page().evaluate(() => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<input id="remember" type="checkbox">';
      document.body.appendChild(host);
    });
    await assert.rejects(rig.session.act(click('css=#remember'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /2 elements/.test(error.message));
    assert.deepEqual(await rig.events(), ['forgot clicked', 'late clicked']);
  });

  it('an element not ready (covered, disabled) is left to Playwright, which says why; nothing is clicked', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.style.cssText = 'position:fixed;inset:0';
      document.body.appendChild(cover);
    });
    await assert.rejects(rig.session.act(click('css=#remember'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceClickError && /intercepts pointer events/.test(error.message));
    await rig.session.page().evaluate(() => {
      document.getElementById('cover')!.remove();
      (document.getElementById('remember') as HTMLInputElement).disabled = true;
    });
    await assert.rejects(rig.session.act(click('css=#remember'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /not enabled|disabled/.test(error.message));
    assert.deepEqual(await rig.events(), []);
  });

  it('role= and xpath= selectors are found by the page too; two elements of that role and name are Playwright\'s strictness error', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal((await actTimed(click('role=button[name="Forgot password?"]'))).direct, true);
    assert.equal((await actTimed(click('role=button[name="forgot PASSWORD?"i]'))).direct, true, 'any case with i');
    assert.equal((await actTimed(click('xpath=//form/button[@type="button"]'))).direct, true);
    assert.equal((await actTimed(click('/html/body//button[@type="button"]'))).direct, true, 'a bare XPath');
    await rig.session.page().evaluate(() => {
      const twin = document.createElement('button');
      twin.textContent = 'Forgot password?';
      twin.onclick = () => (window as unknown as { record(text: string): void }).record('twin clicked');
      document.body.appendChild(twin);
    });
    await assert.rejects(rig.session.act(click('role=button[name="Forgot password?"]'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /2 elements/.test(error.message));
    assert.deepEqual(await rig.events(), ['forgot clicked', 'forgot clicked', 'forgot clicked', 'forgot clicked']);
  });

  it('hops into shadow roots, closed ones too, are run by the page: fill and click inside a closed root', async () => {
    await rig.session.navigate(rig.url('shadow.html'));
    assert.equal((await actTimed(act('shadow:css=vault-box >>> input', 'fill', ['ada@example.com']))).direct, true);
    assert.equal((await actTimed(click('shadow:css=vault-box >>> > button:nth-of-type(1)'))).direct, true);
    assert.equal((await actTimed(click('shadow:css=vault-box >>> p'))).direct, true);
    await assert.rejects(rig.session.act(click('shadow:css=newsletter-box, vault-box >>> button'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /2 elements/.test(error.message), 'a button in each root: two found');
    assert.deepEqual(await rig.events(), ['Closed subscribed ada@example.com']);
  });

  it('fill: the page hears the same events, in the same order, as from Playwright\'s fill; a read-only field is Playwright\'s error', async () => {
    const heard = async (fill: () => Promise<unknown>) => {
      await rig.session.navigate(rig.url('login.html'));
      await rig.session.page().locator('#email').fill('old value');
      await rig.session.page().locator('#email').blur();
      await listenTo('#email');
      await fill();
      return rig.events();
    };
    const byPlaywright = await heard(() => rig.session.page().locator('#email').fill('ada@example.com'));
    let direct = false;
    const byRehearse = await heard(async () => ({ direct } = await actTimed(act('css=#email', 'fill', ['ada@example.com']))));
    assert.equal(direct, true);
    assert.deepEqual(byRehearse, byPlaywright);
    assert.deepEqual(byRehearse, ['focus old value', 'beforeinput:insertText old value', 'input:insertText ada@example.com']);
    const emptied = await heard(() => rig.session.act(act('role=textbox[name="Email"]', 'fill', [''])));
    assert.deepEqual(emptied, ['focus old value', 'keydown old value', 'beforeinput:deleteContentForward old value', 'input:deleteContentForward ', 'keyup '], 'an empty value deletes the selected text, as Playwright does');
    await rig.session.page().evaluate(() => document.getElementById('password')!.setAttribute('readonly', ''));
    await assert.rejects(rig.session.act(act('css=#password', 'fill', ['secret']), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /editable/.test(error.message));
  });

  it('selectOption by value or label fires input and change once; an option that is not there is Playwright\'s wait and error', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await listenTo('#country');
    const { direct } = await actTimed(act('role=combobox[name="Country"]', 'selectOption', ['Japan']));
    assert.equal(direct, true);
    assert.equal(await rig.session.page().locator('#country').inputValue(), await rig.session.page().locator('#country option', { hasText: 'Japan' }).getAttribute('value') ?? 'Japan');
    assert.deepEqual((await rig.events()).filter((event) => !event.startsWith('country ')).map((event) => event.split(' ')[0]), ['input', 'change']);
    await assert.rejects(rig.session.act(act('css=#country', 'selectOption', ['Atlantis']), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /Atlantis/.test(error.message));
  });

  it('check and uncheck click only when the state differs; a click that does not change it is an error, never a pass', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal((await actTimed(act('css=#remember', 'check'))).direct, true);
    await rig.session.act(act('css=#remember', 'check'));
    assert.equal((await actTimed(act('role=checkbox[name="Remember me"]', 'uncheck'))).direct, true);
    assert.deepEqual(await rig.events(), ['remember true', 'remember false'], 'the second check clicked nothing');
    await rig.session.page().evaluate(() => document.getElementById('remember')!.addEventListener('click', (event) => event.preventDefault()));
    await assert.rejects(rig.session.act(act('css=#remember', 'check'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceClickError && /did not change its state/.test(error.message));
  });

  it('an element that keeps moving is not pressed where it was: Playwright waits for it to stand still; nothing under its path is clicked', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => {
      const record = (window as unknown as { record(text: string): void }).record;
      const button = (text: string, style: string, logged = `${text.toLowerCase()} clicked`) => {
        const made = document.createElement('button');
        made.textContent = text;
        made.style.cssText = `position:fixed;left:0;height:60px;${style}`;
        made.onclick = () => record(logged);
        document.body.append(made);
        return made;
      };
      button('Decoy', 'top:300px;width:400px', 'decoy clicked');
      button('Sliding', 'top:300px;width:60px;z-index:1').animate([{ transform: 'translateX(0)' }, { transform: 'translateX(340px)' }], { duration: 400, iterations: Infinity });
      // A second one moved by script each frame, which no animation list shows: the guard stops a press that misses it.
      button('Lower decoy', 'top:400px;width:400px', 'decoy clicked');
      const jumping = button('Jumping', 'top:400px;width:60px;z-index:1');
      let x = 0;
      const move = () => {
        x = (x + 37) % 340;
        jumping.style.left = `${x}px`;
        requestAnimationFrame(move);
      };
      requestAnimationFrame(move);
      // One whose colour pulses does not move: it is pressed at once.
      button('Pulsing', 'top:500px;width:100px').animate([{ backgroundColor: 'white' }, { backgroundColor: 'gold' }], { duration: 300, iterations: Infinity });
    });
    const slid = await recordPhases(() => rig.session.act(click('role=button[name="Sliding"]'), { timeout: 1500 })).then(({ times }) => [...times.keys()].join(', '), (error: Error) => error);
    assert.ok(slid instanceof ServiceError && /stable/.test(slid.message), `${String(slid)} ${JSON.stringify(await rig.events())}`);
    for (let attempt = 0; attempt < 5; attempt++) await rig.session.act(click('role=button[name="Jumping"]'), { timeout: 1500 }).catch(() => undefined);
    const events = await rig.events();
    assert.ok(!events.includes('decoy clicked'), JSON.stringify(events));
    assert.ok(!events.includes('sliding clicked'), JSON.stringify(events));
    assert.equal((await actTimed(click('role=button[name="Pulsing"]'))).direct, true);
    assert.equal((await rig.events()).at(-1), 'pulsing clicked');
  });
});
