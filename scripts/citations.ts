// Citations the repository makes of itself: a comment or a document that cites the product's
// sections (docs/product.md §N), a decision (docs/decisions.md D1–D22, or a topic by its words)
// or an anchor of a document must find it here. Comments are read from the parser (strings and
// JSX text are not comments); Markdown is read whole. test/unit/citations.test.ts runs it.
// Run: npx tsx scripts/citations.ts
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';

const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['common', 'src', 'server', 'scripts', 'test', 'deploy', 'docs', 'README.md', 'prerender.ts', 'vite.config.ts'];
const CODE = /\.(?:ts|tsx|js|cjs|mjs)$/;

export interface Problem {
  file: string;
  line: number;
  problem: string;
}

/** Every file whose comments (or, for Markdown, whose text) may cite. */
export function citingFiles(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') walk(join(path, name));
    } else if (CODE.test(path) || /\.(?:sql|md)$/.test(path)) out.push(relative(root, path));
  };
  for (const entry of SCANNED) {
    try {
      walk(join(root, entry));
    } catch {
      // an entry a checkout may lack
    }
  }
  return out.sort();
}

/**
 * The comment blocks of a file as [start, end) offsets: comments the parser finds in code, `--`
 * comments in SQL, the whole of Markdown. Comments separated by nothing but white space form
 * one block, so a citation may run from one comment line into the next.
 */
export function commentBlocks(file: string, text: string): Array<[number, number]> {
  if (file.endsWith('.md')) return [[0, text.length]];
  const ranges: Array<[number, number]> = [];
  if (file.endsWith('.sql')) {
    // Strings ('…', '' inside one), line comments and block comments, in the order they start.
    for (const m of text.matchAll(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g)) if (m[0][0] !== "'") ranges.push([m.index, m.index + m[0].length]);
  } else {
    for (const c of parseSync(file, text).comments) ranges.push([c.start, c.end]);
  }
  const blocks: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = blocks.at(-1);
    if (last && /^\s*$/.test(text.slice(last[1], r[0]))) last[1] = r[1];
    else blocks.push([r[0], r[1]]);
  }
  return blocks;
}

/** A block's text as one line: comment markers at the starts of lines and line breaks gone. */
const flatten = (block: string) => block.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|\*(?!\/)|--)?[ \t]*/g, ' ');

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

export interface DocFacts {
  /** Anchors of each document under docs/ (and README.md), by file name. */
  anchors: Map<string, Set<string>>;
  /** The numbered sections of docs/product.md. */
  sections: Set<number>;
  /** The D-numbers of docs/decisions.md. */
  decisions: Set<number>;
  /** The words of each heading and each bold lead in the decisions document, which a topic's citation must hold. */
  topics: string[][];
  /** The same of every other document under docs/, by file name: "docs/security.md, Passkeys". */
  docTopics: Map<string, string[][]>;
}

