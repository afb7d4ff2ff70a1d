import s from './error-boundary.module.css';

/** A button of a plain-DOM notice: its label and what it does. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

/**
 * {@link FailureNotice}'s box in plain DOM, with its class names and role: for code that runs
 * when React is what did not arrive (the islands' hydration, a dev page's first render). Its
 * lines are the failure in plain words; its buttons the ways out.
 */
export function failureNoticeElement(
  doc: Document,
  lines: readonly string[],
  actions: readonly NoticeAction[],
  testId = 'part-failed',
): HTMLElement {
  const box = doc.createElement('div');
  box.className = s.failure ?? '';
  box.setAttribute('role', 'alert');
  box.dataset.testid = testId;
  for (const line of lines) {
    const p = doc.createElement('p');
    p.textContent = line;
    box.append(p);
  }
  for (const { label, run } of actions) {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = s.action ?? '';
    b.textContent = label;
    b.addEventListener('click', run);
    box.append(b);
  }
  return box;
}
