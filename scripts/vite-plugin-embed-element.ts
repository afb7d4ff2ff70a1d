// After the client build, builds src/embed/element.tsx as one ES module, dist/embed/batch-lease.js,
// with the lesson's styles inlined for its shadow roots: hosts load it with a script tag, and
// its lazy chunks (the simulator) load from embed/chunks/ on the lesson's origin. The same bytes
// are written again under a name made from their hash (embed/batch-lease-<hash>.js), which a
// host can pin with `integrity`; embed/batch-lease.json holds that name and hash.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { ELEMENT_PIN_FILE, versionedName, type ElementPin } from '../src/embed/element-pin.ts';

/** The module's file name under dist/embed/, stable so hosts can link it. */
export const ELEMENT_FILE = 'batch-lease.js';
const PLACEHOLDER = "'__BATCH_LEASE_CSS__'";

/**
 * The lesson's CSS rewritten for a shadow root: what the page sets on `:root` (the colour
 * variables, `color-scheme`) goes on the element's `:host`, and `:root[data-theme=…]`
 * becomes `:host([data-theme=…])`, which the element's `theme` attribute sets.
 */
export function forShadowRoot(css: string): string {
  return css.replace(/:root(\[[^\]]*\])?/g, (_m, attr: string | undefined) =>
    attr ? `:host(${attr})` : ':host',
  );
}

export function embedElementPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'embed-element',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.build.lib) return;
      const outDir = join(resolve(config.root, config.build.outDir), 'embed');
      const before = new Set(await readdir(outDir, { recursive: true }));
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: 'element',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: false, copyPublicDir: false },
      });
      // recursive: the entry may re-export element.tsx from a chunk in chunks/
      const made = (await readdir(outDir, { recursive: true })).filter((f) => !before.has(f));
      const cssFiles = made.filter((f) => f.endsWith('.css'));
      let css = '';
      for (const f of cssFiles) {
        css += await readFile(join(outDir, f), 'utf8');
        await rm(join(outDir, f));
      }
      // the placeholder sits in whichever chunk holds element.tsx (the entry may re-export it)
      let replaced = 0;
      for (const f of made.filter((name) => name.endsWith('.js'))) {
        const path = join(outDir, f);
        const code = await readFile(path, 'utf8');
        const at = [PLACEHOLDER, PLACEHOLDER.replace(/'/g, '"')].find((p) => code.includes(p));
        if (!at) continue;
        await writeFile(
          path,
          code.replace(at, () => JSON.stringify(forShadowRoot(css))),
        );
        replaced++;
      }
      if (replaced !== 1 || css === '') {
        throw new Error(`${ELEMENT_FILE}: expected one stylesheet placeholder and some CSS`);
      }
      await writePin(outDir);
    },
  };
}

/**
 * Writes the module again under its versioned name, and the name with its SRI hash. The copy is
 * byte for byte, so both names load the same chunks (relative to the one folder) and the hash
 * holds for both.
 */
async function writePin(outDir: string): Promise<ElementPin> {
  const code = await readFile(join(outDir, ELEMENT_FILE));
  // one digest, written out twice: hex names the file, base64 is what `integrity` takes
  const digest = createHash('sha384').update(code).digest();
  const pin: ElementPin = {
    module: versionedName(digest.toString('hex')),
    integrity: `sha384-${digest.toString('base64')}`,
  };
  await writeFile(join(outDir, pin.module), code);
  await writeFile(join(outDir, ELEMENT_PIN_FILE), `${JSON.stringify(pin, null, 2)}\n`);
  return pin;
}
