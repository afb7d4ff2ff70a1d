/**
 * What a page served by the dev server (`npm start`) shows when its code did not load: on the
 * dev server the page arrives empty and renders on the client, so without this it stays blank.
 * Vite can answer a module with 504 "Outdated Optimize Dep" when it re-bundles the dependencies
 * while a page loads, and a reload gets the new bundle; any other reason (a module that does not
 * compile) is in the browser's message shown here and in Vite's own terminal. Plain DOM, since
 * React may be what did not come. The built site never reaches this: it arrives pre-rendered
 * and has its own notices.
 */
export function showDevLoadFailure(el: HTMLElement, what: string, error: unknown): void {
  const doc = el.ownerDocument;
  const box = doc.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'dev-load-failed';
  const said = doc.createElement('p');
  said.textContent = `The dev server did not send ${what}, so nothing could be shown. Most often Vite was re-bundling the dependencies as the page loaded, and a reload gets the new bundle; if it happens again, the terminal running npm start says why.`;
  const why = doc.createElement('p');
  why.textContent = `The browser said: ${error instanceof Error ? error.message : String(error)}`;
  const reload = doc.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload the page';
  reload.addEventListener('click', () => doc.defaultView?.location.reload());
  box.append(said, why, reload);
  el.replaceChildren(box);
}
