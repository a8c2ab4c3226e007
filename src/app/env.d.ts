/** Set by vite.config.ts from package.json, so results record which app made them. */
declare const __APP_VERSION__: string;
