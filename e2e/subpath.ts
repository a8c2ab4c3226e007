/** Where the built app's browser-test projects serve it from (see playwright.config.ts). */
export const SUBPATH_BASE = '/agon-sub/';
