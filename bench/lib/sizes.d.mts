export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface Sizes {
  html: Size;
  jsBeforeInteractive: Size & { files: string[] };
  jsAll: Size & { files: number };
  css: Size & { files: string[]; inlineBytes: number };
  fonts: Size & { files: string[] };
  highlighter: Size & { files: string[] };
}
export function compressed(buf: Uint8Array): Size;
export function measureSizes(dist: string): Sizes;
export function hasHighlighterCode(text: string): boolean;
export const BUDGETS: {
  jsBeforeInteractiveGzip: number;
  cssGzip: number;
  htmlGzip: number;
  highlighterRaw: number;
};
