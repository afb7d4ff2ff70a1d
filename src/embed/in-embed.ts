import { createContext, useContext } from 'react';

/**
 * True inside an embedded widget (an embed page or a custom element): parts that belong to the
 * lesson page only, such as the Embed buttons, leave themselves out there.
 */
export const InEmbed = createContext(false);

/** Whether the component renders inside an embedded widget. */
export const useInEmbed = (): boolean => useContext(InEmbed);
