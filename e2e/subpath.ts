/** Where the `subpath` browser-test project builds the app and serves it (see playwright.config.ts). */
export const SUBPATH_DIST = '.test-output/subpath-dist';
export const SUBPATH_BASE = '/agon-sub/';
