/**
 * Cross-origin isolation where the host sends no COOP/COEP headers (GitHub Pages): the
 * service worker public/isolation-sw.js adds them to every response, and the page reloads
 * once to be loaded through it. Where the page is isolated already (the host sends the
 * headers, or the worker did its job) nothing happens. At most one reload per tab session
 * that did not end isolated, so a browser that ignores the worker never loops.
 */
export const ISOLATION_SW = 'isolation-sw.js';
/** sessionStorage key: set before the reload, cleared once a page is isolated. */
export const RELOADED_KEY = 'agon-isolation-reload';

export interface IsolationEnv {
  /** undefined in browsers that predate cross-origin isolation. */
  crossOriginIsolated: boolean | undefined;
  isSecureContext: boolean;
  serviceWorker: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'ready'> | undefined;
  /** undefined where storage is blocked: then no reload, as nothing could stop a second one. */
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** Where the page is: the worker is served beside index.html, also under a sub-path. */
  baseURI: string;
  reload(): void;
}

export type IsolationOutcome =
  | 'isolated'
  /** No crossOriginIsolated, no service workers, not a secure context, or no sessionStorage. */
  | 'unsupported'
  /** Loaded through this service worker and still not isolated: a reload would not help. */
  | 'controlled'
  | 'reloading'
  /** Reloaded once already in this tab and still not isolated. */
  | 'gave-up'
  | 'failed';

export async function isolateThroughServiceWorker(env: IsolationEnv): Promise<IsolationOutcome> {
  if (env.crossOriginIsolated === true) {
    env.session?.removeItem(RELOADED_KEY);
    return 'isolated';
  }
  const sw = env.serviceWorker;
  if (env.crossOriginIsolated === undefined || !env.isSecureContext || !sw || !env.session) return 'unsupported';
  const url = new URL(ISOLATION_SW, env.baseURI).href;
  if (sw.controller?.scriptURL === url) return 'controlled';
  try {
    await sw.register(url);
    await sw.ready;
  } catch (err) {
    console.warn('The cross-origin isolation service worker did not register:', err);
    return 'failed';
  }
  if (env.session.getItem(RELOADED_KEY) !== null) return 'gave-up';
  env.session.setItem(RELOADED_KEY, String(Date.now()));
  env.reload();
  return 'reloading';
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function browserIsolationEnv(): IsolationEnv {
  return {
    crossOriginIsolated: window.crossOriginIsolated as boolean | undefined,
    isSecureContext: window.isSecureContext,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    session: sessionStorageOrUndefined(),
    baseURI: document.baseURI,
    reload: () => window.location.reload(),
  };
}
