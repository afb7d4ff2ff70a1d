import { describe, expect, test } from 'vitest';
import { ConsoleHistory, type HistoryStore } from './history.ts';

const memoryStore = (): HistoryStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
};

/** Walks ↑ from the line being written to the oldest, answering what each press shows. */
const walkBack = (h: ConsoleHistory) => {
  const seen: string[] = [];
  for (let line = h.back(''); line !== null; line = h.back('')) seen.push(line);
  return seen;
};

describe('the console history, shared by every tab', () => {
  test('two tabs add to one list; neither overwrites the other’s lines', () => {
    const store = memoryStore();
    const a = new ConsoleHistory(store);
    const b = new ConsoleHistory(store);
    a.push('SET a 1');
    b.push('SET b 1');
    a.push('GET a');
    expect(JSON.parse(store.map.get('emq-console-history')!)).toEqual([
      'SET a 1',
      'SET b 1',
      'GET a',
    ]);
    // ↑ in the other tab walks back through both tabs' lines
    expect(walkBack(b)).toEqual(['GET a', 'SET b 1', 'SET a 1']);
    // and a reload reads them all
    expect(new ConsoleHistory(store).all()).toEqual(['SET a 1', 'SET b 1', 'GET a']);
  });

  test('a password line never enters it, nor comes back from one an older page stored', () => {
    const store = memoryStore();
    store.setItem('emq-console-history', JSON.stringify(['GET x', 'AUTH reader secret']));
    const h = new ConsoleHistory(store);
    h.push('HELLO 3 AUTH reader secret');
    h.push('ACL SETUSER bob on >secret');
    h.push('PING');
    expect(h.all()).toEqual(['GET x', 'PING']);
    expect(store.map.get('emq-console-history')).not.toContain('secret');
  });

  test('a password line kept unsent is reached by ↑ from memory only, until it is sent', () => {
    const store = memoryStore();
    const h = new ConsoleHistory(store);
    h.push('GET x');
    h.keepUnsent('AUTH reader secret');
    h.push('PING');
    // the newest in the walk, after the stored lines, and never in storage nor in another tab
    expect(walkBack(h)).toEqual(['AUTH reader secret', 'PING', 'GET x']);
    expect(store.map.get('emq-console-history')).not.toContain('secret');
    expect(walkBack(new ConsoleHistory(store))).toEqual(['PING', 'GET x']);
    h.forward();
    h.push('AUTH reader secret');
    expect(walkBack(h)).toEqual(['PING', 'GET x']);
  });

  test('when storage refuses a write, this tab keeps its own lines', () => {
    const store = memoryStore();
    const h = new ConsoleHistory({
      getItem: store.getItem,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    h.push('SET a 1');
    h.push('GET a');
    expect(walkBack(h)).toEqual(['GET a', 'SET a 1']);
  });

  test('an unreadable stored list is an empty history, not a broken console', () => {
    const store = memoryStore();
    store.setItem('emq-console-history', '{not json');
    const h = new ConsoleHistory(store);
    expect(h.all()).toEqual([]);
    h.push('PING');
    expect(h.all()).toEqual(['PING']);
  });
});
