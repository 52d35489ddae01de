const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses `90s`, `15m`, `1h`, `7d`, `250ms` or a bare number of seconds into milliseconds. */
export function parseDuration(text: string, name: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new Error(`${name}: cannot read "${text}" as a duration (examples: 30s, 15m, 1h, 7d)`);
  const unit = (match[2] ?? 's') as keyof typeof UNIT_MS;
  const ms = Number(match[1]) * UNIT_MS[unit];
  if (ms <= 0) throw new Error(`${name}: the duration must be positive`);
  return ms;
}
