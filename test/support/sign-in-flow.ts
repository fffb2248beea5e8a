import type { Flow } from '../../src/schema';

/** A short flow on test/fixtures/login.html that passes: fill, check, and an expectation of the value filled. */
export function signInFlow(origin: string): Flow {
  return {
    version: 1, name: 'Sign in form', startUrl: `${origin}/login.html`,
    steps: [
      { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['ada@example.com'] } },
      { action: { selector: 'css=#remember', description: 'Remember me', method: 'check', arguments: [] } },
      { expect: { selector: 'css=#email', value: 'ada@example.com' } },
    ],
  };
}
