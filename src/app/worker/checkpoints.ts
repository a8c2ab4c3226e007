/**
 * Fetches a shipped base pair of a task family (the one its config's base_pair names), relative to the page (the URL comes
 * from the page, so a build served under a sub-path works), and checks each file
 * against the manifest's size and SHA-256 so a stale or truncated download is refused.
 */
import type { BasePairBytes } from '../../core/experiment/runner';
import { manifestKey, shippedPairOf } from '../../core/experiment/shipped-pair';

interface ManifestFile {
  file: string;
  bytes: number;
  sha256: string;
}

interface Manifest {
  pairs: Partial<Record<string, { id?: string; files: { a: ManifestFile; b: ManifestFile }; recipe?: { hardDifficulties?: number[] } }>>;
}

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function fetchChecked(baseUrl: string, entry: ManifestFile): Promise<Uint8Array> {
  const url = new URL(entry.file, baseUrl).href;
  const bytes = new Uint8Array(await (await fetchOk(url)).arrayBuffer());
  if (bytes.length !== entry.bytes) throw new Error(`${entry.file}: ${bytes.length} bytes, the manifest says ${entry.bytes}`);
  const hash = await sha256Hex(bytes);
  if (hash !== entry.sha256) throw new Error(`${entry.file}: SHA-256 does not match the manifest (stale or damaged download)`);
  return bytes;
}

/** The pair's bytes and files, and the hard split it was made for where its entry records one. */
export async function fetchBasePair(baseUrl: string, task: string, basePair: string): Promise<{ bytes: BasePairBytes; files: { a: string; b: string }; hardDifficulties?: number[] }> {
  let manifest: Manifest;
  try {
    manifest = (await (await fetchOk(new URL('manifest.json', baseUrl).href)).json()) as Manifest;
  } catch (e) {
    throw new Error(`no shipped checkpoints found (${e instanceof Error ? e.message : String(e)}); create them with "npm run pretrain -- --task ${task}"`, { cause: e });
  }
  const name = shippedPairOf(task, basePair, manifest.pairs);
  const key = manifestKey(task, name);
  const pair = manifest.pairs[key];
  if (!pair) throw new Error(`the checkpoint manifest has no base pair "${key}"; create it with "npm run pretrain -- --task ${task}${key === task ? '' : ` --pair ${key}`}"`);
  const [a, b] = await Promise.all([fetchChecked(baseUrl, pair.files.a), fetchChecked(baseUrl, pair.files.b)]);
  const hard = pair.recipe?.hardDifficulties;
  return { bytes: { a, b }, files: { a: pair.files.a.file, b: pair.files.b.file }, ...(hard ? { hardDifficulties: hard } : {}) };
}
