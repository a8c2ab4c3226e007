/** Set by vite.config.ts from package.json, so results record which app made them. */
declare const __APP_VERSION__: string;
/** The pinned @tensorflow/tfjs version (package.json), for results the page writes itself. */
declare const __TFJS_VERSION__: string;
