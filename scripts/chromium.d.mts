export const CHROMIUM_PATH: string;
export const SUITE_CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
