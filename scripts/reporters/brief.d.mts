/** The first lines of an error's message that say something, each cut to 160 characters. */
export function errorLines(message: string): string[];
