/** A CPU profile's nodes by id, and each node's own sampled time in µs. */
export function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) =>
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  return { byId, selfUs };
}

/** A call frame as `name file:line`. */
export const frameName = (cf) =>
  `${cf.functionName || '(anonymous)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`;

/**
 * Each function's time in ms with what it calls included, counted once however deep it recurses,
 * by `name file:line`; only functions of a script (with a URL).
 */
export function inclusiveTimes(profile) {
  const { byId, selfUs } = selfTimes(profile);
  const total = new Map();
  const walk = (node, open) => {
    const key = frameName(node.callFrame);
    let t = selfUs.get(node.id) ?? 0;
    const inner = new Set(open).add(key);
    for (const c of node.children ?? []) t += walk(byId.get(c), inner);
    if (node.callFrame.url && !open.has(key)) total.set(key, (total.get(key) ?? 0) + t / 1000);
    return t;
  };
  walk(profile.nodes[0], new Set());
  return total;
}
