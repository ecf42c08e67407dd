import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DocFacts, checkCitations, checkText, numbersOf, slug } from '../../scripts/citations.ts';

const facts: DocFacts = {
  anchors: new Map([
    ['docs/decisions.md', new Set(['d1', 'd2', 'passkeys'])],
    ['docs/product.md', new Set(['7-the-api-contract'])],
  ]),
  sections: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  decisions: new Set([1, 2, 3, 16, 22]),
  topics: [['passkeys'], ['the', 'visit', 'day', 'the', 'queue', 'its', 'estimate']],
  docTopics: new Map([
    [
      'docs/security.md',
      [
        ['login', 'throttling'],
        ['threat', 'model'],
      ],
    ],
  ]),
};
const problems = (file: string, text: string) => checkText(file, text, facts).map((p) => `${p.line}: ${p.problem}`);

test('every citation in the comments and documents of the repository finds its section, decision, topic or anchor', () => {
  assert.equal(checkCitations(), []);
});

test('sections of docs/product.md and decisions of docs/decisions.md that exist pass, in lists and ranges too', () => {
  const code = [
    '// The rule of docs/product.md §5 and the contract (docs/product.md §2, §4 and §7).',
    '/** Both sides (docs/decisions.md D1–D3, D16; docs/decisions.md D22). */',
    'export const x = 1; // docs/decisions.md: Passkeys',
  ].join('\n');
  assert.equal(problems('src/x.ts', code), []);
});

test('a section docs/product.md lacks, or a decision beyond D22, is named with its line', () => {
  const code = ['const a = 1;', '// As docs/product.md §12 says (docs/decisions.md D23).'].join('\n');
  assert.equal(problems('src/x.ts', code), ['2: §12 is not a section of docs/product.md', '2: D23 is not in docs/decisions.md']);
});

test("the specification's section numbers, the shared decisions' and the house style's numbers are refused: none is in the repository", () => {
  const code = ['// the keys (spec section 3), the envelope (decisions 17)', "// the spec's local storage keys (section 3), React (house style 10)"].join('\n');
  const found = problems('server/x.ts', code);
  assert.is(found.length, 4, found.join('\n'));
  assert.ok(found.every((p) => p.startsWith('1: ')));
});

test('a topic cited by words no heading or entry holds is named; one whose words a heading holds passes', () => {
  assert.equal(problems('src/x.ts', "// (decisions: the queue's estimate)"), []);
  assert.equal(problems('src/x.ts', '// (decisions: the waiting room)'), ["1: 'the waiting room' names no heading or entry of docs/decisions.md"]);
});

test('a citation may run over two comment lines', () => {
  assert.equal(problems('src/x.ts', '// the estimate (decisions: the visit\n// day) and (docs/product.md\n// §11)'), [
    '1: §11 is not a section of docs/product.md',
  ]);
});

test('strings and JSX text are not comments: only what a comment says is checked', () => {
  const code = "const s = 'spec section 3 and docs/product.md §40';\nexport const P = () => <p>decisions 16 // docs/decisions.md D99</p>;\n";
  assert.equal(problems('src/x.tsx', code), []);
});

test('SQL comments are read, and Markdown whole', () => {
  assert.equal(problems('server/db/migrations/001-x.sql', "-- as docs/product.md §14 says\nSELECT '-- §15';"), ['1: §14 is not a section of docs/product.md']);
  assert.equal(problems('docs/x.md', '# X\n\nSee docs/decisions.md D2 and\nproduct.md §30.'), ['1: §30 is not a section of docs/product.md']);
});

test('a link to an anchor a document lacks is named; anchors of headings and explicit ids pass', () => {
  const md = '# X\n\n[D1](decisions.md#d1), [the contract](product.md#7-the-api-contract), [gone](decisions.md#d40), [here](#x)';
  assert.equal(problems('docs/x.md', md), ['1: docs/decisions.md#d40: no such anchor']);
});

test("GitHub's anchors: lower case, punctuation dropped, spaces as hyphens", () => {
  assert.is(slug("Lighthouse's browser: a fixed version"), 'lighthouses-browser-a-fixed-version');
  assert.is(slug('7. The API contract'), '7-the-api-contract');
});

test("another document's heading cited by its words passes; one it lacks, or a document the repository lacks, is named", () => {
  assert.equal(problems('src/x.ts', '// Counted per minute (docs/security.md, Login throttling).'), []);
  assert.equal(problems('src/x.ts', '// Escalation stops here (docs/security.md, ASVS 6.3).'), ["1: 'ASVS 6.3' names no heading of docs/security.md"]);
  assert.equal(problems('src/x.ts', '// See docs/ops.md, Backups.'), ['1: docs/ops.md is not a document of the repository']);
});

test('numbers of lists and ranges', () => {
  assert.equal(numbersOf('§2, §4 and §5'), [2, 4, 5]);
  assert.equal(numbersOf('D1–D3, D16'), [1, 2, 3, 16]);
});

test.run();
