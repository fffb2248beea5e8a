import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { createSession } from '../../src/core/engine-session';
import { findBrowser } from '../../src/core/browser/find-browser';

/** A browser that cannot start says why in its own words, and a window with no display to show it is refused first. */
describe('starting a browser that cannot start', function () {
  this.timeout(30_000);

  it('a headed browser where there is no display: says so and how to run headless, before trying', async () => {
    const saved = { DISPLAY: process.env.DISPLAY, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY };
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    try {
      const started = Date.now();
      await assert.rejects(createSession({ browser: { headless: false }, env: {} }), (error: Error) => {
        assert.equal(error.name, 'NoDisplayError');
        assert.match(error.message, /no display to show a browser window on \(neither \$DISPLAY nor \$WAYLAND_DISPLAY is set/);
        assert.match(error.message, /Run the browser headless \(rehearse\.browser\.headless/);
        return true;
      });
      assert.ok(Date.now() - started < 5_000, 'refused before launching');
    } finally {
      for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
    }
  });

  it('a browser that exits at start: the error carries what it wrote to stderr', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'rh-browser-'));
    const fake = path.join(folder, 'chromium');
    // What a browser missing a library prints before it exits.
    await writeFile(fake, '#!/bin/sh\necho "error while loading shared libraries: libnss3.so: cannot open shared object file" >&2\nexit 127\n');
    await chmod(fake, 0o755);
    try {
      await assert.rejects(createSession({ browser: { executablePath: fake }, env: {} }), (error: Error) => {
        assert.equal(error.name, 'BrowserNotFoundError');
        assert.match(error.message, new RegExp(`^Could not start ${fake.replace(/[/.]/g, '\\$&')}: error while loading shared libraries: libnss3\\.so: cannot open shared object file`));
        return true;
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

/** Headless sessions use Chromium's headless shell where it is installed (CI installs Debian's), as Playwright does. */
describe('which browser a session starts', function () {
  this.timeout(30_000);
  it('a headless session runs in the headless shell; a headed one, or a browser named, is the one started', async function () {
    if (!existsSync('/usr/lib/chromium/chromium-headless-shell') || process.env.REHEARSE_CHROMIUM) this.skip();
    const session = await createSession({ browser: { headless: true }, env: {} });
    try {
      assert.match(session.browserOrigin, /^system \S+chromium-headless-shell$/);
    } finally {
      await session.end();
    }
    assert.equal(findBrowser({ headless: false, env: {} }).executablePath.includes('headless-shell'), false, 'a window needs the full browser');
    const full = findBrowser({ env: {} }).executablePath;
    assert.deepEqual(findBrowser({ headless: true, executablePath: full, env: {} }), { executablePath: full, source: 'explicit' });
  });
});
