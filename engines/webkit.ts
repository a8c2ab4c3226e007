/**
 * Debian's WebKitGTK MiniBrowser through its WebKitWebDriver and npm selenium-webdriver. The
 * MiniBrowser has no headless mode, so it draws on an Xvfb display: the one in $DISPLAY, else
 * one started here. Each fresh page is a new WebDriver session: its own browser and storage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Builder, By, Capabilities, type WebDriver } from 'selenium-webdriver';
import type { BrowserDriver, PageDriver } from './driver';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DRIVER_PORT = Number(process.env.WEBKIT_DRIVER_PORT || 4444);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Longer than any wait the page itself is given (scripts 120 s, loads 60 s), short of the test's own cap. */
const COMMAND_CAP_MS = 240_000;
/** A new session answers in 2-20 s, 60 s on a busy machine; one that has not by this never will. */
const SESSION_CAP_MS = 120_000;

/**
 * A WebDriver command that fails after `capMs`: when MiniBrowser dies, WebKitWebDriver never
 * answers, and without a cap the whole suite would wait on that one request.
 */
function capped<T>(what: string, command: Promise<T>, capMs = COMMAND_CAP_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WebKitWebDriver did not answer ${what} within ${capMs / 1000} s: the browser may have died`)), capMs);
  });
  return Promise.race([command, cap]).finally(() => clearTimeout(timer));
}

/** Starts `command` and resolves once `ready` holds, or rejects when it exits first or 10 s pass. */
async function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>): Promise<ChildProcess> {
  const child = spawn(command, args, { env, stdio: 'ignore' });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let i = 0; i < 100 && !exited; i++) {
    if (await ready()) return child;
    await sleep(100);
  }
  child.kill();
  throw new Error(`${command} did not start`);
}

/** An X display: $DISPLAY, else a fresh Xvfb on the first free number from 99. */
async function display(): Promise<{ name: string; process?: ChildProcess }> {
  if (process.env.DISPLAY) return { name: process.env.DISPLAY };
  let n = 99;
  while (existsSync(`/tmp/.X11-unix/X${n}`)) n++;
  const name = `:${n}`;
  const xvfb = await startProcess('Xvfb', [name, '-screen', '0', '1440x900x24', '-nolisten', 'tcp'], process.env, async () => existsSync(`/tmp/.X11-unix/X${n}`));
  return { name, process: xvfb };
}

async function driverUp(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${DRIVER_PORT}/status`)).ok;
  } catch {
    return false;
  }
}

function pageDriver(driver: WebDriver): PageDriver {
  return {
    goto: (url) => capped(`a page load of ${url}`, driver.get(url)),
    call: async <T>(source: string, ...args: unknown[]) => {
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${source})(...arguments[0])).then((value) => done({ value }), (e) => done({ error: String(e) }));`;
      const out = (await capped('a script', driver.executeAsyncScript(script, args))) as { value?: T; error?: string };
      if (out.error !== undefined) throw new Error(out.error);
      return out.value as T;
    },
    upload: async (selector, path) => {
      await capped('an upload', driver.findElement(By.css(selector)).sendKeys(path));
    },
    // WebKitWebDriver offers no console log.
    console: () => [],
    close: () => capped('closing the page', driver.quit()),
  };
}

/** Starts WebKitWebDriver on DRIVER_PORT once the previous one (if any) has exited and freed it. */
async function startDriver(env: NodeJS.ProcessEnv, previous?: ChildProcess): Promise<ChildProcess> {
  if (previous && previous.exitCode === null && previous.signalCode === null) {
    const exited = new Promise((resolve) => previous.once('exit', resolve));
    previous.kill('SIGKILL');
    await exited;
  }
  return startProcess(WEBKIT_DRIVER, [`--port=${DRIVER_PORT}`], env, driverUp);
}

export async function launchWebKit(): Promise<BrowserDriver> {
  const x = await display();
  const env = { ...process.env, DISPLAY: x.name };
  let webDriver = await startDriver(env);
  const capabilities = new Capabilities({
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
  });
  const session = () => capped('a new session', Promise.resolve(new Builder().usingServer(`http://127.0.0.1:${DRIVER_PORT}`).withCapabilities(capabilities).build()), SESSION_CAP_MS);
  return {
    engine: 'webkit',
    newPage: async () => {
      // A session start that never answers (seen once, on a loaded machine) leaves WebKitWebDriver
      // stuck; a fresh one starts sessions again.
      const driver = await session().catch(async (e: Error) => {
        console.warn(`${e.message}; starting WebKitWebDriver again`);
        webDriver = await startDriver(env, webDriver);
        return session();
      });
      await capped('setting time limits', driver.manage().setTimeouts({ script: 120_000, pageLoad: 60_000 }));
      return pageDriver(driver);
    },
    close: async () => {
      webDriver.kill();
      x.process?.kill();
    },
  };
}