/** The words of a document's headings and bold leads. */
const topicsOf = (text: string) => [...text.matchAll(/^#{1,6} (.+)$|^- \*\*(.+?)\*\*/gm)].map((m) => words(m[1] ?? m[2]));

export function docFacts(root = ROOT): DocFacts {
  const anchors = new Map<string, Set<string>>();
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const docTopics = new Map<string, string[][]>();
  for (const file of [...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`), 'README.md'].filter((f) => f.endsWith('.md'))) {
    const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
    docTopics.set(file, topicsOf(text));
    const set = new Set<string>();
    for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) set.add(slug(m[1]));
    for (const m of text.matchAll(/<a id="([^"]+)"/g)) set.add(m[1]);
    anchors.set(file, set);
  }
  const product = read('docs/product.md');
  const decisions = read('docs/decisions.md');
  return {
    anchors,
    sections: new Set([...product.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]))),
    decisions: new Set([...decisions.matchAll(/^### D(\d+)\. /gm)].map((m) => Number(m[1]))),
    topics: [...decisions.matchAll(/^#{2,3} (.+)$|^- \*\*(.+?)\*\*/gm)].map((m) => words(m[1] ?? m[2])),
    docTopics,
  };
}

/** The numbers of a list such as "2, 4 and 5" or a range "1–3" (each number of the range). */
export function numbersOf(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(/,|\band\b|\bor\b/)) {
    const range = part.match(/(\d+)\s*[–-]\s*[A-Z§]?(\d+)/);
    if (range) for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(n);
    else for (const m of part.matchAll(/\d+/g)) out.push(Number(m[0]));
  }
  return out;
}

const LIST_SEP = String.raw`(?:\s*[–-]\s*|,\s*|\s+(?:and|or)\s+)`;
/** A cited list of sections: §2, §4 and §5; §1–§3. */
const SECTION_LIST = new RegExp(String.raw`§\d+(?!\d|\.\d)(?:${LIST_SEP}§\d+(?!\d|\.\d))*`, 'g');
/** docs/decisions.md D5, D7; D1–D3. */
const DECISION_LIST = new RegExp(String.raw`decisions\.md\s+(D\d+(?:${LIST_SEP}D\d+)*)\b`, 'g');
/** A topic of docs/decisions.md cited by its words: "(decisions: the visit day)", "docs/decisions.md, Passkeys". */
const TOPIC = /\b(?:decisions:|decisions\.md[:,]) +([^();]+?)(?=\)|;|\. |\.$|$)/g;
/** A heading of another document cited by its words: "docs/security.md, Passkeys" (the decisions and product documents have their own forms above). */
const DOC_TOPIC = /\bdocs\/((?!decisions\b|product\b)[\w-]+\.md)[,:] +([^();]+?)(?=\)|;|\. |\.$|$)/g;
/** The forms that cite documents the repository does not hold. */
const FOREIGN = [
  { re: /\bspec(?:ification)?(?:'s)?,? +sections? +\d/gi, say: 'cites the specification by section: cite docs/product.md §N' },
  { re: /(?<!docs\/|\.md )\b(?:shared +)?decisions? +\d/gi, say: 'cites a decision by its shared number: cite docs/decisions.md DN' },
  { re: /\bspec(?:ification)?\b[^.]{0,80}?\(sections? +\d+(?![.\d])/gi, say: 'cites the specification by section: cite docs/product.md §N' },
  { re: /\bhouse[- ]style +\d/gi, say: 'cites the house style by number: cite the docs/architecture.md section that says it' },
];
/** Links to a document's anchor: [x](decisions.md#d16), [x](#web), a bare decisions.md#d16. */
const LINK =
  /\]\((?:\.\.\/|\.\/|docs\/)?((?:[\w-]+\.md)?)#([^)\s]+)\)|\b(?:docs\/)?((?:product|decisions|performance|architecture|security|deployment|bpjs|fhir)\.md)#([\w-]+)/g;

/** What is wrong with the citations of one file's text. */
export function checkText(file: string, text: string, facts: DocFacts): Problem[] {
  const problems: Problem[] = [];
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  for (const [start, end] of commentBlocks(file, text)) {
    const block = text.slice(start, end);
    const flat = flatten(block);
    const at = lineAt(start);
    const say = (problem: string) => problems.push({ file, line: at, problem });
    for (const { re, say: why } of FOREIGN) for (const m of flat.matchAll(re)) say(`'${m[0]}' ${why}`);
    for (const m of flat.matchAll(SECTION_LIST)) {
      for (const n of numbersOf(m[0])) if (!facts.sections.has(n)) say(`§${n} is not a section of docs/product.md`);
    }
    for (const m of flat.matchAll(DECISION_LIST)) {
      for (const n of numbersOf(m[1])) if (!facts.decisions.has(n)) say(`D${n} is not in docs/decisions.md`);
    }
    for (const m of flat.matchAll(TOPIC)) {
      const phrase = m[1].trim();
      if (/\.md\b|^D\d/.test(phrase) || phrase.length > 100) continue;
      const cited = words(phrase);
      if (cited.length && !facts.topics.some((topic) => cited.every((w) => topic.includes(w)))) {
        say(`'${phrase}' names no heading or entry of docs/decisions.md`);
      }
    }
    for (const m of flat.matchAll(DOC_TOPIC)) {
      const phrase = m[2].trim();
      const topics = facts.docTopics.get(`docs/${m[1]}`);
      if (!topics) {
        say(`docs/${m[1]} is not a document of the repository`);
        continue;
      }
      if (/\.md\b/.test(phrase) || phrase.length > 100) continue;
      const cited = words(phrase);
      if (cited.length && !topics.some((topic) => cited.every((w) => topic.includes(w)))) say(`'${phrase}' names no heading of docs/${m[1]}`);
    }
    for (const m of flat.matchAll(LINK)) {
      const target = m[1] !== undefined ? (m[1] ? `docs/${m[1]}` : file) : `docs/${m[3]}`;
      const anchor = m[2] ?? m[4];
      const key = target === 'docs/README.md' ? 'README.md' : target;
      const anchors = facts.anchors.get(key);
      if (anchors && !anchors.has(decodeURIComponent(anchor))) say(`${key}#${anchor}: no such anchor`);
    }
  }
  return problems;
}

/** Every problem in the repository's citations. */
export function checkCitations(root = ROOT): Problem[] {
  const facts = docFacts(root);
  return citingFiles(root).flatMap((file) => checkText(file, readFileSync(join(root, file), 'utf8'), facts));
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const problems = checkCitations();
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.problem}`);
  console.log(`${problems.length} citation problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}
