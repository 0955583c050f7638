/**
 * The gateway's snake_case view of a capability schema: the same field rules under snake_case
 * keys (server/gateway/key-case.ts converts camelCase requests before validation).
 */
import { z } from "zod";
import { toSnake } from "./key-case";

type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? Head extends Lowercase<Head>
    ? `${Head}${Snake<Tail>}`
    : `_${Lowercase<Head>}${Snake<Tail>}`
  : S;

type SnakeShape<T extends z.ZodRawShape> = { [K in keyof T as K extends string ? Snake<K> : K]: T[K] };

export function snakeObject<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<SnakeShape<T>> {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [toSnake(key), field]));
  return z.object(shape) as unknown as z.ZodObject<SnakeShape<T>>;
}
