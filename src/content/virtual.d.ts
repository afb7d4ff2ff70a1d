declare module 'virtual:listings' {
  import type { ListingData } from './listing-types.ts';
  export const listings: Record<string, ListingData>;
}

declare module 'virtual:listings.css';

declare module 'virtual:stepper-listings' {
  import type { Token } from './listing-types.ts';
  /** The token lines of each listing a stepper trace points into, by file name. */
  export const lines: Record<string, Token[][]>;
}

declare module '*.mdx' {
  import type { ComponentType, ReactNode } from 'react';
  type MdxComponents = Record<string, ComponentType<never> | string>;
  const MDXContent: ComponentType<{ components?: MdxComponents; children?: ReactNode }>;
  export default MDXContent;
  export const meta: unknown;
}

declare module 'virtual:bullmq-scripts' {
  /** BullMQ's lock-extension scripts, read from the installed package at build time. */
  export const bullmq: {
    version: string;
    license: string;
    scripts: Record<
      'extendLocks' | 'extendLock',
      { name: string; numberOfKeys: number; file: string; text: string; sha: string }
    >;
  };
}

declare module 'virtual:bullmq-runs' {
  import type { BullmqRunsJSON } from '../stepper/runs/bullmq-run-json.ts';
  /** The BullMQ part's runs, made on the simulated server when the site was built. */
  export const runs: BullmqRunsJSON;
}

declare module 'virtual:fate-answers' {
  import type { FateAnswersData } from '../fates/picker.ts';
  /** Every fate's answers, made on the simulated server when the site was built. */
  export const answers: FateAnswersData[];
}
