declare module 'virtual:listings' {
  import type { ListingData } from './listing-types.ts';
  export const listings: Record<string, ListingData>;
}

declare module 'virtual:listings.css';

declare module '*.mdx' {
  import type { ComponentType, ReactNode } from 'react';
  type MdxComponents = Record<string, ComponentType<never> | string>;
  const MDXContent: ComponentType<{ components?: MdxComponents; children?: ReactNode }>;
  export default MDXContent;
  export const meta: unknown;
}
