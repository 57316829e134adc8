/** Compiles `<root>/src` into `<root>/dist` with esbuild, file by file; dist/cli.js is written last. */
export function compileSources(root: string): Promise<void>;
