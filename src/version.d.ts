/** The package.json version, put in at build time by esbuild.js (`define`). */
declare const REHEARSE_VERSION: string;
