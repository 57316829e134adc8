/** Whether `<root>/dist` was built from `<root>/src` as it is now. */
export function compiledIsCurrent(root: string): boolean;

/** Compiles `<root>/src` into `<root>/dist` with esbuild, file by file; dist/cli.js is written last. */
export function compileSources(root: string): Promise<void>;

/** A module of the compiled gateway, `<root>/dist` compiled first if stale. */
export function importCompiled(root: string, file: string): Promise<Record<string, unknown>>;
