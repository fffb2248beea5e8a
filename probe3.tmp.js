const { chromium } = require('playwright');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
  const page = await browser.newPage();
  await page.goto('http://127.0.0.1:8765/test/fixtures/widgets/choices.html');
  await page.waitForTimeout(500);
  await page.locator('.choices').click();
  await page.keyboard.type('gra');
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.log = [];
    const desc = (n) => { const e = n instanceof Element ? n : n.parentElement; return e ? (e.className + '|' + (e.closest('[role]')?.getAttribute('role') ?? '')) : '?'; };
    new MutationObserver((rs) => { for (const r of rs) { for (const n of r.addedNodes) log.push('+ ' + JSON.stringify(n.textContent.slice(0,40)) + ' in ' + desc(r.target)); for (const n of r.removedNodes) log.push('- ' + JSON.stringify(n.textContent.slice(0,40)) + ' from ' + desc(r.target)); if (r.type === 'attributes') log.push('@ ' + r.attributeName + ' ' + desc(r.target)); } }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.locator('.choices__list--dropdown').getByText('Grace Hopper').click();
  await page.waitForTimeout(300);
  console.log((await page.evaluate(() => window.log)).join('\n'));
  await page.evaluate(() => { window.log.length = 0; });
  await page.locator('.choices__list--multiple .choices__item', { hasText: 'Grace Hopper' }).getByRole('button').click();
  await page.waitForTimeout(300);
  console.log('---- remove');
  console.log((await page.evaluate(() => window.log)).join('\n'));
  await browser.close();
})();
