// README.md and docs/ cite each other, the result folders and the code: every relative link and
// image must resolve to a file, and every #anchor to a heading of its page (GitHub's slugs).
import GithubSlugger from 'github-slugger';
import { lexer, walkTokens, type Token, type Tokens } from 'marked';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README_MAX_LINES = 300;

const markdownFiles = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];

/** A heading's text as GitHub renders it (formatting dropped), for its slug. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((t) => ('tokens' in t && t.tokens ? plainText(t.tokens) : 'text' in t ? (t as Tokens.Text).text : ''))
    .join('');
}

function parse(file: string): { anchors: Set<string>; targets: string[] } {
  const tokens = lexer(readFileSync(file, 'utf8'));
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const targets: string[] = [];
  walkTokens(tokens, (t) => {
    if (t.type === 'heading') anchors.add(slugger.slug(plainText((t as Tokens.Heading).tokens)));
    if (t.type === 'link' || t.type === 'image') targets.push((t as Tokens.Link | Tokens.Image).href);
  });
  return { anchors, targets };
}

const pages = new Map(markdownFiles.map((f) => [f, parse(f)]));

/** What is wrong with one link of `file`, or null if it resolves. */
function brokenLink(file: string, href: string): string | null {
  if (/^[a-z][a-z+.-]*:/i.test(href)) return null; // http:, https:, mailto: are not checked here
  const [path = '', anchor] = href.split('#', 2);
  const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  if (!existsSync(target)) return `${href}: no file ${relative(ROOT, target)}`;
  if (anchor === undefined) return null;
  if (statSync(target).isDirectory() || !target.endsWith('.md')) return `${href}: an anchor into a file that is not markdown`;
  const anchors = pages.get(target)?.anchors ?? parse(target).anchors;
  return anchors.has(anchor) ? null : `${href}: no heading #${anchor} in ${relative(ROOT, target)}`;
}

describe('README.md and docs/', () => {
  it('finds the pages and their links', () => {
    expect(markdownFiles.length).toBeGreaterThan(1);
    expect(pages.get(join(ROOT, 'README.md'))!.targets.length).toBeGreaterThan(5);
  });

  it.each(markdownFiles.map((f) => [relative(ROOT, f), f]))('every relative link and image of %s resolves', (_name, file) => {
    const broken = pages.get(file)!.targets.map((href) => brokenLink(file, href)).filter((b) => b !== null);
    expect(broken).toEqual([]);
  });

  it(`README.md is at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe('the link check itself', () => {
  const docs = join(ROOT, 'docs', 'results.md');

  it('refuses a missing file, a missing heading and an anchor into a folder', () => {
    expect(brokenLink(docs, 'no-such-page.md')).toMatch(/no file docs\/no-such-page\.md/);
    expect(brokenLink(docs, 'base-pair.md#no-such-heading')).toMatch(/no heading #no-such-heading/);
    expect(brokenLink(docs, '#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(docs, 'results/paper-code/#x')).toMatch(/not markdown/);
  });

  it('accepts files, folders, headings with punctuation and absolute URLs', () => {
    expect(brokenLink(docs, 'results/paper-code/pass-at-1.svg')).toBeNull();
    expect(brokenLink(docs, 'results/paper-code/')).toBeNull();
    expect(brokenLink(docs, 'base-pair.md#the-code-familys-size')).toBeNull();
    expect(brokenLink(docs, 'https://example.org/missing')).toBeNull();
  });
});
