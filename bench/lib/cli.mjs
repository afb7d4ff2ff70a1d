import { resolve } from 'node:path';

/** A bench script's command line: `--name=value` flags and one positional path. */
export function cliOf(argv = process.argv.slice(2)) {
  const raw = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const all = (name) =>
    argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
  return {
    /** the number after `--name=`, else `fallback` */
    number: (name, fallback) => (raw(name) === undefined ? fallback : Number(raw(name))),
    /** the text after `--name=`, else `fallback` */
    text: (name, fallback = '') => raw(name) ?? fallback,
    /** the text after every `--name=` given, in order */
    all,
    /** the built sites a paired script compares (`--variant=<dist>`, one or more), resolved */
    variants: () => {
      const dists = all('variant').map((v) => resolve(v));
      if (dists.length === 0) throw new Error('give at least one --variant=<dist>');
      return dists;
    },
    /** the first argument that is not a flag, else `fallback` */
    positional: (fallback) => argv.find((a) => !a.startsWith('--')) ?? fallback,
  };
}
