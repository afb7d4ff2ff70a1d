/**
 * What an island shows when even its boundary could not render: React has unmounted the root,
 * so the message is plain DOM, and the island is never left blank.
 */
export function showIslandFailure(el: HTMLElement, what: string): void {
  const p = el.ownerDocument.createElement('p');
  p.setAttribute('role', 'alert');
  p.dataset.testid = 'island-failed';
  p.textContent = `${what.charAt(0).toUpperCase()}${what.slice(1)} stopped working because of an error in the lesson's code. Reload the page to try again.`;
  el.replaceChildren(p);
}
