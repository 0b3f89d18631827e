import type { Plugin } from 'vite';

/**
 * The modules the entry imports statically, transitively (the console's own start-up code: the API
 * client, the session machine, the routes table, the toasts), found once the module graph is known.
 * vite.config.ts puts them in the `core` chunk with React and XState, so the sign-in page and every
 * screen start from one file rather than twenty small ones, each a request of its own on a slow
 * phone and compressed apart (decision 034).
 */
export function bootChunk(): { plugin: Plugin; has: (id: string) => boolean } {
  const boot = new Set<string>();
  const plugin: Plugin = {
    name: 'boot-chunk',
    apply: 'build',
    buildEnd() {
      boot.clear();
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length > 0) {
        const id = queue.pop() as string;
        if (boot.has(id)) continue;
        boot.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) queue.push(imported);
      }
    },
  };
  return { plugin, has: (id) => boot.has(id) };
}
