/** Checks a topic or pattern: a non-empty string of dot-separated, non-empty segments. */
export function assertTopic(topic: unknown, what = 'topic'): asserts topic is string {
  if (typeof topic !== 'string' || topic === '') throw new TypeError(`An event-bus ${what} must be a non-empty string`);
  if (topic.charCodeAt(0) === 46 || topic.charCodeAt(topic.length - 1) === 46 || topic.includes('..')) {
    throw new TypeError(`Event-bus ${what} "${topic}" has an empty segment (leading, trailing or double dot)`);
  }
}

/** Whether a subscription key is a wildcard pattern (`*` one segment, `**` one or more). */
export function isPattern(key: string): boolean {
  return key.includes('*');
}

function matchFrom(pattern: string[], pi: number, topic: string[], ti: number): boolean {
  if (pi === pattern.length) return ti === topic.length;
  const segment = pattern[pi];
  if (segment === '**') {
    for (let next = ti + 1; next <= topic.length; next++) if (matchFrom(pattern, pi + 1, topic, next)) return true;
    return false;
  }
  if (ti === topic.length) return false;
  return (segment === '*' || segment === topic[ti]) && matchFrom(pattern, pi + 1, topic, ti + 1);
}

/** Whether split topic segments match split pattern segments (`*` one segment, `**` one or more). */
export function segmentsMatch(pattern: string[], topic: string[]): boolean {
  return matchFrom(pattern, 0, topic, 0);
}

/** Whether `topic` matches `pattern`: `user.*` matches `user.created`; `user.**` also matches `user.profile.updated`; `**` matches all. */
export function topicMatches(pattern: string, topic: string): boolean {
  if (pattern === topic) return true;
  if (!isPattern(pattern)) return false;
  return matchFrom(pattern.split('.'), 0, topic.split('.'), 0);
}
