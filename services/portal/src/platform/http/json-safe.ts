import { StreamableFile } from '@nestjs/common';

/**
 * Makes a handler's answer safe for `JSON.stringify`: every bigint becomes its decimal string.
 * Values without a bigint are returned as they are (same object).
 */
export function toJsonSafe(value: unknown): unknown {
  return containsBigInt(value, 0) ? convert(value, 0) : value;
}

const MAX_DEPTH = 64;

function isTraversable(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof StreamableFile || Buffer.isBuffer(value) || value instanceof Date) return false;
  // Objects that say how they serialize (Decimal, Date...) are left to JSON.stringify.
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function containsBigInt(value: unknown, depth: number): boolean {
  if (typeof value === 'bigint') return true;
  if (depth > MAX_DEPTH || !isTraversable(value)) return false;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => containsBigInt(child, depth + 1));
}

function convert(value: unknown, depth: number): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (depth > MAX_DEPTH || !isTraversable(value)) return value;
  if (Array.isArray(value)) return value.map((item) => convert(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, convert(child, depth + 1)]));
}
