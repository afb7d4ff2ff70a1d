/** The files of `root`'s src/ and packages/ that a first-load rule starts from (its `from`). */
export function firstLoadEntries(root: string): string[];
