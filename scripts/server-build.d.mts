/** A hash of everything the build is made from: the sources, the server's package.json and the build script. */
export function sourceFingerprint(server?: string): string;
/** The built entry point when a build exists and was made from the current sources, else undefined. */
export function freshBuild(server?: string): string | undefined;
/** Bundles the CLI (and with it the server) into `<server>/dist/locator.mjs`; returns its path. */
export function buildServer(server?: string): Promise<string>;
