/** Number fields of the config schemas, with the messages the form shows next to a field. */
import { z } from 'zod';

export const int = (min: number, max: number) => z.number().int(`must be a whole number`).min(min).max(max);
export const num = (min: number, max: number) => z.number().min(min).max(max);
