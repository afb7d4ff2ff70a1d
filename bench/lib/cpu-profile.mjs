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
