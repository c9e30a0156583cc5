import manifest from '../../package.json' with { type: 'json' };

/** The product's version (package.json), which the server reports to the desktop app's About and diagnostics. */
export const SERVER_VERSION: string = manifest.version;
