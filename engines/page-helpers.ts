/**
 * Finding and working the playground's controls from inside the page, as page source text
 * (see driver.ts). Controls are found as a person finds them: by test id, by label text, by
 * a button's text. Values are set through the elements' own property setters and announced
 * with the events React listens to, which is what typing or picking does.
 */
import type { PageDriver } from './driver';

const HELPERS = String.raw`
(() => {
  const byTestId = (id) => document.querySelector('[data-testid="' + id + '"]');
  const byLabel = (text, within = document) => {
    const label = [...within.querySelectorAll('label')].find((l) => l.textContent.trim() === text);
    return label?.control ?? within.querySelector('[aria-label="' + text + '"]');
  };
  const inside = (id) => {
    const el = byTestId(id);
    if (!el) throw new Error('no element with test id ' + id);
    return el;
  };
  const setValue = (el, value) => {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  window.__engines = {
    attr: (id, name) => byTestId(id)?.getAttribute(name) ?? null,
    text: (id) => byTestId(id)?.textContent ?? null,
    count: (id) => document.querySelectorAll('[data-testid="' + id + '"]').length,
    value: (label) => byLabel(label)?.value ?? null,
    set: (label, value) => {
      const el = byLabel(label);
      if (!el) throw new Error('no field labelled ' + label);
      setValue(el, value);
    },
    // The same, for a field among several of one name (a variant's fields): within a test id's element.
    valueIn: (id, label) => byLabel(label, inside(id))?.value ?? null,
    setIn: (id, label, value) => {
      const el = byLabel(label, inside(id));
      if (!el) throw new Error('no field labelled ' + label + ' in ' + id);
      setValue(el, value);
    },
    // A table's rows as shown: each row's name (data-method) and its first number cell.
    rows: (id) => [...inside(id).querySelectorAll('tbody tr')].map((tr) => [tr.dataset.method ?? '', tr.querySelector('td.num')?.textContent ?? '']),
    methods: (wanted) => {
      for (const box of document.querySelectorAll('[data-testid="method-picker"] input[name="method"]')) {
        if (box.checked !== wanted.includes(box.value)) box.click();
      }
    },
    check: (label) => {
      const el = byLabel(label);
      if (!el) throw new Error('no checkbox labelled ' + label);
      if (!el.checked) el.click();
    },
    click: (name) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name && !b.disabled);
      if (!button) throw new Error('no enabled button ' + name);
      button.click();
    },
    pwned: () => window.__pwned ?? null,
    injected: () => document.querySelectorAll('img[src="x"]').length,
  };
  return true;
})()`;

export type Helper = 'attr' | 'text' | 'count' | 'value' | 'set' | 'valueIn' | 'setIn' | 'rows' | 'methods' | 'check' | 'click' | 'pwned' | 'injected';

/** Calls one of the helpers above, installing them first on a page that lacks them (each load starts bare). */
export function helper<T>(page: PageDriver, name: Helper, ...args: unknown[]): Promise<T> {
  return page.call<T>(`(name, args) => { if (!window.__engines) ${HELPERS}; return window.__engines[name](...args); }`, name, args);
}

/** Polls `read` until `ok` holds, or fails after `timeoutMs` (a cap for a hang, sized for a busy machine) with the last value read. */
export async function waitFor<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let error: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (err) {
      // A page between two loads answers nothing: asked again.
      error = err;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}; last seen: ${JSON.stringify(last)}${error ? ` (${String(error)})` : ''}`);
}

/** Waits until the test id's attribute equals `want` (or matches it). */
export function waitForAttr(page: PageDriver, id: string, name: string, want: string | RegExp, timeoutMs?: number): Promise<string | null> {
  const ok = (v: string | null) => (typeof want === 'string' ? v === want : v !== null && want.test(v));
  return waitFor(`${id} ${name} = ${String(want)}`, () => helper<string | null>(page, 'attr', id, name), ok, timeoutMs);
}

/** Waits until the test id's text contains `want` (or matches it). */
export function waitForText(page: PageDriver, id: string, want: string | RegExp, timeoutMs?: number): Promise<string | null> {
  const ok = (v: string | null) => v !== null && (typeof want === 'string' ? v.includes(want) : want.test(v));
  return waitFor(`${id} text ${String(want)}`, () => helper<string | null>(page, 'text', id), ok, timeoutMs);
}
