import path from 'node:path';
export { serveFolder } from '../../src/cli/static-site';

/** The source tree's test/fixtures folder (tests run from out/, fixtures stay where they are written). */
export const FIXTURES_DIR = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
