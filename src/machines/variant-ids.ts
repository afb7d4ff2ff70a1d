/**
 * The counterfactual variants, by id: declared once, in a module with no imports, so the URL
 * codec (which the browser tests load outside Vite) can name them without the variants'
 * listing tokens.
 */
export const VARIANTS = ['real', 'no-membership-guard', 'clock-per-member'] as const;
export type Variant = (typeof VARIANTS)[number];
