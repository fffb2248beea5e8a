const { chromium } = require('playwright');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
  const page = await browser.newPage();
  await page.goto('http://127.0.0.1:8765/test/fixtures/widgets/' + process.argv[2]);
  await page.waitForTimeout(1000);
  await eval(process.argv[3]);
  await page.waitForTimeout(500);
  console.log(await page.evaluate(process.argv[4]));
  await browser.close();
})();
