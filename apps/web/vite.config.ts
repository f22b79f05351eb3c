import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the best
 * levels; the server sends the one the browser accepts (@fastify/static's preCompressed) without compressing
 * anything per request. Fonts and pictures are compressed already and are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> =>
        (
          await Promise.all(
            (await readdir(dir, { withFileTypes: true })).map((entry) =>
              entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
            ),
          )
        ).flat();
      for (const file of await walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file) || (await stat(file)).size < 512)
          continue;
        const content = await readFile(file);
        await writeFile(
          `${file}.br`,
          await brotli(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
        await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's scroll area (inside every table container and dialog) imports a single hook from Floating UI, and
 * with it the whole of Floating UI's module as the menus and selects use it: its import is answered with an
 * equivalent hook of ours instead (src/lib/scroll-area-merge-refs.ts).
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const scrollArea = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  const hook = resolve(import.meta.dirname, 'src/lib/scroll-area-merge-refs.ts');
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '@floating-ui/react' && importer && scrollArea.test(importer) ? hook : null,
  };
}

export default defineConfig({
  plugins: [react(), scrollAreaWithoutFloatingUi(), precompress()],
  server: {
    // The API runs beside Vite in development; the built app is served by the API itself.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // By default the bundler makes a file of every set of modules that the same pages share: dozens of
        // small files for one page, each costing a request and about 1 KB of response headers (the security
        // headers of every answer). These groups make a few larger files instead.
        codeSplitting: {
          groups: [
            // Everything the first page needs, whichever it is, in one file.
            { name: 'app', tags: ['$initial'], priority: 4 },
            // The texts that every signed-in page shows (the bar's, the common ones and the errors'), one
            // file per language.
            { name: 'texts-en', test: /locales[\\/]en[\\/](common|nav|errors)\.json$/, priority: 3 },
            { name: 'texts-ar', test: /locales[\\/]ar[\\/](common|nav|errors)\.json$/, priority: 3 },
            // Zod and the contract's schemas that most forms call with; a page's own schemas (admin, payments,
            // OCR) stay with the page. A page that only shows answers (the invoice list) does not load it.
            {
              name: 'contract',
              test: /packages[\\/]contract[\\/]src[\\/](common|money|errors|error-response|route|roles|orgs|members|invoices|index)\.ts$|node_modules[\\/]zod[\\/]/,
              priority: 1,
            },
            // TanStack Query's calls, the contract's invoice statuses (plain data) and the parts of Mantine that
            // most pages show besides the shell's: lists, tables, fields, titles.
            {
              name: 'ui',
              test: /node_modules[\\/]@tanstack[\\/]|packages[\\/]contract[\\/]src[\\/]invoice-values\.ts$|node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/](core[\\/]|components[\\/](Title|Badge|SimpleGrid|VisuallyHidden|Table|ActionIcon|Input|InputBase|TextInput|Pagination|SegmentedControl|List|ThemeIcon|FloatingIndicator)[\\/]))/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
