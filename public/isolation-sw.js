// Service worker for static hosts that cannot set response headers (GitHub Pages): it adds
// the two headers that make the page cross-origin isolated, so tfjs-backend-wasm may use
// its multithreaded binary. Registered by src/app/isolation.ts only where the page is not
// isolated already; its scope is the folder it is served from (also under a sub-path).
// A page is isolated only when loaded through it, so the first visit reloads once.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Responses that may not carry a body.
const NULL_BODY = new Set([101, 204, 205, 304]);

function withIsolation(response) {
  // An opaque redirect (a navigation's 3xx) must go back to the browser as it is.
  if (response.type === 'opaqueredirect' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(NULL_BODY.has(response.status) ? null : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // The app loads nothing from other origins; leave such requests (and non-GETs) to the browser.
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // DevTools can send these; fetch() refuses them outside same-origin mode.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(fetch(request).then(withIsolation));
});
