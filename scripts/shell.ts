// The app shell: every module the entry imports statically (the router, the session, the
// prerendered login and registration screens, the libraries they use), read from the bundler's
// own module graph. The build puts them in one chunk: a first visit downloads two or three files
// instead of fifteen, and one larger file compresses better than many small ones.
import type { Plugin } from 'vite';

export interface Shell {
  plugin: Plugin;
  /** Whether a module id belongs to the shell; known once the modules are parsed. */
  has(id: string): boolean;
}

export function appShell(entry: string): Shell {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'app-shell',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const queue = [...this.getModuleIds()].filter((id) => id === entry);
      while (queue.length) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry stays its own tiny chunk: it starts the app in the browser, and the build-time
      // prerender, which loads the shell in Node, must not run it.
      modules.delete(entry);
    },
  };
  return { plugin, has: (id) => modules.has(id.split('?')[0]) };
}
