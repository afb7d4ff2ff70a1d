import { act, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Shows one of the stage's tabs, as a learner on a wide screen would: its button in the row
 * beside the regions (the stage renders a phone's row too; CSS shows one of them, and jsdom
 * loads no CSS, so the last button of that name is the wide row's).
 */
export async function showTab(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  root: HTMLElement = document.body,
): Promise<void> {
  await act(async () => {
    await user.click(tabButton(name, root));
  });
}

/** The wide row's button of a tab (see showTab). */
export function tabButton(name: string, root: HTMLElement = document.body): HTMLElement {
  const buttons = within(root).getAllByRole('button', { name });
  return buttons[buttons.length - 1]!;
}
