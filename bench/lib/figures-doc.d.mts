/** The figures block of docs/performance.md, as markdown, from a bench/results.json object. */
export function figuresMarkdown(r: unknown): string;
/** Rewrites a doc's figures block from `results`, formatted as the format check wants. */
export function updateFiguresDoc(path: string, results: unknown): Promise<void>;
