import { screen } from '@testing-library/react';

/**
 * The console log's rendered text, a line a row, as a learner reads it (a wide character's box
 * is part of its row's text), and after a row the words of each button it holds (a cut reply's
 * Copy all), in the order they show.
 */
export function logLines(name = 'Console output'): string[] {
  const log = screen.getByRole('log', { name });
  return [...log.querySelectorAll('[data-kind]')].flatMap((row) => {
    const buttons = [...row.querySelectorAll('button')];
    let own = '';
    const walk = (node: Node) => {
      if (node instanceof Element && node.tagName === 'BUTTON') return;
      if (node.nodeType === Node.TEXT_NODE) own += node.textContent ?? '';
      node.childNodes.forEach(walk);
    };
    row.childNodes.forEach(walk);
    return [own, ...buttons.map((b) => b.textContent ?? '')].filter((t) => t !== '');
  });
}
