import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The build's files the portal sends compressed (services/portal/src/platform/http/serve-web.ts). */
export const PRECOMPRESSED = /^assets\/.+\.(?:js|mjs|css|svg|json)$/i;

/**
 * Writes `<file>.br` (brotli at its best quality) and `<file>.gz` beside each script, style, SVG
 * and JSON file under assets/, once per build. The portal sends those bytes as they are, so no
 * process compresses a file at run time (brotli at quality 11 takes seconds for the whole app,
 * in every process that serves it). docs/decisions/0295-compressed-assets-and-lcp-bench.md.
 */
export function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!PRECOMPRESSED.test(name)) continue;
        const file = join(outDir, name);
        const bytes = readFileSync(file);
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        writeFileSync(`${file}.br`, brotli);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
