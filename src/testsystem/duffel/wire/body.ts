// Request bodies are Duffel's envelope `{ "data": { ... } }`; handlers read fields from `data` with
// these checks, which name the field Duffel's way (source.field / source.pointer) when it is wrong.

import type { FastifyRequest } from 'fastify';
import { invalid, required } from './duffel-errors.js';

export type Json = Record<string, unknown>;

export function dataOf(request: FastifyRequest): Json {
  const body = request.body as unknown;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) throw required('data');
  const data = (body as Json).data;
  if (data === undefined || data === null) throw required('data');
  if (typeof data !== 'object' || Array.isArray(data)) throw invalid('data', 'data must be an object');
  return data as Json;
}

export function str(obj: Json, field: string, path = field, opts: { optional?: boolean; max?: number } = {}): string {
  const value = obj[field];
  if (value === undefined || value === null) {
    if (opts.optional) return '';
    throw required(path);
  }
  if (typeof value !== 'string' || value.trim() === '') throw invalid(path, `${path} must be a non-empty string`);
  if (value.length > (opts.max ?? 200))
    throw invalid(path, `${path} must be at most ${opts.max ?? 200} characters`, 'validation_length');
  return value;
}

export function arr(
  obj: Json,
  field: string,
  path = field,
  opts: { optional?: boolean; min?: number; max?: number } = {},
): unknown[] {
  const value = obj[field];
  if (value === undefined || value === null) {
    if (opts.optional) return [];
    throw required(path);
  }
  if (!Array.isArray(value)) throw invalid(path, `${path} must be a list`);
  if (value.length < (opts.min ?? 0)) throw invalid(path, `${path} must have at least ${opts.min} item(s)`, 'validation_length');
  if (value.length > (opts.max ?? 100))
    throw invalid(path, `${path} must have at most ${opts.max ?? 100} items`, 'validation_length');
  return value;
}

export function obj(value: unknown, path: string): Json {
  if (value === undefined || value === null) throw required(path);
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(path, `${path} must be an object`);
  return value as Json;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
