// Runs test files one after the other in this one process, each as the parent hands it out over
// IPC (scripts/test-all.ts, the server and end-to-end suites): so a worker launches one browser for
// all its files (browser.ts, TEST_ONE_BROWSER) and loads the code they share once, while the files
// are still dealt to whichever worker is free. A file is imported when it begins, with at least
// five minutes of the WIB day left (day.ts): what it reads of today at its top, and the demo it is
// seeded with, are of one day. Each file's output is captured and sent back with it, for the parent
// to print and count (uvu's summary: Total, Passed, Skipped).
//   parent → {file: absolute path} | {done: true};  runner → {ready: true} | {file, out}
import { pathToFileURL } from 'node:url';
import { closeSharedBrowser } from './browser.ts';
import { enoughOfTheDay } from './day.ts';

process.env.TEST_ONE_BROWSER = '1';
const g = globalThis as unknown as { UVU_DEFER: number; UVU_QUEUE: unknown[][]; UVU_INDEX: number };
g.UVU_DEFER = 1; // uvu then waits for exec() instead of running each file's suites on its own
const uvu = await import('uvu');

// uvu loses an error thrown by a before or after hook (its runner returns from a `finally`): the
// file reads "(0 / 1)" and nothing says why. Each file's hooks are registered through these, which
// print the error into the file's output before uvu swallows it.
for (const key of ['before', 'after'] as const) {
  const register = uvu.test[key];
  const reporting = ((fn: (state: object) => unknown) =>
    register(async (state) => {
      try {
        await fn(state);
      } catch (err) {
        console.error(`The file's ${key} hook failed:`, err);
        throw err;
      }
    })) as typeof register;
  reporting.each = register.each;
  uvu.test[key] = reporting;
}

async function runFile(file: string): Promise<string> {
  await enoughOfTheDay();
  let out = '';
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  const capture = (chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  try {
    g.UVU_QUEUE = [[file.replace(/^.*\//, '')]];
    g.UVU_INDEX = 0;
    await import(pathToFileURL(file).href);
    await uvu.exec();
  } catch (err) {
    out += `\n${(err as Error).stack ?? err}\n  Total:     1\n  Passed:    0\n`;
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
    process.exitCode = 0;
  }
  return out;
}

process.on('message', async (msg: { file?: string; done?: boolean }) => {
  if (msg.file) {
    process.send?.({ file: msg.file, out: await runFile(msg.file) });
  } else if (msg.done) {
    await closeSharedBrowser().catch(() => undefined);
    process.exit(0);
  }
});
process.send?.({ ready: true });
