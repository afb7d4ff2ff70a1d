import { describe, expect, it } from 'vitest';
import { withoutLaunchParams } from './launch-params.ts';

describe('withoutLaunchParams', () => {
  it('leaves a query without launch parameters exactly as it was', () => {
    expect(withoutLaunchParams('')).toBe('');
    expect(withoutLaunchParams('?fate=stale-token&x=a%20b')).toBe('?fate=stale-token&x=a%20b');
  });

  it('drops every cmi5 launch parameter and keeps the rest', () => {
    const launch = new URLSearchParams({
      endpoint: 'https://lrs.example/xapi/',
      fetch: 'https://lms.example/fetch?t=secret',
      actor: JSON.stringify({ objectType: 'Agent', account: { name: 'learner-7' } }),
      registration: '9a3e0c6e-6a4b-4b43-9f34-3a1a7c2f1b10',
      activityId: 'urn:x-batch-lease:extension/au',
      fate: 'gone-row',
    });
    expect(withoutLaunchParams(`?${launch}`)).toBe('?fate=gone-row');
    launch.delete('fate');
    expect(withoutLaunchParams(`?${launch}`)).toBe('');
  });
});
