import assert from 'node:assert/strict';
import { defaultOrigins, isAllowedUrl, parseAllowedOrigins } from '../../src/core/agent/origin-guard';

/**
 * The agent's origin rules as a table (issue 32): which origins a run may reach when none are given, which URLs pass,
 * and how a given list is read. The browser-side enforcement (guardOrigins) is tested end to end in test/agent.
 */
describe('the agent\'s origin rules', () => {
  it('without allowedOrigins: the start page\'s origin and those the instruction names; never a non-web scheme, never text that is not a URL', () => {
    const table: [string, (string | undefined)[], string[]][] = [
      ['http://127.0.0.1:4173/login.html', [], ['http://127.0.0.1:4173']],
      ['http://127.0.0.1:4173/', ['then open https://docs.example.com/guide and compare'], ['http://127.0.0.1:4173', 'https://docs.example.com']],
      ['https://a.example/x', ['see "https://b.example/y", (https://c.example) and <https://d.example/z>'], ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example']],
      ['https://a.example/', ['https://A.EXAMPLE:443/path twice: https://a.example/other'], ['https://a.example']],
      ['about:blank', ['file:///etc/passwd javascript:alert(1) ftp://files.example'], []],
      ['not a url', [undefined, 'no address here, example.com is not one either'], []],
    ];
    for (const [start, texts, expected] of table) assert.deepEqual(defaultOrigins(start, ...texts), expected, `${start} ${JSON.stringify(texts)}`);
  });

  it('a URL passes when its origin is allowed, by exact origin; blank and data: pages always', () => {
    const allowed = ['https://shop.example', 'http://127.0.0.1:4173'];
    const table: [string, boolean][] = [
      ['https://shop.example/cart?x=1', true],
      ['https://shop.example:443/', true],
      ['http://shop.example/', false],
      ['https://shop.example.evil.test/', false],
      ['https://evil.test/?https://shop.example', false],
      ['https://user@shop.example.evil.test/', false],
      ['http://127.0.0.1:4173/account.html', true],
      ['http://127.0.0.1:4174/', false],
      ['http://localhost:4173/', false],
      ['about:blank', true],
      ['data:text/html,<p>x</p>', true],
      ['javascript:alert(1)', false],
      ['not a url', false],
    ];
    for (const [url, passes] of table) assert.equal(isAllowedUrl(url, allowed), passes, url);
  });

  it('a given list is read as origins, normalised; a bad entry is refused by its index', () => {
    assert.deepEqual(parseAllowedOrigins(['https://Shop.Example', 'http://127.0.0.1:4173/']), ['https://shop.example', 'http://127.0.0.1:4173']);
    assert.throws(() => parseAllowedOrigins(['https://ok.example', 'shop.example']), (error: Error & { field?: string }) => {
      assert.equal(error.name, 'ServiceInvalidArgumentError');
      assert.equal(error.field, 'allowedOrigins.1');
      assert.match(error.message, /^allowedOrigins\.1: /);
      return true;
    });
    assert.throws(() => parseAllowedOrigins(['file:///etc']), /^ServiceInvalidArgumentError: allowedOrigins\.0: /);
  });
});
