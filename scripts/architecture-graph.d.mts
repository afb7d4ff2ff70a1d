/** The folders the main dependency config cruises (\`npm run deps\`, the diagram, their test). */
export const CRUISED: readonly string[];
/** The layers of src/ as the diagram names them, each with the paths it holds. */
export const LAYERS: readonly (readonly [name: string, holds: RegExp])[];
/** The Mermaid diagram of the layers and the imports between them. */
export function drawGraph(): string;
/** The diagram a docs/architecture.md text holds, or null without its markers. */
export function graphIn(doc: string): string | null;
/** The doc text with its diagram replaced by `graph`. */
export function withGraph(doc: string, graph: string): string;
