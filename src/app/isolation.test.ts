import { describe, expect, it, vi } from 'vitest';
import { isolateThroughServiceWorker, ISOLATION_SW, RELOADED_KEY, type IsolationEnv } from './isolation';

const BASE = 'https://user.github.io/agon/';

function fakeEnv(over: Partial<IsolationEnv> & { controllerUrl?: string } = {}) {
  const stored = new Map<string, string>();
  const registered: string[] = [];
  let reloads = 0;
  const { controllerUrl, ...rest } = over;
  const env: IsolationEnv = {
    crossOriginIsolated: false,
    isSecureContext: true,
    serviceWorker: {
      controller: controllerUrl ? ({ scriptURL: controllerUrl } as ServiceWorker) : null,
      register: async (url: string | URL) => {
        registered.push(String(url));
        return {} as ServiceWorkerRegistration;
      },
      ready: Promise.resolve({} as ServiceWorkerRegistration),
    },
    session: {
      getItem: (k) => stored.get(k) ?? null,
      setItem: (k, v) => void stored.set(k, v),
      removeItem: (k) => void stored.delete(k),
    },
    baseURI: `${BASE}?backends=wasm`,
    reload: () => void reloads++,
    ...rest,
  };
  return { env, stored, registered, reloads: () => reloads };
}

describe('isolateThroughServiceWorker', () => {
  it('does nothing where the page is isolated already, and forgets an earlier reload', async () => {
    const f = fakeEnv({ crossOriginIsolated: true });
    f.stored.set(RELOADED_KEY, '1');
    expect(await isolateThroughServiceWorker(f.env)).toBe('isolated');
    expect(f.registered).toEqual([]);
    expect(f.reloads()).toBe(0);
    expect(f.stored.has(RELOADED_KEY)).toBe(false);
  });

  it('registers the worker beside the page (sub-path) and reloads once', async () => {
    const f = fakeEnv();
    expect(await isolateThroughServiceWorker(f.env)).toBe('reloading');
    expect(f.registered).toEqual([`${BASE}${ISOLATION_SW}`]);
    expect(f.reloads()).toBe(1);
    // The reload did not make the page isolated: no second reload in this tab.
    expect(await isolateThroughServiceWorker(f.env)).toBe('gave-up');
    expect(f.reloads()).toBe(1);
  });

  it('does not reload a page the worker already served', async () => {
    const f = fakeEnv({ controllerUrl: `${BASE}${ISOLATION_SW}` });
    expect(await isolateThroughServiceWorker(f.env)).toBe('controlled');
    expect(f.reloads()).toBe(0);
  });

  it('gives up quietly without service workers, a secure context or sessionStorage', async () => {
    for (const over of [{ serviceWorker: undefined }, { isSecureContext: false }, { session: undefined }, { crossOriginIsolated: undefined }]) {
      const f = fakeEnv(over);
      expect(await isolateThroughServiceWorker(f.env)).toBe('unsupported');
      expect(f.reloads()).toBe(0);
    }
  });

  it('reports a failed registration without reloading', async () => {
    const f = fakeEnv();
    f.env.serviceWorker = { ...f.env.serviceWorker!, register: () => Promise.reject(new Error('blocked')) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await isolateThroughServiceWorker(f.env)).toBe('failed');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(f.reloads()).toBe(0);
  });
});
