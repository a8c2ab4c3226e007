/**
 * The little the engine suites ask of a browser, so that one set of scenarios drives Firefox
 * (puppeteer-core over WebDriver BiDi) and WebKitGTK (selenium-webdriver over WebDriver).
 * Page code travels as source text, not as functions: the TypeScript loader may wrap a
 * function's text in helpers that do not exist in the page.
 */
export interface PageDriver {
  goto(url: string): Promise<void>;
  /** Calls the function `source` (e.g. "(a, b) => a + b") in the page with JSON `args`; awaits a promise it returns. */
  call<T>(source: string, ...args: unknown[]): Promise<T>;
  /** Gives the file input matched by `selector` the file at `path`. */
  upload(selector: string, path: string): Promise<void>;
  /** The page's and its workers' console lines so far, where the engine reports them. */
  console(): string[];
  close(): Promise<void>;
}

export interface BrowserDriver {
  /** "firefox", "webkit": for messages. */
  engine: string;
  /** A page in a fresh context: its own storage, as a new profile. */
  newPage(): Promise<PageDriver>;
  close(): Promise<void>;
}
