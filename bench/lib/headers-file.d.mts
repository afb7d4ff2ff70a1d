export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}
export function parseHeadersFile(text: string): HeaderRule[];
export function headersFor(rules: HeaderRule[], path: string): Record<string, string>;
