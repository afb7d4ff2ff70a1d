// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isolate } from '@batch-lease/redis-sim/client';
import { IsolatedText } from './isolated-text.tsx';

afterEach(cleanup);

describe('IsolatedText', () => {
  it('shows each isolated part of a sentence as a <bdi>, and the sentence reads as written', () => {
    const { container } = render(
      <p>
        <IsolatedText text={`${isolate('שלום')} · token 1 → ${isolate('a\u202eb')} failed`} />
      </p>,
    );
    const bdis = [...container.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(bdis).toEqual(['שלום', 'a\\u202Eb']);
    expect(container.textContent).toBe('שלום · token 1 → a\\u202Eb failed');
    expect(container.textContent).not.toMatch(/[\u2068\u2069\u202e]/);
  });

  it('leaves a sentence without learner text alone', () => {
    const { container } = render(<IsolatedText text="nothing chosen here" />);
    expect(container.innerHTML).toBe('nothing chosen here');
  });
});
