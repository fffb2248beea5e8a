import assert from 'node:assert/strict';
import { defaultOrigins, isAllowedUrl, parseAllowedOrigins } from '../../src/core/agent/origin-guard';
import { isPrivateAddress, normalizeOrigin, refusedHostLiteral, refusedScheme } from '../../src/core/network/address-policy';

/**
 * The rules a remote key holder meets before any request leaves, as tables: which addresses count as this machine's
 * or a private network's, which schemes a page may be sent to, what an origin is. The suites beside this one try them
 * end to end through the service; these say each rule's cases at once.
 */
describe('address rules, case by case', () => {
  const closed = { allowPrivate: false, allowOrigins: [] };

  it('private, loopback, link-local and special addresses, however written, are not the public internet', () => {
    const inside = [
      '127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1%eth0', '[fe80::1]', 'fc00::1', 'fd12:3456::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:0:a00:1', '64:ff9b::7f00:1', 'not-an-address',
    ];
    const outside = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    assert.deepEqual(inside.filter((address) => !isPrivateAddress(address)), [], 'taken for public');
    assert.deepEqual(outside.filter((address) => isPrivateAddress(address)), [], 'taken for private');
  });

  it('a page goes to http(s), data: or about:blank only; the refusal says which scheme and what is allowed', () => {
    for (const allowed of ['http://example.com/', 'https://example.com/a?b', 'data:text/html,hi', 'about:blank']) assert.equal(refusedScheme(new URL(allowed)), undefined, allowed);
    for (const [refused, scheme] of [['file:///etc/passwd', 'file:'], ['javascript:alert(1)', 'javascript:'], ['about:srcdoc', 'about:'], ['chrome://settings', 'chrome:'], ['view-source:http://x/', 'view-source:']] as const) {
      assert.equal(refusedScheme(new URL(refused)), `${scheme} addresses are not allowed; use http(s), data: or about:blank`, refused);
    }
  });

  it('localhost by name is this machine, in every spelling, unless the operator allows it', () => {
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'app.localhost', '127.0.0.1', '[::1]']) {
      assert.match(refusedHostLiteral(host, 'http://x', closed) ?? '', /this machine|private, loopback/, host);
    }
    assert.equal(refusedHostLiteral('example.com', 'http://example.com', closed), undefined);
    assert.equal(refusedHostLiteral('localhost', 'http://localhost:3000', { allowPrivate: false, allowOrigins: ['http://localhost:3000'] }), undefined);
    assert.equal(refusedHostLiteral('10.0.0.1', 'http://10.0.0.1', { allowPrivate: true, allowOrigins: [] }), undefined);
  });

  it('an origin is scheme, host and port; anything else given as one is refused with what was expected', () => {
    assert.equal(normalizeOrigin('http://127.0.0.1:5173/path?q'), 'http://127.0.0.1:5173');
    assert.equal(normalizeOrigin('HTTPS://Example.COM:443'), 'https://example.com');
    assert.throws(() => normalizeOrigin('example.com'), /expected an origin such as https:\/\/example.com/);
    assert.throws(() => normalizeOrigin('file:///tmp'), /expected an http\(s\) or ws\(s\) origin, received "file:\/\/\/tmp"/);
    assert.throws(() => parseAllowedOrigins(['https://ok.example', 'nope']), /allowedOrigins\.1: expected an origin/);
  });

  it('the agent stays on the origins the person named: the start page and URLs in the instruction, never text elsewhere', () => {
    assert.deepEqual(defaultOrigins('https://shop.example/cart', 'compare with https://other.example/list and (http://third.example)', undefined), ['https://shop.example', 'https://other.example', 'http://third.example']);
    assert.deepEqual(defaultOrigins('about:blank', 'go to file:///etc/passwd'), []);
    const allowed = ['https://shop.example'];
    assert.equal(isAllowedUrl('https://shop.example/checkout', allowed), true);
    assert.equal(isAllowedUrl('https://shop.example.evil.test/', allowed), false);
    assert.equal(isAllowedUrl('http://shop.example/', allowed), false, 'another scheme is another origin');
    assert.equal(isAllowedUrl('about:blank', allowed), true);
    assert.equal(isAllowedUrl('not a url', allowed), false);
  });
});
